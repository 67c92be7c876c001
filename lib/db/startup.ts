import "server-only";
import cluster from "node:cluster";
import { eq } from "drizzle-orm";
import { env, schoolTimeZone } from "@/lib/env";
import { withAdvisoryLock } from "./advisory-lock";
import { dbHandle } from "./client";
import { DEMO_REFUSED_MESSAGE, demoSeedDecision } from "./demo-decision";
import { DEMO_ADMIN, demoCodes } from "./demo-school";
import { runMigrations } from "./migrate";
import { users } from "./schema";
import { hasAnyUser, seedDemoSchool } from "./seed";

/** Runs once per server start: migrate, load the demo on an empty database, print where to go. */
export async function prepareDatabase(): Promise<void> {
  const started = Date.now();
  const handle = dbHandle();
  // Several processes may start together (WEB_CONCURRENCY): one at a time migrates and decides
  // whether the database is empty, so the demo is never loaded twice.
  await withAdvisoryLock(handle.connectionString, "startup", async () => {
    await runMigrations(handle);
    const decision = demoSeedDecision({
      seedDemo: env().SEED_DEMO,
      nodeEnv: env().NODE_ENV,
      databaseEmpty: !(await hasAnyUser(handle.db)),
    });
    if (decision === "load") {
      await seedDemoSchool(handle.db, { timeZone: schoolTimeZone() });
      console.log("Loaded the demo school into the empty database.");
    } else if (decision === "refuse") {
      console.warn(DEMO_REFUSED_MESSAGE);
    }
  });
  // With several processes, the first one speaks for all.
  if (cluster.isWorker && cluster.worker?.id !== 1) return;
  const demo = await handle.db.select({ id: users.id }).from(users).where(eq(users.code, DEMO_ADMIN.code));
  const port = process.env.PORT || "3000";
  const lines = [
    "",
    `Classroom Portal is ready at http://localhost:${port}  (database: ${handle.engine === "pglite" ? `embedded PGlite in ${env().DATA_DIR}` : "PostgreSQL"}, prepared in ${Date.now() - started} ms)`,
  ];
  if (demo.length > 0) {
    // These are the public demo codes listed in the README, never real users' codes.
    lines.push("Demo access codes:");
    for (const d of demoCodes()) lines.push(`  ${d.role.padEnd(22)} ${d.code.padEnd(16)} ${d.name}`);
  }
  console.log(lines.join("\n") + "\n");
}

export async function prepareDatabaseOrExit(): Promise<void> {
  try {
    await prepareDatabase();
  } catch (err) {
    console.error(`\nThe portal could not start: ${(err as Error).message}\n`);
    process.exit(1);
  }
}
