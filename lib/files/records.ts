import "server-only";
import { and, asc, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import { db, queryRows, type Db } from "@/lib/db/client";
import { files, submissionFiles } from "@/lib/db/schema";
import { msg, type Message } from "@/lib/i18n/message";

/** Attachments per submission, per assignment and per announcement (issue 33). */
export const MAX_FILES_PER_RECORD = 10;
/**
 * A student's uploads not yet handed in, across every dialog: the ten-file limit counts one
 * dialog's files only (decision 023), so this bounds what one account can leave staged before the
 * sweep removes it (three dialogs' worth).
 */
export const MAX_STAGED_FILES = 3 * MAX_FILES_PER_RECORD;

export type FileKind = "submission" | "assignment" | "announcement" | "comment";

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
  targetId: number; // assignment id (submission drafts, comment drafts and assignments) or announcement id
  uploaderId: number;
  /** The dialog a staged file is uploaded in: a student's hand-in, or a private comment's box (null for a teacher's files). */
  draftId: string | null;
  storageKey: string;
  thumbKey: string | null;
  name: string;
  mime: string;
  size: number;
  sha256: string;
  scan: "clean" | "unscanned";
}

export type Admission = { ok: true } | { ok: false; message: Message };

type Slot = Pick<NewFile, "kind" | "targetId" | "uploaderId" | "draftId">;

export const quotaMessage = (quotaBytes: number): Message =>
  msg("uploads.quota", { mb: Math.round(quotaBytes / 1024 / 1024) });

/**
 * The count and quota limits, checked before the upload is read and again when its row is written.
 * A student's files count in the dialog they were uploaded in (its draft), not in one they left.
 */
async function admits(tx: Pick<Db, "execute">, f: Slot, adding: number, quotaBytes: number | null): Promise<Admission> {
  // Staged: a submission's file not yet handed in, or a private comment's not yet posted (issue 44).
  const staged = sql`((kind = 'submission' and submission_id is null) or (kind = 'comment' and comment_id is null))
    and uploader_id = ${f.uploaderId}`;
  const slot =
    f.kind === "submission" || f.kind === "comment"
      ? sql`${staged} and kind = ${f.kind} and assignment_id = ${f.targetId} and draft_id is not distinct from ${f.draftId}`
      : f.kind === "assignment"
        ? sql`kind = 'assignment' and assignment_id = ${f.targetId}`
        : sql`kind = 'announcement' and update_id = ${f.targetId}`;
  const [c] = await queryRows<{ n: number; staged: number; used: number }>(
    sql`select (select count(*) from files where ${slot})::int as n,
               (select count(*) from files where ${staged})::int as staged,
               (select coalesce(sum(size), 0) from files where uploader_id = ${f.uploaderId})::bigint as used`,
    tx,
  );
  if ((c?.n ?? 0) >= MAX_FILES_PER_RECORD)
    return { ok: false, message: msg("uploads.tooManyFiles", { max: MAX_FILES_PER_RECORD }) };
  if ((f.kind === "submission" || f.kind === "comment") && (c?.staged ?? 0) >= MAX_STAGED_FILES)
    return { ok: false, message: msg("uploads.stagedLimit", { max: MAX_STAGED_FILES }) };
  if (quotaBytes !== null && Number(c?.used ?? 0) + adding > quotaBytes)
    return { ok: false, message: quotaMessage(quotaBytes) };
  return { ok: true };
}

export function admitsUpload(f: Slot, quotaBytes: number | null) {
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
        draftId: f.kind === "submission" || f.kind === "comment" ? f.draftId : null,
      })
      .returning({ id: files.id });
    return { ok: true as const, id: row!.id };
  });
}

/**
 * The files a submission hands in (inside the submission's transaction): staged uploads become
 * this submission's, and files kept from the student's earlier submissions of the same assignment
 * are listed with it again. Every id must be the student's own file for this assignment, staged or
 * handed in before; otherwise nothing is attached.
 */
export async function handInFiles(
  tx: Pick<Db, "update" | "select" | "insert">,
  input: { studentId: number; assignmentId: number; submissionId: number; fileIds: number[] },
): Promise<boolean> {
  const ids = [...new Set(input.fileIds)];
  if (ids.length === 0) return true;
  const own = and(
    inArray(files.id, ids),
    eq(files.kind, "submission"),
    eq(files.uploaderId, input.studentId),
    eq(files.assignmentId, input.assignmentId),
  );
  await tx
    .update(files)
    .set({ submissionId: input.submissionId })
    .where(and(own, isNull(files.submissionId)));
  const handedIn = await tx
    .select({ id: files.id })
    .from(files)
    .where(and(own, isNotNull(files.submissionId)));
  if (handedIn.length !== ids.length) return false;
  await tx.insert(submissionFiles).values(ids.map((fileId) => ({ submissionId: input.submissionId, fileId })));
  return true;
}

export async function filesOfSubmissions(ids: number[]): Promise<Map<number, FileView[]>> {
  const out = new Map<number, FileView[]>();
  if (ids.length === 0) return out;
  const rows = await db()
    .select({ ...VIEW, submissionId: submissionFiles.submissionId })
    .from(submissionFiles)
    .innerJoin(files, eq(files.id, submissionFiles.fileId))
    .where(inArray(submissionFiles.submissionId, ids))
    .orderBy(asc(files.id));
  for (const r of rows) {
    const list = out.get(r.submissionId) ?? [];
    list.push(toView(r));
    out.set(r.submissionId, list);
  }
  return out;
}

/** The files the student's newest submission of this assignment handed in: a resubmission starts from them. */
export async function filesOfLastSubmission(studentId: number, assignmentId: number): Promise<FileView[]> {
  const last = sql`(select id from assignment_submissions where student_id = ${studentId}
    and assignment_id = ${assignmentId} order by submitted_at desc, id desc limit 1)`;
  const rows = await db()
    .select(VIEW)
    .from(submissionFiles)
    .innerJoin(files, eq(files.id, submissionFiles.fileId))
    .where(eq(submissionFiles.submissionId, last))
    .orderBy(asc(files.id));
  return rows.map(toView);
}

/**
 * A private comment's box posts its staged files (inside the comment's transaction, issue 44): the
 * poster's own comment files of this assignment, uploaded in this box (draft) and not yet posted,
 * become the comment's. False, with nothing attached, when any id is not such a file.
 */
export async function attachCommentFiles(
  tx: Pick<Db, "execute">,
  input: { uploaderId: number; assignmentId: number; draftId: string; commentId: number; fileIds: number[] },
): Promise<boolean> {
  const ids = [...new Set(input.fileIds)];
  if (ids.length === 0) return true;
  const rows = await queryRows<{ id: number }>(
    sql`update files set comment_id = ${input.commentId} where ${stagedInBox(input, ids)} returning id`,
    tx,
  );
  return rows.length === ids.length;
}

/** Are these all the poster's staged uploads of this box? Asked before a post uses up its allowance. */
export async function areStagedCommentFiles(input: {
  uploaderId: number;
  assignmentId: number;
  draftId: string;
  fileIds: number[];
}): Promise<boolean> {
  const ids = [...new Set(input.fileIds)];
  if (ids.length === 0) return true;
  const [row] = await queryRows<{ n: number }>(
    sql`select count(*)::int as n from files where ${stagedInBox(input, ids)}`,
  );
  return Number(row?.n ?? 0) === ids.length;
}

const stagedInBox = (f: { uploaderId: number; assignmentId: number; draftId: string }, ids: number[]) =>
  sql`id in ${ids} and kind = 'comment' and comment_id is null and uploader_id = ${f.uploaderId}
      and assignment_id = ${f.assignmentId} and draft_id = ${f.draftId}`;

/** The files of these comments, keyed by comment, in one query (a thread's, or several threads'). */
export async function filesOfComments(
  ids: number[],
  runner: Pick<Db, "select"> = db(),
): Promise<Map<number, FileView[]>> {
  const out = new Map<number, FileView[]>();
  if (ids.length === 0) return out;
  const rows = await runner
    .select({ ...VIEW, commentId: files.commentId })
    .from(files)
    .where(and(eq(files.kind, "comment"), inArray(files.commentId, ids)))
    .orderBy(asc(files.id));
  for (const r of rows) {
    const list = out.get(r.commentId!) ?? [];
    list.push(toView(r));
    out.set(r.commentId!, list);
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
