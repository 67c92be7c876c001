import crypto from "node:crypto";
import { codeHash } from "@/lib/auth/code-store";
import { sql } from "drizzle-orm";
import { Client } from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { withAdvisoryLock } from "@/lib/db/advisory-lock";
import { openPostgres, type DbHandle } from "@/lib/db/client";
import { DEMO_ADMIN } from "@/lib/db/demo-school";
import { runMigrations } from "@/lib/db/migrate";
import { hasAnyUser, seedDemoSchool } from "@/lib/db/seed";

// Several processes starting at once on one PostgreSQL database (WEB_CONCURRENCY, or instances
// of a rolling deploy) must migrate and seed one after another. PGlite has one process per data
// folder (its lock file), so this is PostgreSQL-only and runs when DATABASE_URL is set.
const url = process.env.DATABASE_URL;
const created: string[] = [];

async function emptyDatabase(): Promise<string> {
  const name = `portal_lock_${crypto.randomBytes(4).toString("hex")}`;
  const admin = new Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  created.push(name);
  const target = new URL(url!);
  target.pathname = `/${name}`;
  return target.toString();
}

afterAll(async () => {
  if (!url) return;
  const admin = new Client({ connectionString: url });
  await admin.connect();
  for (const name of created) await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
});

describe.skipIf(!url)("starting several processes at once (PostgreSQL)", () => {
  it("lets one holder of a lock name run at a time", async () => {
    const events: string[] = [];
    const hold = (who: string) =>
      withAdvisoryLock(url, "test-lock", async () => {
        events.push(`${who} in`);
        await new Promise((r) => setTimeout(r, 150));
        events.push(`${who} out`);
      });
    await Promise.all([hold("a"), hold("b"), hold("c")]);
    for (let i = 0; i < events.length; i += 2) expect(events[i + 1]).toBe(events[i]!.replace(" in", " out"));
  });

  it("migrates a new database and loads the demo once, from three processes starting together", async () => {
    const target = await emptyDatabase();
    const handles: DbHandle[] = [openPostgres(target), openPostgres(target), openPostgres(target)];
    try {
      // What lib/db/startup.ts does in each process.
      const starts = handles.map((h) =>
        withAdvisoryLock(h.connectionString, "startup", async () => {
          await runMigrations(h);
          if (!(await hasAnyUser(h.db))) await seedDemoSchool(h.db, { timeZone: "UTC" });
        }),
      );
      await expect(Promise.all(starts)).resolves.toBeDefined();
      const rows = (await handles[0]!.db.execute(sql`select
          (select count(*) from drizzle.__drizzle_migrations)::int as migrations,
          (select count(*) from users where code_hash = ${codeHash(DEMO_ADMIN.code)})::int as admins`)) as {
        rows: { migrations: number; admins: number }[];
      };
      const journal = (await import("@/drizzle/meta/_journal.json")).default as { entries: unknown[] };
      expect(rows.rows[0]).toEqual({ migrations: journal.entries.length, admins: 1 });
    } finally {
      await Promise.all(handles.map((h) => h.close()));
    }
  });
});
