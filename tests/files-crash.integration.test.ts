import { spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { Client } from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { openPglite, openPostgres, queryRows, setDbHandle, type DbHandle } from "@/lib/db/client";
import { runMigrations } from "@/lib/db/migrate";
import { seedDemoSchool } from "@/lib/db/seed";
import { resetEnvCache } from "@/lib/env";
import { diskStorage } from "@/lib/files/disk";
import { setFileStorage } from "@/lib/files/index";
import { sweepFiles } from "@/lib/files/sweep";
import { sha256File } from "@/lib/files/receive";

// Issue 33: an uploader killed with SIGKILL at any point of an upload (streaming, storing, writing
// the row) leaves no row without its object; what it leaves behind is swept.

const PG = process.env.DATABASE_URL;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "portal-files-crash-"));
let dbName: string | null = null;

afterAll(async () => {
  setDbHandle(undefined);
  setFileStorage(undefined);
  delete process.env.DATA_DIR;
  resetEnvCache();
  fs.rmSync(tmp, { recursive: true, force: true });
  if (PG && dbName) {
    const c = new Client({ connectionString: PG });
    await c.connect();
    await c.query(`drop database if exists ${dbName} with (force)`);
    await c.end();
  }
});

async function target(): Promise<{ arg: string; open: () => DbHandle }> {
  if (!PG) {
    const dir = path.join(tmp, "pglite");
    return { arg: dir, open: () => openPglite(dir) };
  }
  dbName = `portal_crash_${crypto.randomBytes(4).toString("hex")}`;
  const c = new Client({ connectionString: PG });
  await c.connect();
  await c.query(`create database ${dbName}`);
  await c.end();
  const url = new URL(PG);
  url.pathname = `/${dbName}`;
  return { arg: url.toString(), open: () => openPostgres(url.toString()) };
}

describe(`uploads killed mid-way (${PG ? "PostgreSQL" : "PGlite"}, disk storage)`, () => {
  it("leaves every row with its whole object, and the sweep removes what no row needs", async () => {
    const { arg, open } = await target();
    const prep = open();
    await runMigrations(prep);
    await seedDemoSchool(prep.db, { timeZone: "UTC" });
    setDbHandle(prep);
    const [t] = await queryRows<{ level_code: string; assignment_id: number; student_id: number }>(sql`
      select e.level_code, e.student_id, (select id from assignments a where a.level_code = e.level_code limit 1) as assignment_id
      from student_enrollment e limit 1`);
    setDbHandle(undefined);
    await prep.close();

    const dataDir = path.join(tmp, "data");
    const child = spawn(
      "npx",
      [
        "tsx",
        "--conditions=react-server",
        "tests/support/crash-uploader.ts",
        PG ? "postgres" : "pglite",
        arg,
        t!.level_code,
        String(t!.assignment_id),
        String(t!.student_id),
      ],
      { stdio: ["ignore", "pipe", "inherit"], detached: true, env: { ...process.env, DATA_DIR: dataDir } },
    );
    let stored = 0;
    // Killed a random time into the next upload: streaming, storing or writing its row.
    const extraMs = 50 + crypto.randomInt(250);
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`only ${stored} uploads in 90 s`)), 90_000);
      child.stdout.on("data", (chunk: Buffer) => {
        for (const m of chunk.toString().matchAll(/STORED (\d+)/g)) stored = Math.max(stored, Number(m[1]));
        if (stored >= 4) {
          clearTimeout(timer);
          setTimeout(() => {
            process.kill(-child.pid!, "SIGKILL");
            resolve();
          }, extraMs);
        }
      });
      child.on("exit", () => resolve());
    });
    await new Promise((r) => setTimeout(r, 300));

    process.env.DATA_DIR = dataDir;
    resetEnvCache();
    const storage = diskStorage(path.join(dataDir, "files"));
    setFileStorage(storage);
    const handle = open();
    setDbHandle(handle);
    try {
      const rows = await queryRows<{ key: string; sha256: string }>(sql`select storage_key as key, sha256 from files`);
      expect(rows.length).toBeGreaterThanOrEqual(stored);
      for (const r of rows) expect(await sha256File(path.join(dataDir, "files", r.key))).toBe(r.sha256);

      await sweepFiles(new Date(Date.now() + 2 * 3600_000));
      const keys: string[] = [];
      for await (const o of storage.list()) keys.push(o.key);
      expect(keys.sort()).toEqual(rows.map((r) => r.key).sort());
      expect(fs.readdirSync(path.join(dataDir, "upload-staging"))).toEqual([]);
      const partials = fs
        .readdirSync(path.join(dataDir, "files", "f"), { recursive: true })
        .filter((f) => String(f).includes(".partial"));
      expect(partials).toEqual([]);
      console.log(`files crash: killed ${extraMs} ms into upload ${stored + 1}; ${rows.length} rows, all whole`);
    } finally {
      setDbHandle(undefined);
      await handle.close();
    }
  }, 180_000);
});
