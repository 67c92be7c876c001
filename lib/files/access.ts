import "server-only";
import { sql } from "drizzle-orm";
import { canReadFile, canRemoveFile, type Actor } from "@/lib/auth/policy";
import { loadCommentSettings } from "@/lib/comments/settings";
import { queryRows } from "@/lib/db/client";

export interface FileRecord {
  id: number;
  levelCode: string;
  kind: string;
  uploaderId: number;
  submissionId: number | null;
  storageKey: string;
  thumbKey: string | null;
  name: string;
  mime: string;
  size: number;
}

/**
 * The file with the facts its rule needs, in one query (and the school's comment setting when a
 * guardian asks for a comment's file). A comment's file is about the thread's student: whether they
 * are enrolled and whether the actor is their linked guardian; a submission's about its uploader.
 */
async function loadWithFacts(fileId: number, actor: Actor) {
  const [row] = await queryRows<
    FileRecord & {
      teacherId: number | null;
      enrolled: boolean;
      isLinkedGuardian: boolean;
      commentId: number | null;
      threadStudentId: number | null;
      threadStudentEnrolled: boolean;
      commentHidden: boolean;
    }
  >(sql`
    select f.id, f.level_code as "levelCode", f.kind, f.uploader_id as "uploaderId",
           f.submission_id as "submissionId", f.storage_key as "storageKey", f.thumb_key as "thumbKey",
           f.name, f.mime, f.size, l.teacher_id as "teacherId",
           f.comment_id as "commentId", c.student_id as "threadStudentId", c.hidden_at is not null as "commentHidden",
           exists (select 1 from student_enrollment e where e.level_code = f.level_code and e.student_id = ${actor.id}) as enrolled,
           exists (select 1 from student_enrollment e join users u on u.id = e.student_id
                   where e.level_code = f.level_code and e.student_id = c.student_id and u.role = 'student') as "threadStudentEnrolled",
           -- A link an admin removed is kept (removed_at) so the phone trigger does not bring it back: not a link.
           exists (select 1 from guardian_links g
                   where g.student_id = coalesce(c.student_id, f.uploader_id) and g.parent_id = ${actor.id}
                     and g.removed_at is null) as "isLinkedGuardian"
    from files f join levels l on l.code = f.level_code
    left join submission_comments c on c.id = f.comment_id
    where f.id = ${fileId}`);
  if (!row) return null;
  const thread =
    row.kind === "comment" && row.threadStudentId !== null
      ? {
          studentId: Number(row.threadStudentId),
          studentEnrolled: Boolean(row.threadStudentEnrolled),
          hidden: Boolean(row.commentHidden),
          guardiansMayRead:
            actor.role === "parent" ? (await loadCommentSettings()).guardiansReadPrivateComments : false,
        }
      : null;
  const facts = {
    kind: row.kind,
    uploaderId: row.uploaderId,
    attached: row.kind === "comment" ? row.commentId !== null : row.submissionId !== null,
    level: { code: row.levelCode, teacherId: row.teacherId },
    enrolled: Boolean(row.enrolled),
    isLinkedGuardian: Boolean(row.isLinkedGuardian),
    thread,
  };
  return { row: toRecord(row), facts };
}

const toRecord = (r: FileRecord): FileRecord => ({
  id: r.id,
  levelCode: r.levelCode,
  kind: r.kind,
  uploaderId: r.uploaderId,
  submissionId: r.submissionId,
  storageKey: r.storageKey,
  thumbKey: r.thumbKey,
  name: r.name,
  mime: r.mime,
  size: r.size,
});

/** The file when this actor may read it; null otherwise (the caller answers 404 either way). */
export async function readableFile(fileId: number, actor: Actor): Promise<FileRecord | null> {
  const found = await loadWithFacts(fileId, actor);
  return found && canReadFile(actor, found.facts) ? found.row : null;
}

export async function removableFile(fileId: number, actor: Actor): Promise<FileRecord | null> {
  const found = await loadWithFacts(fileId, actor);
  if (!found || !canReadFile(actor, found.facts)) return null;
  return canRemoveFile(actor, found.facts) ? found.row : null;
}
