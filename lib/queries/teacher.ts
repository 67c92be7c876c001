import "server-only";
import { and, asc, count, desc, eq, sql } from "drizzle-orm";
import { db, queryRows } from "@/lib/db/client";
import { inClassNewestFirst, selectAssignmentList } from "./assignment-list";
import {
  assignments,
  assignmentSubmissions,
  gradeCategories,
  grades,
  levels,
  studentEnrollment,
  studentLevelStats,
  users,
  type RunningTotals,
} from "@/lib/db/schema";
import { isStaff, type Actor } from "@/lib/auth/policy";
import { levelColumns, type LevelRow } from "./levels";
import { inCurrentYear, yearsNow } from "./school-years";
import type { PostPolicy, RubricBody } from "@/lib/domain/rubric-types";

// Teacher dashboard queries: aggregates are computed in SQL, one statement per screen part,
// so the number of queries never grows with the number of students or assignments.

export interface StudentSummaryRow extends RunningTotals {
  id: number;
  name: string;
  username: string;
  graded: number;
}

export async function listStudentSummaries(levelCode: string): Promise<StudentSummaryRow[]> {
  // One row per enrolled student: the totals are kept per student and class by the database's
  // triggers (student_level_stats), so no grade or attendance record is read here.
  const rows = await queryRows<Record<string, string | number | null>>(sql`
    select u.id, u.name, u.username,
      coalesce(st.earned, 0) as earned, coalesce(st.possible, 0) as possible, coalesce(st.graded, 0) as graded,
      coalesce(st.present, 0) as present, coalesce(st.absent, 0) as absent,
      coalesce(st.late, 0) as late, coalesce(st.excused, 0) as excused
    from ${studentEnrollment} e
    join ${users} u on u.id = e.student_id
    left join ${studentLevelStats} st on st.level_code = e.level_code and st.student_id = e.student_id
    where e.level_code = ${levelCode}
    order by u.name, u.id`);
  // Aggregates come back as text (numeric, bigint) from the drivers.
  return rows.map((r) => ({
    id: Number(r.id),
    name: String(r.name),
    username: String(r.username),
    earned: Number(r.earned),
    possible: Number(r.possible),
    graded: Number(r.graded),
    present: Number(r.present),
    absent: Number(r.absent),
    late: Number(r.late),
    excused: Number(r.excused),
  }));
}

export interface ActivityRow {
  kind: "submission" | "response" | "grade";
  at: Date;
  who: string;
  what: string;
  detail: string | null;
}

/** The latest submissions, responses and grade changes in a class, newest first. */
export async function listRecentActivity(levelCode: string, limit = 10): Promise<ActivityRow[]> {
  const rows = await queryRows<{
    kind: ActivityRow["kind"];
    at: string | Date;
    who: string;
    what: string;
    detail: string | null;
  }>(sql`
    -- Each assignment's (update's) newest few through its index, then the newest of those:
    -- the cost follows the number of assignments, not of submissions. Names are looked up for
    -- the ten rows kept, not for every candidate.
    select x.kind, x.at, u.name as who, x.what, x.detail from (
      (select 'submission' as kind, s.student_id, s.submitted_at as at, a.title as what, null::text as detail
         from assignments a
         cross join lateral (select s.student_id, s.submitted_at from assignment_submissions s where s.assignment_id = a.id order by s.submitted_at desc limit ${limit}) s
        where a.level_code = ${levelCode} order by s.submitted_at desc limit ${limit})
      union all
      (select 'response', r.student_id, r.created_at, up.title, r.title
         from updates up
         cross join lateral (select r.student_id, r.created_at, r.title from responses r where r.update_id = up.id order by r.created_at desc limit ${limit}) r
        where up.level_code = ${levelCode} order by r.created_at desc limit ${limit})
      union all
      (select 'grade', g.student_id, g.graded_at, a.title, trim_scale(g.score)::text || '/' || a.max_score::text
         from assignments a
         cross join lateral (select g.student_id, g.graded_at, g.score from grades g where g.assignment_id = a.id order by g.graded_at desc limit ${limit}) g
        where a.level_code = ${levelCode} order by g.graded_at desc limit ${limit})
      order by at desc limit ${limit}
    ) x join users u on u.id = x.student_id
    order by x.at desc`);
  return rows.map((r) => ({ ...r, at: new Date(r.at) }));
}

export interface TeacherAssignment {
  id: number;
  title: string;
  description: string;
  maxScore: number;
  dueDate: Date | null;
  categoryId: number | null;
  category: string | null;
  submissions: number;
  /** Grades given, drafts included: the teacher's own count. */
  graded: number;
  /** When students see its grades (issue 44), and how many are drafts still (decision 033). */
  postPolicy: PostPolicy;
  drafts: number;
  /** Issue 44: the assignment's own rubric, and the bank rubric it was copied from. */
  rubric: RubricBody | null;
  rubricId: number | null;
}

export async function listTeacherAssignments(levelCode: string): Promise<TeacherAssignment[]> {
  const subs = db()
    .select({ assignmentId: assignmentSubmissions.assignmentId, n: count().as("subs_n") })
    .from(assignmentSubmissions)
    .innerJoin(assignments, eq(assignments.id, assignmentSubmissions.assignmentId))
    .where(eq(assignments.levelCode, levelCode))
    .groupBy(assignmentSubmissions.assignmentId)
    .as("subs");
  const graded = db()
    .select({
      assignmentId: grades.assignmentId,
      n: count().as("graded_n"),
      drafts: sql<number>`count(*) filter (where ${grades.returnedAt} is null)::int`.as("drafts_n"),
    })
    .from(grades)
    .innerJoin(assignments, eq(assignments.id, grades.assignmentId))
    .where(eq(assignments.levelCode, levelCode))
    .groupBy(grades.assignmentId)
    .as("graded");
  const list = inClassNewestFirst(levelCode);
  const rows = await selectAssignmentList({
    categoryId: assignments.categoryId,
    rubric: assignments.rubric,
    rubricId: assignments.rubricId,
    submissions: subs.n,
    graded: graded.n,
    drafts: graded.drafts,
    postPolicy: assignments.postPolicy,
  })
    .leftJoin(subs, eq(subs.assignmentId, assignments.id))
    .leftJoin(graded, eq(graded.assignmentId, assignments.id))
    .where(list.where)
    .orderBy(...list.orderBy);
  return rows.map((r) => ({
    ...r,
    submissions: Number(r.submissions ?? 0),
    graded: Number(r.graded ?? 0),
    drafts: Number(r.drafts ?? 0),
  }));
}

export async function listCategories(): Promise<{ id: number; name: string }[]> {
  return db()
    .select({ id: gradeCategories.id, name: gradeCategories.name })
    .from(gradeCategories)
    .orderBy(asc(gradeCategories.name));
}

export interface GradebookData {
  students: { id: number; name: string; username: string }[];
  assignments: { id: number; title: string; maxScore: number; dueDate: Date | null }[];
  grades: { id: number; assignmentId: number; studentId: number; score: number; feedback: string | null }[];
}

/** Students × assignments with every grade of the class: three queries. */
export async function getGradebook(levelCode: string): Promise<GradebookData> {
  const [students, assignmentRows, gradeRows] = await Promise.all([
    db()
      .select({ id: users.id, name: users.name, username: users.username })
      .from(studentEnrollment)
      .innerJoin(users, eq(users.id, studentEnrollment.studentId))
      .where(eq(studentEnrollment.levelCode, levelCode))
      .orderBy(asc(users.name), asc(users.id)),
    db()
      .select({
        id: assignments.id,
        title: assignments.title,
        maxScore: assignments.maxScore,
        dueDate: assignments.dueDate,
      })
      .from(assignments)
      .where(eq(assignments.levelCode, levelCode))
      .orderBy(asc(assignments.dueDate), asc(assignments.id)),
    db()
      .select({
        id: grades.id,
        assignmentId: grades.assignmentId,
        studentId: grades.studentId,
        score: grades.score,
        feedback: grades.feedback,
      })
      .from(grades)
      .innerJoin(assignments, eq(assignments.id, grades.assignmentId))
      .where(eq(assignments.levelCode, levelCode)),
  ]);
  return { students, assignments: assignmentRows, grades: gradeRows };
}

export interface SubmissionWithStudent {
  id: number;
  studentId: number;
  studentName: string;
  content: string;
  submittedAt: Date;
}

/** View Responses: every submission to one assignment with the student's name, newest first. */
export async function listSubmissionsForAssignment(assignmentId: number): Promise<SubmissionWithStudent[]> {
  return db()
    .select({
      id: assignmentSubmissions.id,
      studentId: assignmentSubmissions.studentId,
      studentName: users.name,
      content: assignmentSubmissions.content,
      submittedAt: assignmentSubmissions.submittedAt,
    })
    .from(assignmentSubmissions)
    .innerJoin(users, eq(users.id, assignmentSubmissions.studentId))
    .where(eq(assignmentSubmissions.assignmentId, assignmentId))
    .orderBy(asc(users.name), desc(assignmentSubmissions.submittedAt));
}

/** Classes a staff member can open on /teacher: own ones for instructors, all for admins. */
export async function listTeachableClasses(actor: Actor): Promise<LevelRow[]> {
  if (!isStaff(actor.role)) return [];
  // The current year's classes (issue 41): a concluded class is under Past years.
  const current = inCurrentYear((await yearsNow()).current);
  const q = db().select(levelColumns).from(levels);
  return actor.role === "admin"
    ? q.where(current).orderBy(asc(levels.name))
    : q.where(and(eq(levels.teacherId, actor.id), current)).orderBy(asc(levels.name));
}

export async function getAssignmentInLevel(
  assignmentId: number,
  levelCode: string,
): Promise<{ id: number; maxScore: number; title: string } | null> {
  const [row] = await db()
    .select({ id: assignments.id, maxScore: assignments.maxScore, title: assignments.title })
    .from(assignments)
    .where(and(eq(assignments.id, assignmentId), eq(assignments.levelCode, levelCode)));
  return row ?? null;
}
