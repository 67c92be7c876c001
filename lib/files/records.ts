import "server-only";
import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import { db, queryRows, type Db } from "@/lib/db/client";
import { files } from "@/lib/db/schema";

/** Attachments per submission, per assignment and per announcement (issue 33). */
export const MAX_FILES_PER_RECORD = 10;

export type FileKind = "submission" | "assignment" | "announcement";

export interface FileView {
  id: number;
  name: string;
  mime: string;
  size: number;
  hasThumb: boolean;
  scan: string;
}

const VIEW = {
  id: files.id,
  name: files.name,
  mime: files.mime,
  size: files.size,
  thumbKey: files.thumbKey,
  scan: files.scan,
} as const;
type ViewRow = { id: number; name: string; mime: string; size: number; thumbKey: string | null; scan: string };
const toView = (r: ViewRow): FileView => ({
  id: r.id,
  name: r.name,
  mime: r.mime,
  size: r.size,
  hasThumb: r.thumbKey !== null,
  scan: r.scan,
});

/** Is the assignment (or announcement) in this class? */
export async function targetInLevel(kind: FileKind, id: number, levelCode: string): Promise<boolean> {
  const table = kind === "announcement" ? "updates" : "assignments";
  const rows = await queryRows<{ ok: number }>(
    sql`select 1 as ok from ${sql.raw(table)} where id = ${id} and level_code = ${levelCode}`,
  );
  return rows.length > 0;
}

export interface NewFile {
  levelCode: string;
  kind: FileKind;
  targetId: number; // assignment id (submission drafts and assignments) or announcement id
  uploaderId: number;
  storageKey: string;
  thumbKey: string | null;
  name: string;
  mime: string;
  size: number;
  sha256: string;
  scan: "clean" | "unscanned";
}

export type Admission = { ok: true } | { ok: false; message: string };

/** The count and quota limits, checked before the upload is read and again when its row is written. */
async function admits(
  tx: Pick<Db, "execute">,
  f: Pick<NewFile, "kind" | "targetId" | "uploaderId">,
  adding: number,
  quotaBytes: number | null,
): Promise<Admission> {
  const slot =
    f.kind === "submission"
      ? sql`kind = 'submission' and submission_id is null and assignment_id = ${f.targetId} and uploader_id = ${f.uploaderId}`
      : f.kind === "assignment"
        ? sql`kind = 'assignment' and assignment_id = ${f.targetId}`
        : sql`kind = 'announcement' and update_id = ${f.targetId}`;
  const [c] = await queryRows<{ n: number; used: number }>(
    sql`select (select count(*) from files where ${slot})::int as n,
               (select coalesce(sum(size), 0) from files where uploader_id = ${f.uploaderId})::bigint as used`,
    tx,
  );
  if ((c?.n ?? 0) >= MAX_FILES_PER_RECORD)
    return { ok: false, message: `At most ${MAX_FILES_PER_RECORD} files can be attached.` };
  if (quotaBytes !== null && Number(c?.used ?? 0) + adding > quotaBytes)
    return {
      ok: false,
      message: `Your files would use more than your ${Math.round(quotaBytes / 1024 / 1024)} MB. Remove some files first.`,
    };
  return { ok: true };
}

export function admitsUpload(f: Pick<NewFile, "kind" | "targetId" | "uploaderId">, quotaBytes: number | null) {
  return admits(db(), f, 0, quotaBytes);
}

/** How much of the quota is left (the upload's cap is never larger). */
export async function quotaLeft(uploaderId: number, quotaBytes: number): Promise<number> {
  const [r] = await queryRows<{ used: number }>(
    sql`select coalesce(sum(size), 0)::bigint as used from files where uploader_id = ${uploaderId}`,
  );
  return Math.max(0, quotaBytes - Number(r?.used ?? 0));
}

/**
 * Writes the row of an object already stored. The uploader's row is locked so two uploads at
 * once cannot both pass the count and the quota.
 */
export async function insertFile(f: NewFile, quotaBytes: number | null): Promise<{ ok: true; id: number } | Admission> {
  return db().transaction(async (tx) => {
    await tx.execute(sql`select id from users where id = ${f.uploaderId} for update`);
    const ok = await admits(tx, f, f.size, quotaBytes);
    if (!ok.ok) return ok;
    const [row] = await tx
      .insert(files)
      .values({
        levelCode: f.levelCode,
        kind: f.kind,
        assignmentId: f.kind === "announcement" ? null : f.targetId,
        updateId: f.kind === "announcement" ? f.targetId : null,
        submissionId: null,
        uploaderId: f.uploaderId,
        storageKey: f.storageKey,
        thumbKey: f.thumbKey,
        name: f.name,
        mime: f.mime,
        size: f.size,
        sha256: f.sha256,
        scan: f.scan,
      })
      .returning({ id: files.id });
    return { ok: true as const, id: row!.id };
  });
}

/**
 * Hands staged files in with their submission (inside the submission's transaction): every id
 * must be the student's own, for this assignment, not yet handed in; otherwise nothing is attached.
 */
export async function attachStaged(
  tx: Pick<Db, "update">,
  input: { studentId: number; assignmentId: number; submissionId: number; fileIds: number[] },
): Promise<boolean> {
  if (input.fileIds.length === 0) return true;
  const done = await tx
    .update(files)
    .set({ submissionId: input.submissionId })
    .where(
      and(
        inArray(files.id, input.fileIds),
        eq(files.kind, "submission"),
        eq(files.uploaderId, input.studentId),
        eq(files.assignmentId, input.assignmentId),
        isNull(files.submissionId),
      ),
    )
    .returning({ id: files.id });
  return done.length === new Set(input.fileIds).size;
}

export async function filesOfSubmissions(ids: number[]): Promise<Map<number, FileView[]>> {
  const out = new Map<number, FileView[]>();
  if (ids.length === 0) return out;
  const rows = await db()
    .select({ ...VIEW, submissionId: files.submissionId })
    .from(files)
    .where(inArray(files.submissionId, ids))
    .orderBy(asc(files.id));
  for (const r of rows) {
    const list = out.get(r.submissionId!) ?? [];
    list.push(toView(r));
    out.set(r.submissionId!, list);
  }
  return out;
}

export async function filesOfTarget(kind: "assignment" | "announcement", id: number): Promise<FileView[]> {
  const where =
    kind === "assignment"
      ? and(eq(files.kind, "assignment"), eq(files.assignmentId, id))
      : and(eq(files.kind, "announcement"), eq(files.updateId, id));
  return (await db().select(VIEW).from(files).where(where).orderBy(asc(files.id))).map(toView);
}

/** The class page's announcements: each one's files, in one query. */
export async function filesOfUpdates(ids: number[]): Promise<Record<number, FileView[]>> {
  const out: Record<number, FileView[]> = {};
  if (ids.length === 0) return out;
  const rows = await db()
    .select({ ...VIEW, updateId: files.updateId })
    .from(files)
    .where(and(eq(files.kind, "announcement"), inArray(files.updateId, ids)))
    .orderBy(asc(files.id));
  for (const r of rows) (out[r.updateId!] ??= []).push(toView(r));
  return out;
}
