import "server-only";
import fs from "node:fs";
import path from "node:path";

// PGlite is one process per data folder: a second process writing the same files corrupts them.
// A lock file holding our pid keeps a second portal (or a db:seed run) out with a clear message.

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
  // A killed process that nobody has reaped yet still answers signal 0: a zombie holds no files.
  try {
    return !/^State:\s+Z/m.test(fs.readFileSync(`/proc/${pid}/status`, "utf8"));
  } catch {
    return true;
  }
}

export function acquireDataDirLock(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, "pglite.lock");
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockPath, String(process.pid), { flag: "wx" });
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        process.off("exit", release);
        try {
          if (fs.readFileSync(lockPath, "utf8") === String(process.pid)) fs.unlinkSync(lockPath);
        } catch {
          /* already gone */
        }
      };
      // Whatever ends the process (Next's own SIGTERM handler calls process.exit), the lock goes.
      process.on("exit", release);
      return release;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
      const holder = Number(fs.readFileSync(lockPath, "utf8").trim());
      if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && isAlive(holder)) {
        throw new Error(
          `The data folder ${path.resolve(dataDir)} is in use by another portal process (pid ${holder}). ` +
            `Embedded PGlite allows one process per data folder: stop that process first, ` +
            `use another DATA_DIR, or set DATABASE_URL to use PostgreSQL.`,
        );
      }
      // The holder is gone (crash, kill -9): the lock is stale and safe to take over.
      fs.unlinkSync(lockPath);
    }
  }
  throw new Error(`Could not take the lock on ${lockPath}`);
}

/**
 * The data folder holds every access code and grade: only the portal's own user may read it
 * (folders 0700, files 0600). Existing installs are tightened at start; the umask makes every file
 * PGlite writes later 0600 too (issue 17 item 18).
 */
export function secureDataDir(dataDir: string): void {
  process.umask(0o077);
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const walk = (p: string) => {
    const st = fs.lstatSync(p, { throwIfNoEntry: false }); // a temporary file may be gone already
    if (!st || st.isSymbolicLink()) return;
    if (st.isDirectory()) {
      fs.chmodSync(p, 0o700);
      for (const e of fs.readdirSync(p)) walk(path.join(p, e));
    } else if ((st.mode & 0o077) !== 0) {
      try {
        fs.chmodSync(p, st.mode & 0o700);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== "ENOENT") throw err;
      }
    }
  };
  walk(dataDir);
}
