import "server-only";
import { eq, sql } from "drizzle-orm";
import { env, schoolTimeZone } from "@/lib/env";
import { checkCodeKey, codeHash, sealPlaintextCodes } from "@/lib/auth/code-store";
import { withAdvisoryLock } from "./advisory-lock";
import { dbHandle, type Db, type Engine } from "./client";
import { DEMO_REFUSED_MESSAGE, demoSeedDecision } from "./demo-decision";
import { DEMO_ADMIN, demoCodes } from "./demo-school";
import { runMigrations } from "./migrate";
import { users } from "./schema";
import { hasAnyUser, seedDemoSchool } from "./seed";
import { storeCardsOfEarlierPublications } from "@/lib/gradebook/term-records";
import { convertStoredWhyLines } from "@/lib/gradebook/why-conversion";
import { convertRosterHistory } from "@/lib/roster/history-convert";

/** What the ready line says (readyMessage), once every start-up check has passed. */
export interface PreparedDatabase {
  engine: Engine;
  ms: number;
  demoLoaded: boolean;
}

/**
 * Runs once per server start: migrate, seal, check the code key, load the demo on an empty
 * database. Says nothing about being ready: the start-up check (lib/start-check.ts) does, last.
 */
export async function prepareDatabase(): Promise<PreparedDatabase> {
  const started = Date.now();
  const handle = dbHandle();
  // Several processes may start together (WEB_CONCURRENCY): one at a time migrates and decides
  // whether the database is empty, so the demo is never loaded twice.
  await withAdvisoryLock(handle.connectionString, "startup", async () => {
    await runMigrations(handle);
    // Once, after migration 0031: the published cards' English "why" lines become descriptors.
    const whyCards = await convertStoredWhyLines();
    if (whyCards) console.log(`Converted the "why this grade" lines of ${whyCards} published report-card lines.`);
    const cards = await storeCardsOfEarlierPublications(schoolTimeZone());
    if (cards) console.log(`Stored ${cards} report-card lines of terms published before this version.`);
    const history = await convertRosterHistory();
    if (history) console.log(`Converted the problems of ${history} roster import(s) recorded before this version.`);
    // Access codes at rest (decision 019): seal any plaintext code (a school upgrading, or a bulk
    // writer's leftovers), then make sure the key still opens what is sealed.
    const sealedNow = await sealPlaintextCodes(handle.db);
    if (sealedNow) {
      console.log(`Sealed ${sealedNow} access code(s) that were stored in plain text.`);
      // The owner's: VACUUM runs outside a transaction, CHECKPOINT needs more than the portal's role.
      await rewriteUsersTable(handle.ownerDb);
    }
    await checkCodeKey(handle.db);
    // The first school's name is SCHOOL_NAME, as it always was (decision 035); the schools added
    // since keep the names they were given.
    await handle.db.execute(
      sql`update schools set name = ${env().SCHOOL_NAME} where id = 1 and name <> ${env().SCHOOL_NAME}`,
    );
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
  const demo = await handle.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.codeHash, codeHash(DEMO_ADMIN.code)));
  return { engine: handle.engine, ms: Date.now() - started, demoLoaded: demo.length > 0 };
}

/** "Classroom Portal is ready at …", and the demo's public codes when the demo school is there. */
export function readyMessage(db: PreparedDatabase): string {
  const port = process.env.PORT || "3000";
  const lines = [
    "",
    `Classroom Portal is ready at http://localhost:${port}  (database: ${db.engine === "pglite" ? `embedded PGlite in ${env().DATA_DIR}` : "PostgreSQL"}, prepared in ${db.ms} ms)`,
  ];
  if (db.demoLoaded) {
    // These are the public demo codes listed in the README, never real users' codes.
    lines.push("Demo access codes:");
    for (const d of demoCodes()) lines.push(`  ${d.role.padEnd(22)} ${d.code.padEnd(16)} ${d.name}`);
  }
  return lines.join("\n") + "\n";
}

/**
 * After sealing plaintext codes, the old row versions still hold them in the table's free space
 * (and a PGlite backup archives the data folder as it is): VACUUM FULL writes the table afresh and
 * CHECKPOINT lets the write-ahead log move on. Best effort: a managed server may refuse CHECKPOINT.
 */
async function rewriteUsersTable(db: Db): Promise<void> {
  for (const statement of ["vacuum full users", "checkpoint"]) {
    try {
      await db.execute(sql.raw(statement));
    } catch (err) {
      console.warn(`${statement} after sealing access codes did not run: ${(err as Error).message}`);
    }
  }
}
