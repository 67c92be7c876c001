import "server-only";
import fsp from "node:fs/promises";
import path from "node:path";
import { asc, inArray, sql } from "drizzle-orm";
import { audit } from "@/lib/audit";
import { db, queryRows } from "@/lib/db/client";
import { withSchool } from "@/lib/db/school-scope";
import { schoolIds } from "@/lib/db/schools";
import { SESSION_LIFETIME_MS } from "@/lib/domain/constants";
import { filesTrash } from "@/lib/db/schema";
import { fileStorage, stagingDir } from "./index";

/** An object younger than this may belong to an upload whose row is being written. */
const ORPHAN_GRACE_MS = 60 * 60 * 1000;
/**
 * A file staged for a submission is handed in by the dialog that uploaded it, within the sign-in
 * session it was uploaded in; that session ends at most 4 h later (absolute from sign-in). So a
 * staged file older than that, and an hour's grace for a submission under way as it ended, belongs
 * to a dialog that was left unsent (the tab closed, the connection lost), and goes (decision 023).
 * A private comment's upload not posted is staged the same way (issue 44) and goes after the same age.
 */
export const STAGED_TTL_MS = SESSION_LIFETIME_MS + ORPHAN_GRACE_MS;

/**
 * Removes what no row needs any more (decision 023): objects queued by the files_to_trash trigger
 * (each removal audited), staged submission and comment files not handed in or posted within their session, objects no
 * row points to (a crash between storing and writing the row), and leftover staging files.
 */
export async function sweepFiles(
  now = new Date(),
  opts: { scanOrphans: boolean } = { scanOrphans: true },
): Promise<{ trashed: number; orphans: number }> {
  await db().execute(
    sql`delete from files
        where ((kind = 'submission' and submission_id is null) or (kind = 'comment' and comment_id is null))
          and created_at < ${new Date(now.getTime() - STAGED_TTL_MS)}`,
  );
  const trashed = await drainTrash();
  // Listing a bucket costs requests: the worker asks for it hourly, not every minute.
  const orphans = opts.scanOrphans ? await removeOrphans(now) : 0;
  if (opts.scanOrphans) {
    await removeStaleStaging(now);
    await fileStorage().cleanup?.(new Date(now.getTime() - ORPHAN_GRACE_MS));
  }
  return { trashed, orphans };
}

export async function drainTrash(limit = 500): Promise<number> {
  const storage = fileStorage();
  const rows = await db().select().from(filesTrash).orderBy(asc(filesTrash.id)).limit(limit);
  for (const r of rows) {
    await storage.delete(r.storageKey);
    if (r.thumbKey) await storage.delete(r.thumbKey);
    await db().transaction(async (tx) => {
      await audit(tx, {
        action: "file.removed",
        levelCode: r.levelCode,
        detail: { fileId: r.fileId, name: r.name },
      });
      await tx.delete(filesTrash).where(inArray(filesTrash.id, [r.id]));
    });
  }
  return rows.length;
}

async function removeOrphans(now: Date): Promise<number> {
  const storage = fileStorage();
  let removed = 0;
  let batch: string[] = [];
  const flush = async () => {
    if (batch.length === 0) return;
    const keys = batch;
    batch = [];
    // The storage holds every school's objects, and each school sees only its own files' rows
    // (decision 034): an object is an orphan only when no school knows it.
    const keep = new Set<string>();
    for (const school of await schoolIds()) {
      const known = await withSchool(school, () =>
        queryRows<{ key: string }>(sql`
          select storage_key as key from files where storage_key in ${keys}
          union select thumb_key from files where thumb_key in ${keys}
          union select storage_key from files_trash where storage_key in ${keys}
          union select thumb_key from files_trash where thumb_key in ${keys}`),
      );
      for (const k of known) keep.add(k.key);
    }
    for (const key of keys)
      if (!keep.has(key)) {
        await storage.delete(key);
        removed++;
      }
  };
  for await (const o of storage.list()) {
    if (now.getTime() - o.modifiedAt.getTime() < ORPHAN_GRACE_MS) continue;
    batch.push(o.key);
    if (batch.length >= 200) await flush();
  }
  await flush();
  if (removed > 0) await audit(db(), { action: "files.orphans_removed", detail: { count: removed } });
  return removed;
}

async function removeStaleStaging(now: Date): Promise<void> {
  const dir = stagingDir();
  for (const name of await fsp.readdir(dir).catch(() => [] as string[])) {
    const p = path.join(dir, name);
    const stat = await fsp.stat(p).catch(() => null);
    if (stat && now.getTime() - stat.mtimeMs > ORPHAN_GRACE_MS) await fsp.rm(p, { force: true });
  }
}
