import "server-only";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import type { DbHandle } from "./client";
import { openPglite } from "./client";
import { PORTAL_ROLE } from "./school-scope";

// Backups: PGlite as an archive of its data folder (taken through the running engine, so it is
// consistent); PostgreSQL with its own tools (pg_dump custom format / pg_restore).

export async function backupPglite(handle: DbHandle, outFile: string): Promise<number> {
  if (!handle.pglite) throw new Error("backupPglite needs a PGlite database");
  // PGlite's own gzip path hangs on Node 20 here; compress with zlib instead.
  await handle.pglite.waitReady; // dumpDataDir does not wait for start-up itself
  const blob = await handle.pglite.dumpDataDir("none");
  const bytes = zlib.gzipSync(Buffer.from(await blob.arrayBuffer()));
  fs.mkdirSync(path.dirname(path.resolve(outFile)), { recursive: true });
  // Backups hold every code and grade: owner-only, like the data folder.
  fs.writeFileSync(outFile, bytes, { mode: 0o600 });
  fs.chmodSync(outFile, 0o600);
  return bytes.length;
}

/** Restores an archive into an empty data folder (refuses to overwrite existing data). */
export async function restorePglite(file: string, dataDir: string): Promise<void> {
  const target = path.join(dataDir, "pglite");
  if (fs.existsSync(target) && fs.readdirSync(target).length > 0) {
    throw new Error(
      `${path.resolve(target)} already holds a database: restore into an empty DATA_DIR, or move it away first.`,
    );
  }
  const handle = openPglite(dataDir, new Blob([zlib.gunzipSync(fs.readFileSync(file))]));
  await handle.pglite!.waitReady;
  await handle.close();
}

function run(cmd: string, args: string[]): void {
  const res = spawnSync(cmd, args, { encoding: "utf8" });
  if (res.error) throw new Error(`${cmd} could not run: ${res.error.message}`);
  if (res.status !== 0) throw new Error(`${cmd} failed: ${res.stderr.trim().split("\n").slice(-3).join(" ")}`);
}

export function backupPostgres(url: string, outFile: string): number {
  fs.mkdirSync(path.dirname(path.resolve(outFile)), { recursive: true });
  run("pg_dump", ["--format=custom", "--no-owner", "--file", outFile, url]);
  fs.chmodSync(outFile, 0o600);
  return fs.statSync(outFile).size;
}

// A dump grants the tables to `portal_app` (decision 034), a role of the server rather than of the
// database: on a new server it must exist, and the restoring user be able to SET ROLE to it, before
// the grants are restored (a user who may do neither gets pg_restore's or the portal's own message).
const ENSURE_PORTAL_ROLE = `DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '${PORTAL_ROLE}') THEN
    CREATE ROLE ${PORTAL_ROLE} NOLOGIN NOSUPERUSER NOBYPASSRLS NOINHERIT;
  END IF;
  IF NOT (SELECT rolsuper FROM pg_roles WHERE rolname = current_user)
     AND NOT pg_has_role(current_user, '${PORTAL_ROLE}', 'MEMBER') THEN
    EXECUTE 'GRANT ${PORTAL_ROLE} TO ' || quote_ident(current_user);
  END IF;
EXCEPTION WHEN duplicate_object OR unique_violation OR insufficient_privilege THEN
  NULL;
END $$`;

export function restorePostgres(file: string, url: string): void {
  run("psql", ["--no-psqlrc", "--quiet", "-v", "ON_ERROR_STOP=1", "--command", ENSURE_PORTAL_ROLE, url]);
  run("pg_restore", [
    "--clean",
    "--if-exists",
    "--no-owner",
    "--exit-on-error",
    "--single-transaction",
    "--dbname",
    url,
    file,
  ]);
}
