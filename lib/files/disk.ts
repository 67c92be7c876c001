import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { assertKey, type FileStorage } from "./storage";

/** Objects as files under `root` (DATA_DIR/files), readable by the portal's user only (0700/0600). */
export function diskStorage(root: string): FileStorage {
  const abs = path.resolve(root);
  const pathOf = (key: string) => {
    assertKey(key);
    return path.join(abs, ...key.split("/"));
  };
  return {
    kind: "disk",
    async ping() {
      // Made here if missing, as the first upload would make it: a host on PostgreSQL starts with no
      // DATA_DIR at all, and must still be ready. A folder it cannot write to is not ready.
      await fsp.mkdir(abs, { recursive: true, mode: 0o700 });
      await fsp.access(abs, fs.constants.W_OK);
    },
    async put(key, sourcePath) {
      const target = pathOf(key);
      await fsp.mkdir(abs, { recursive: true, mode: 0o700 });
      await fsp.chmod(abs, 0o700);
      await fsp.mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
      // Copied to a temporary name beside the target, flushed, then renamed: a crash leaves either
      // no object or the whole object, never a half-written one under its key.
      const partial = `${target}.partial-${process.pid}`;
      try {
        await pipeline(fs.createReadStream(sourcePath), fs.createWriteStream(partial, { mode: 0o600 }));
        const fd = await fsp.open(partial, "r");
        await fd.sync().finally(() => fd.close());
        await fsp.rename(partial, target);
      } finally {
        await fsp.rm(partial, { force: true });
      }
    },
    async get(key) {
      const p = pathOf(key);
      try {
        const stat = await fsp.stat(p);
        return { body: fs.createReadStream(p), size: stat.size };
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw err;
      }
    },
    async delete(key) {
      await fsp.rm(pathOf(key), { force: true });
    },
    async cleanup(before) {
      let removed = 0;
      for (const prefix of ["f", "t"]) {
        const top = path.join(abs, prefix);
        for (const year of await fsp.readdir(top).catch(() => [] as string[])) {
          for (const name of await fsp.readdir(path.join(top, year)).catch(() => [] as string[])) {
            if (!name.includes(".partial-")) continue;
            const p = path.join(top, year, name);
            const stat = await fsp.stat(p).catch(() => null);
            if (stat && stat.mtime < before) {
              await fsp.rm(p, { force: true });
              removed++;
            }
          }
        }
      }
      return removed;
    },
    async *list() {
      for (const prefix of ["f", "t"]) {
        const top = path.join(abs, prefix);
        const years = await fsp.readdir(top).catch(() => [] as string[]);
        for (const year of years) {
          for (const name of await fsp.readdir(path.join(top, year)).catch(() => [] as string[])) {
            const key = `${prefix}/${year}/${name}`;
            if (!/^(f|t)\/\d{4}\/[a-f0-9]{32}$/.test(key)) continue;
            const stat = await fsp.stat(path.join(top, year, name)).catch(() => null);
            if (stat) yield { key, modifiedAt: stat.mtime };
          }
        }
      }
    },
  };
}
