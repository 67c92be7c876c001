// Private comments on one student's work (issue 44, decision 033): the student and the class's
// staff write in the thread, flood-limited like responses; staff may hide a comment (moderation),
// never remove it, audited with who wrote it and when in the same transaction.
import "server-only";
import { sql } from "drizzle-orm";
import type { Answer } from "@/lib/action-result";
import { audit } from "@/lib/audit";
import {
  canHidePrivateComments,
  canReadPrivateComments,
  canWritePrivateComments,
  isStaff,
  type Actor,
  type LevelFacts,
} from "@/lib/auth/policy";
import { loadCommentSettings } from "@/lib/comments/settings";
import { db, queryRows } from "@/lib/db/client";
import { areStagedCommentFiles, attachCommentFiles, filesOfComments, MAX_FILES_PER_RECORD } from "@/lib/files/records";
import { COMMENT_RATE_LIMIT, COMMENT_RATE_WINDOW_MS, COMMENT_STAFF_RATE_LIMIT } from "@/lib/domain/constants";
import { msg, type Message } from "@/lib/i18n/message";
import { notifyComment } from "@/lib/notify/comments";
import { commentPlace, listThread, loadThreadFacts, type CommentView } from "@/lib/queries/comments";
import { hitRateLimit } from "@/lib/rate-limit";

// One answer for "no such thread" and "not yours" (decision 027): nothing tells them apart.
const NOT_FOUND = msg("privateComments.actions.notFound");

/** Thrown inside the post's transaction when a file id is not the poster's staged upload: nothing is written. */
class NotOwnFiles extends Error {}

function rateMessage(limit: number, retryAfterSeconds: number): Message {
  return msg("privateComments.actions.tooMany", {
    limit,
    every: COMMENT_RATE_WINDOW_MS / 60_000,
    minutes: Math.max(1, Math.ceil(retryAfterSeconds / 60)),
  });
}

/** The policy's facts about one thread of this class, or null when the assignment is not the class's. */
export async function threadFactsFor(actor: Actor, level: LevelFacts, assignmentId: number, studentId: number) {
  const facts = await loadThreadFacts({ levelCode: level.code, assignmentId, studentId, viewerId: actor.id });
  if (!facts) return null;
  const guardiansMayRead = actor.role === "parent" ? (await loadCommentSettings()).guardiansReadPrivateComments : false;
  return { ...facts, studentId, level, guardiansMayRead };
}

/** Post a comment in the thread of one student's work on one assignment of this class. */
export async function postComment(
  actor: Actor,
  level: LevelFacts,
  input: { assignmentId: number; studentId: number; body: string; fileIds?: number[]; draft?: string },
): Promise<Answer<CommentView>> {
  const facts = await threadFactsFor(actor, level, input.assignmentId, input.studentId);
  if (!facts || !canWritePrivateComments(actor, facts)) return { ok: false, message: NOT_FOUND };
  const fileIds = [...new Set(input.fileIds ?? [])];
  if (fileIds.length > MAX_FILES_PER_RECORD)
    return { ok: false, message: msg("uploads.tooManyFiles", { max: MAX_FILES_PER_RECORD }) };
  const box = { uploaderId: actor.id, assignmentId: input.assignmentId, draftId: input.draft ?? "", fileIds };
  if (fileIds.length > 0 && !(input.draft && (await areStagedCommentFiles(box))))
    return { ok: false, message: msg("privateComments.files.notYours") };
  // Counted once the post is valid, so only posts that would be written use up the allowance.
  const limit = isStaff(actor.role) ? COMMENT_STAFF_RATE_LIMIT : COMMENT_RATE_LIMIT;
  const rate = await hitRateLimit(`comment:${actor.id}`, limit, COMMENT_RATE_WINDOW_MS);
  if (!rate.allowed) return { ok: false, message: rateMessage(limit, rate.retryAfterSeconds) };
  const view = await db()
    .transaction(async (tx) => {
      const [row] = await queryRows<{ id: number; createdAt: Date | string; name: string }>(
        sql`insert into submission_comments (assignment_id, student_id, author_id, body)
          values (${input.assignmentId}, ${input.studentId}, ${actor.id}, ${input.body})
          returning id, created_at as "createdAt", (select name from users where id = ${actor.id}) as name`,
        tx,
      );
      const id = Number(row!.id);
      // The poster's own uploads from this box, staged for this assignment; any other id: nothing written.
      const attached = await attachCommentFiles(tx, { ...box, commentId: id });
      if (!attached) throw new NotOwnFiles();
      await notifyComment(tx, {
        id,
        assignmentId: input.assignmentId,
        studentId: input.studentId,
        authorId: actor.id,
        authorIsStudent: actor.role === "student",
        body: input.body,
      });
      return {
        id,
        authorId: actor.id,
        authorName: row!.name,
        authorIsStaff: isStaff(actor.role),
        body: input.body,
        createdAt: new Date(row!.createdAt).toISOString(),
        hidden: false,
        files: (await filesOfComments([id], tx)).get(id) ?? [],
      } satisfies CommentView;
    })
    .catch((err: unknown) => {
      if (err instanceof NotOwnFiles) return null;
      throw err;
    });
  if (!view) return { ok: false, message: msg("privateComments.files.notYours") };
  return { ok: true, message: msg("privateComments.actions.posted"), data: view };
}

/** Hide one comment of a thread of this class (moderation): the class's teacher or an admin, audited. */
export async function hideComment(actor: Actor, level: LevelFacts, commentId: number): Promise<Answer> {
  if (!canHidePrivateComments(actor, level)) return { ok: false, message: NOT_FOUND };
  const hidden = await db().transaction(async (tx) => {
    // The comment must be on an assignment of this class: the id alone is not trusted.
    const [row] = await queryRows<{
      assignmentId: number;
      studentId: number;
      authorId: number | null;
      length: number;
      createdAt: Date | string;
    }>(
      sql`update submission_comments c set hidden_at = now(), hidden_by = ${actor.id}
          from assignments a
          where c.id = ${commentId} and a.id = c.assignment_id and a.level_code = ${level.code} and c.hidden_at is null
          returning c.assignment_id as "assignmentId", c.student_id as "studentId", c.author_id as "authorId",
                    length(c.body) as length, c.created_at as "createdAt"`,
      tx,
    );
    if (!row) return false;
    // The notice carried its words (bell, digests still to go): they go with it. An e-mail already
    // sent cannot be called back.
    await tx.execute(sql`update notifications set detail = null where event_key = ${`comment:${commentId}`}`);
    await audit(tx, {
      action: "comment.hidden",
      actorId: actor.id,
      levelCode: level.code,
      detail: {
        commentId,
        assignmentId: Number(row.assignmentId),
        studentId: Number(row.studentId),
        authorId: row.authorId === null ? null : Number(row.authorId),
        length: Number(row.length),
        postedAt: new Date(row.createdAt).toISOString(),
      },
    });
    return true;
  });
  if (!hidden) {
    const place = await commentPlace(commentId);
    if (place && place.levelCode === level.code && place.hidden)
      return { ok: true, message: msg("privateComments.actions.hidden") };
    return { ok: false, message: msg("privateComments.actions.commentNotHere") };
  }
  return { ok: true, message: msg("privateComments.actions.hidden") };
}

/** Read one thread (the teacher's View Responses): who may read decides, staff see hidden comments marked. */
export async function readThread(
  actor: Actor,
  level: LevelFacts,
  input: { assignmentId: number; studentId: number },
): Promise<Answer<{ comments: CommentView[]; viewerId: number; canPost: boolean; canHide: boolean }>> {
  const facts = await threadFactsFor(actor, level, input.assignmentId, input.studentId);
  if (!facts || !canReadPrivateComments(actor, facts)) return { ok: false, message: NOT_FOUND };
  const canHide = canHidePrivateComments(actor, level);
  const comments = await listThread({ ...input, staff: canHide });
  return { ok: true, data: { comments, viewerId: actor.id, canPost: canWritePrivateComments(actor, facts), canHide } };
}
