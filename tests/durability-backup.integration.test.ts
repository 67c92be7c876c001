import { spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { Client } from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { backupPglite, backupPostgres, restorePglite, restorePostgres } from "@/lib/db/backup";
import { openPglite, openPostgres, queryRows, setDbHandle, type DbHandle } from "@/lib/db/client";
import { runMigrations } from "@/lib/db/migrate";
import { seedDemoSchool } from "@/lib/db/seed";
import { databaseChecksum } from "./support/fixtures";

// Runs on the engine under test: PGlite in a data folder, or PostgreSQL when DATABASE_URL is set.
const PG = process.env.DATABASE_URL;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "portal-dur-"));
const made: string[] = [];
afterAll(async () => {
  setDbHandle(undefined);
  fs.rmSync(tmp, { recursive: true, force: true });
  if (PG) {
    const c = new Client({ connectionString: PG });
    await c.connect();
    for (const name of made) await c.query(`drop database if exists ${name} with (force)`);
    await c.end();
  }
});

// Through PgBouncer (scripts/pgbouncer-suite.ts) the portal's queries go through the pool and
// pg_dump / pg_restore to the server itself, as an operator runs them (DATABASE_DIRECT_URL).
const DIRECT = process.env.TEST_DATABASE_ADMIN_URL || PG;

async function freshTarget(): Promise<{ target: string; direct: string; open: () => DbHandle }> {
  if (!PG) {
    const dir = path.join(tmp, crypto.randomBytes(4).toString("hex"));
    return { target: dir, direct: dir, open: () => openPglite(dir) };
  }
  const name = `portal_dur_${crypto.randomBytes(4).toString("hex")}`;
  const c = new Client({ connectionString: PG });
  await c.connect();
  await c.query(`create database ${name}`);
  await c.end();
  made.push(name);
  const url = new URL(PG);
  url.pathname = `/${name}`;
  const direct = new URL(DIRECT!);
  direct.pathname = `/${name}`;
  return { target: url.toString(), direct: direct.toString(), open: () => openPostgres(url.toString()) };
}

async function withDb<T>(handle: DbHandle, fn: () => Promise<T>): Promise<T> {
  setDbHandle(handle);
  try {
    return await fn();
  } finally {
    setDbHandle(undefined);
    await handle.close();
  }
}

describe(`durability (${PG ? "PostgreSQL" : "PGlite"})`, () => {
  it("keeps every acknowledged write when the writer is killed with SIGKILL mid-stream", async () => {
    const { target, open } = await freshTarget();
    // Prepare: schema and the demo school.
    const prep = open();
    await runMigrations(prep);
    await seedDemoSchool(prep.db, { timeZone: "UTC" });
    setDbHandle(prep);
    const [{ student_id, level_code, assignment_id }] = (await queryRows<{
      student_id: number;
      level_code: string;
      assignment_id: number;
    }>(
      sql`select e.student_id, e.level_code, (select id from assignments a where a.level_code = e.level_code limit 1) as assignment_id from student_enrollment e limit 1`,
    )) as [{ student_id: number; level_code: string; assignment_id: number }];
    setDbHandle(undefined);
    await prep.close();

    const child = spawn(
      "npx",
      [
        "tsx",
        "--conditions=react-server",
        "tests/support/durability-writer.ts",
        PG ? "postgres" : "pglite",
        target,
        String(student_id),
        String(assignment_id),
        level_code,
      ],
      {
        stdio: ["ignore", "pipe", "inherit"],
        detached: true,
      },
    );
    let acked = 0;
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`only ${acked} writes acknowledged in 60 s`)), 60_000);
      child.stdout.on("data", (chunk: Buffer) => {
        for (const m of chunk.toString().matchAll(/ACK (\d+)/g)) acked = Math.max(acked, Number(m[1]));
        if (acked >= 150) {
          clearTimeout(timer);
          process.kill(-child.pid!, "SIGKILL"); // the whole group: npx, tsx and node
          resolve();
        }
      });
      child.on("exit", () => resolve());
    });
    await new Promise((r) => setTimeout(r, 300));

    // Reopen: the database must open cleanly (PGlite takes over the dead writer's lock).
    await withDb(open(), async () => {
      const rows = (
        await queryRows<{ n: number; score: number | null }>(sql`
        select (select count(*) from attendance where student_id = ${student_id} and level_code = ${level_code} and date >= '2050-01-02')::int as n,
               (select score from grades where assignment_id = ${assignment_id} and student_id = ${student_id})::float as score`)
      )[0]!;
      expect(rows.n).toBeGreaterThanOrEqual(acked);
      // The last grade upsert is the acknowledged one, or the next one that committed before the kill.
      expect([acked % 10, (acked + 1) % 10]).toContain(rows.score);
      console.log(
        `durability (${PG ? "PostgreSQL" : "PGlite"}): killed after ${acked} acknowledged writes; ${rows.n} attendance rows present`,
      );
    });
  }, 120_000);
});

describe(`backup and restore (${PG ? "pg_dump / pg_restore" : "PGlite data-folder archive"})`, () => {
  it("round-trips the demo school exactly", async () => {
    const from = await freshTarget();
    const to = await freshTarget();
    const file = path.join(tmp, PG ? "b.dump" : "b.tar.gz");
    const source = from.open();
    await runMigrations(source);
    await seedDemoSchool(source.db, { timeZone: "UTC", now: new Date("2026-03-04T12:00:00Z") });
    setDbHandle(source);
    const before = await databaseChecksum();
    setDbHandle(undefined);
    if (PG) backupPostgres(from.direct, file);
    else await backupPglite(source, file);
    await source.close();
    expect(fs.statSync(file).size).toBeGreaterThan(1000);

    if (PG) restorePostgres(file, to.direct);
    else await restorePglite(file, to.target);
    const after = await withDb(to.open(), () => databaseChecksum());
    expect(after).toEqual(before);
    if (!PG) await expect(restorePglite(file, to.target)).rejects.toThrow(/already holds a database/);
  }, 120_000);
});
