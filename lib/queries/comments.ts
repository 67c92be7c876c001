import "server-only";
import { sql } from "drizzle-orm";
import { queryRows, type Db } from "@/lib/db/client";
import { COMMENT_THREAD_MAX } from "@/lib/domain/constants";
import { filesOfComments } from "@/lib/files/records";
import type { CommentView } from "./comments-types";

// Private comments on one student's work (issue 44, decision 033). These read; the caller has
// authorised first (lib/auth/policy canReadPrivateComments, via loadThreadFacts below).

export type { CommentView };

interface Row {
  id: number;
  assignmentId: number;
  authorId: number | null;
  authorName: string | null;
  authorRole: string | null;
  body: string;
  createdAt: Date | string;
  hidden: boolean;
}

const toView = (r: Row): CommentView => ({
  id: Number(r.id),
  authorId: r.authorId === null ? null : Number(r.authorId),
  authorName: r.authorName ?? "",
  authorIsStaff: r.authorRole !== null && ["instructor", "teacher", "admin"].includes(r.authorRole),
  body: r.body,
  createdAt: new Date(r.createdAt).toISOString(),
  hidden: Boolean(r.hidden),
  files: [],
});

/** The comments' attachments, in one statement for all of them (not one per comment). */
async function withFiles<T extends CommentView>(views: T[]): Promise<T[]> {
  const byComment = await filesOfComments(views.map((c) => c.id));
  for (const c of views) c.files = byComment.get(c.id) ?? [];
  return views;
}

/**
 * The thread of one student's work on one assignment, oldest first (the newest COMMENT_THREAD_MAX).
 * Hidden comments only with `staff: true` (the class's teacher and admins see them marked hidden);
 * everyone else never receives them.
 */
export async function listThread({
  assignmentId,
  studentId,
  staff = false,
}: {
  assignmentId: number;
  studentId: number;
  staff?: boolean;
}): Promise<CommentView[]> {
  const rows = await queryRows<Row>(sql`
    select * from (
      select c.id, c.assignment_id as "assignmentId", c.author_id as "authorId", u.name as "authorName",
             u.role as "authorRole", c.body, c.created_at as "createdAt", c.hidden_at is not null as hidden
      from submission_comments c left join users u on u.id = c.author_id
      where c.assignment_id = ${assignmentId} and c.student_id = ${studentId}
        ${staff ? sql`` : sql`and c.hidden_at is null`}
      order by c.created_at desc, c.id desc
      limit ${COMMENT_THREAD_MAX}
    ) t order by "createdAt", id`);
  return withFiles(rows.map(toView));
}

/**
 * Every thread of one student in one class (the student's Assignments tab), or in every class
 * (levelCode null: a guardian's child page), visible comments only, keyed by assignment. One statement.
 */
export async function listStudentThreads({
  studentId,
  levelCode,
}: {
  studentId: number;
  levelCode: string | null;
}): Promise<Map<number, CommentView[]>> {
  const rows = await queryRows<Row>(sql`
    select * from (
      select c.id, c.assignment_id as "assignmentId", c.author_id as "authorId", u.name as "authorName",
             u.role as "authorRole", c.body, c.created_at as "createdAt", false as hidden,
             row_number() over (partition by c.assignment_id order by c.created_at desc, c.id desc) as n
      from submission_comments c
      join assignments a on a.id = c.assignment_id
      left join users u on u.id = c.author_id
      where c.student_id = ${studentId} and c.hidden_at is null
        ${levelCode === null ? sql`` : sql`and a.level_code = ${levelCode}`}
    ) t where n <= ${COMMENT_THREAD_MAX} order by "assignmentId", "createdAt", id`);
  const threads = new Map<number, CommentView[]>();
  for (const c of await withFiles(rows.map((r) => ({ ...toView(r), assignmentId: Number(r.assignmentId) })))) {
    const { assignmentId, ...view } = c;
    let list = threads.get(assignmentId);
    if (!list) threads.set(assignmentId, (list = []));
    list.push(view);
  }
  return threads;
}

/** What the policy needs to decide on one thread; null when the assignment is not this class's. */
export interface ThreadFacts {
  studentEnrolled: boolean;
  isLinkedGuardian: boolean;
}

export async function loadThreadFacts(
  {
    levelCode,
    assignmentId,
    studentId,
    viewerId,
  }: { levelCode: string; assignmentId: number; studentId: number; viewerId: number },
  runner?: Pick<Db, "execute">,
): Promise<ThreadFacts | null> {
  const [row] = await queryRows<{ enrolled: boolean; linked: boolean }>(
    sql`select
          exists (select 1 from student_enrollment e join users u on u.id = e.student_id
                  where e.level_code = ${levelCode} and e.student_id = ${studentId} and u.role = 'student') as enrolled,
          exists (select 1 from guardian_links g
                  where g.student_id = ${studentId} and g.parent_id = ${viewerId} and g.removed_at is null) as linked
        from assignments a where a.id = ${assignmentId} and a.level_code = ${levelCode}`,
    runner,
  );
  return row ? { studentEnrolled: Boolean(row.enrolled), isLinkedGuardian: Boolean(row.linked) } : null;
}

/** Where a comment is: its thread and class (hiding checks the class the action names). */
export async function commentPlace(
  commentId: number,
  runner?: Pick<Db, "execute">,
): Promise<{ assignmentId: number; studentId: number; levelCode: string; hidden: boolean } | null> {
  const [row] = await queryRows<{ assignmentId: number; studentId: number; levelCode: string; hidden: boolean }>(
    sql`select c.assignment_id as "assignmentId", c.student_id as "studentId", a.level_code as "levelCode",
               c.hidden_at is not null as hidden
        from submission_comments c join assignments a on a.id = c.assignment_id where c.id = ${commentId}`,
    runner,
  );
  return row
    ? {
        assignmentId: Number(row.assignmentId),
        studentId: Number(row.studentId),
        levelCode: row.levelCode,
        hidden: Boolean(row.hidden),
      }
    : null;
}

export interface ChildThread {
  levelCode: string;
  className: string;
  period: string | null;
  assignmentId: number;
  title: string;
  comments: CommentView[];
}

/**
 * A guardian's view of their child's threads (the page has checked the link and the school's
 * setting): visible comments only, in the classes the child is enrolled in, newest thread first.
 */
export async function listChildThreads(studentId: number): Promise<ChildThread[]> {
  const rows = await queryRows<
    Row & { levelCode: string; className: string; period: string | null; title: string }
  >(sql`
    select * from (
      select c.id, c.assignment_id as "assignmentId", c.author_id as "authorId", u.name as "authorName",
             u.role as "authorRole", c.body, c.created_at as "createdAt", false as hidden,
             a.title, l.code as "levelCode", l.name as "className", l.period,
             row_number() over (partition by c.assignment_id order by c.created_at desc, c.id desc) as n,
             max(c.created_at) over (partition by c.assignment_id) as latest
      from submission_comments c
      join assignments a on a.id = c.assignment_id
      join levels l on l.code = a.level_code
      join student_enrollment e on e.level_code = l.code and e.student_id = c.student_id
      left join users u on u.id = c.author_id
      where c.student_id = ${studentId} and c.hidden_at is null
    ) t where n <= ${COMMENT_THREAD_MAX} order by latest desc, "assignmentId", "createdAt", id`);
  const byComment = await filesOfComments(rows.map((r) => Number(r.id)));
  const threads = new Map<number, ChildThread>();
  for (const r of rows) {
    const id = Number(r.assignmentId);
    let thread = threads.get(id);
    if (!thread) {
      thread = {
        levelCode: r.levelCode,
        className: r.className,
        period: r.period,
        assignmentId: id,
        title: r.title,
        comments: [],
      };
      threads.set(id, thread);
    }
    thread.comments.push({ ...toView(r), files: byComment.get(Number(r.id)) ?? [] });
  }
  return [...threads.values()];
}
