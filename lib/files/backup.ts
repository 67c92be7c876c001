import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

// Attachments beside a database backup (decision 023): DATA_DIR/files as `<backup>.files.tar`,
// written with the system's tar (streamed, never held in memory). With S3 storage the bucket is
// backed up with the object store's own tools (versioning, replication); the database backup
// then holds the rows and keys only.

export function filesArchiveOf(backupFile: string): string {
  return `${backupFile}.files.tar`;
}

/** Archives DATA_DIR/files; null when there is no such folder yet. */
export function backupFiles(dataDir: string, backupFile: string): string | null {
  const dir = path.join(dataDir, "files");
  if (!fs.existsSync(dir)) return null;
  const out = filesArchiveOf(backupFile);
  runTar(["-cf", out, "-C", path.resolve(dataDir), "files"]);
  fs.chmodSync(out, 0o600);
  return out;
}

/** Restores `<backup>.files.tar` into DATA_DIR (refuses to overwrite a folder that holds files). */
export function restoreFiles(dataDir: string, backupFile: string): string | null {
  const archive = filesArchiveOf(backupFile);
  if (!fs.existsSync(archive)) return null;
  const dir = path.join(dataDir, "files");
  if (fs.existsSync(dir) && fs.readdirSync(dir).length > 0)
    throw new Error(`${path.resolve(dir)} already holds files: restore into an empty DATA_DIR, or move it away first.`);
  fs.mkdirSync(dataDir, { recursive: true });
  runTar(["-xf", archive, "-C", path.resolve(dataDir), "--no-same-owner", "files"]);
  fs.chmodSync(dir, 0o700);
  return dir;
}

function runTar(args: string[]): void {
  const res = spawnSync("tar", args, { encoding: "utf8" });
  if (res.error) throw new Error(`tar could not run: ${res.error.message}`);
  if (res.status !== 0) throw new Error(`tar failed: ${res.stderr.trim().split("\n").slice(-3).join(" ")}`);
}
