import "server-only";
import { and, asc, count, desc, eq, isNotNull, max, sql } from "drizzle-orm";
import { db, jsonColumn, queryRows } from "@/lib/db/client";
import { inClassNewestFirst, selectAssignmentList } from "./assignment-list";
import { letterScaleValue } from "@/lib/gradebook/letter-scale";
import { revealCodes } from "@/lib/auth/code-access";
import type { Actor } from "@/lib/auth/policy";
import type { AttendanceCounts } from "@/lib/domain/attendance";
import {
  assignments,
  assignmentSubmissions,
  attendance,
  gradeCategories,
  grades,
  responses,
  studentEnrollment,
  studentLevelStats,
  updates,
  users,
  type RunningTotals,
} from "@/lib/db/schema";

// The class page's queries. Each is one statement whatever the class size; the student's own
// rows are selected by student id, so no other student's grades, submissions or attendance
// ever leave the database for this page.

export interface UpdateWithResponses {
  id: number;
  title: string;
  content: string;
  createdAt: Date;
  responses: { id: number; title: string; content: string; createdAt: Date; authorName: string }[];
}

export interface UpdateWithResponsePage extends UpdateWithResponses {
  /** All the announcement's responses; `responses` holds a bounded page of them. */
  responseCount: number;
}

/** Which responses to read: the newest few of each announcement, and optionally a page of one. */
export interface ResponseWindow {
  perUpdate: number;
  page: { updateId: number; offset: number; limit: number } | null;
}

/**
 * Announcements newest first with their response counts, and of each announcement's responses
 * (newest first) only the window asked for: the newest `perUpdate`, or the requested page of one
 * announcement. One statement whatever the class size or the number of responses (each
 * announcement's window comes back as a JSON array), and the rows read are bounded by the number
 * of announcements, not by what students post.
 */
export async function listUpdatesWithResponsePage(
  levelCode: string,
  window: ResponseWindow,
): Promise<UpdateWithResponsePage[]> {
  const pageOf = window.page?.updateId ?? -1;
  const rows = await queryRows<{
    id: number;
    title: string;
    content: string;
    created_at: Date | string;
    response_count: number;
    responses: { id: number; title: string; content: string; at_ms: number | string; author: string }[] | string;
  }>(sql`
    select u.id, u.title, u.content, u.created_at,
      (select count(*)::int from ${responses} c where c.update_id = u.id) as response_count,
      coalesce((
        select json_agg(json_build_object('id', r.id, 'title', r.title, 'content', r.content,
                                          'at_ms', (extract(epoch from r.created_at) * 1000)::bigint, 'author', s.name)
                        order by r.created_at desc, r.id desc)
        from (
          select x.id, x.student_id, x.title, x.content, x.created_at from ${responses} x
          where x.update_id = u.id
          order by x.created_at desc, x.id desc
          limit (case when u.id = ${pageOf}::int then ${window.page?.limit ?? 0}::int else ${window.perUpdate}::int end)
          offset (case when u.id = ${pageOf}::int then ${window.page?.offset ?? 0}::int else 0 end)
        ) r
        join ${users} s on s.id = r.student_id
      ), '[]') as responses
    from ${updates} u
    where u.level_code = ${levelCode}
    order by u.created_at desc, u.id desc`);
  return rows.map((u) => {
    const list = jsonColumn(u.responses) ?? [];
    return {
      id: Number(u.id),
      title: u.title,
      content: u.content,
      createdAt: new Date(u.created_at),
      responseCount: Number(u.response_count),
      responses: list.map((r) => ({
        id: Number(r.id),
        title: r.title,
        content: r.content,
        createdAt: new Date(Number(r.at_ms)),
        authorName: r.author,
      })),
    };
  });
}

export interface ClassAssignment {
  id: number;
  title: string;
  description: string;
  maxScore: number;
  dueDate: Date | null;
  createdAt: Date;
  category: string | null;
  /** The viewing student's own submissions (0 for staff). */
  submissionCount: number;
  lastSubmittedAt: Date | null;
}

/** Assignments newest first; with a student id, that student's submission count and latest date. */
export async function listClassAssignments(levelCode: string, studentId: number | null): Promise<ClassAssignment[]> {
  const own = db()
    .select({
      assignmentId: assignmentSubmissions.assignmentId,
      n: count().as("n"),
      last: max(assignmentSubmissions.submittedAt).as("last"),
    })
    .from(assignmentSubmissions)
    .where(eq(assignmentSubmissions.studentId, studentId ?? -1))
    .groupBy(assignmentSubmissions.assignmentId)
    .as("own");
  const list = inClassNewestFirst(levelCode);
  const rows = await selectAssignmentList({
    createdAt: assignments.createdAt,
    submissionCount: own.n,
    lastSubmittedAt: own.last,
  })
    .leftJoin(own, eq(own.assignmentId, assignments.id))
    .where(list.where)
    .orderBy(...list.orderBy);
  return rows.map((r) => ({
    ...r,
    submissionCount: Number(r.submissionCount ?? 0),
    // max() over a subquery comes back as text on some drivers.
    lastSubmittedAt: r.lastSubmittedAt ? new Date(r.lastSubmittedAt as unknown as string) : null,
  }));
}

export interface StudentClassTotals extends RunningTotals {
  /** Assignments of the class with at least one submission from the student. */
  completed: number;
  /** Their attendance counts in each grading term's dates (term id → counts); terms without records are absent. */
  byTerm: Map<number, AttendanceCounts>;
}

/**
 * One student's running totals in one class (kept by triggers), how many assignments they handed
 * in, and their attendance per grading term, in one statement (the class page's tiles: one round
 * trip fewer than reading the terms' counts apart; at most a year of their records is read).
 */
export async function getStudentClassTotals(studentId: number, levelCode: string): Promise<StudentClassTotals> {
  const [row] = await queryRows<Record<string, string | number | null> & { by_term: unknown }>(sql`
    select coalesce(st.earned, 0) as earned, coalesce(st.possible, 0) as possible,
      coalesce(st.present, 0) as present, coalesce(st.absent, 0) as absent, coalesce(st.late, 0) as late, coalesce(st.excused, 0) as excused,
      (select count(distinct s.assignment_id) from ${assignmentSubmissions} s join ${assignments} a on a.id = s.assignment_id
        where s.student_id = ${studentId} and a.level_code = ${levelCode}) as completed,
      (select json_agg(json_build_object('term_id', x.term_id, 'present', x.present, 'absent', x.absent, 'late', x.late, 'excused', x.excused)) from (
        select t.id as term_id, count(*) filter (where a.status = 'present') as present, count(*) filter (where a.status = 'absent') as absent,
          count(*) filter (where a.status = 'late') as late, count(*) filter (where a.status = 'excused') as excused
        from ${attendance} a join school_terms t on a.date between t.start_date and t.end_date
        where a.level_code = ${levelCode} and a.student_id = ${studentId}
        group by t.id) x) as by_term
    from (select 1) one
    left join ${studentLevelStats} st on st.level_code = ${levelCode} and st.student_id = ${studentId}`);
  const n = (k: string) => Number(row?.[k] ?? 0);
  const terms =
    jsonColumn(
      row?.by_term as
        { term_id: number; present: number; absent: number; late: number; excused: number }[] | string | null,
    ) ?? [];
  const byTerm = new Map(
    terms.map((t) => [
      Number(t.term_id),
      { present: Number(t.present), absent: Number(t.absent), late: Number(t.late), excused: Number(t.excused) },
    ]),
  );
  return {
    earned: n("earned"),
    possible: n("possible"),
    present: n("present"),
    absent: n("absent"),
    late: n("late"),
    excused: n("excused"),
    completed: n("completed"),
    byTerm,
  };
}

export interface StudentGrade {
  id: number;
  assignmentId: number;
  assignmentTitle: string;
  score: number;
  maxScore: number;
  feedback: string | null;
  gradedAt: Date;
  category: string | null;
  /** The school's stored letter scale (the same on every row): the tab's one statement carries it. */
  letterScale: unknown;
}

/** One student's returned grades in one class, newest first: a draft is not theirs to see yet (decision 033). */
export async function listStudentGrades(studentId: number, levelCode: string): Promise<StudentGrade[]> {
  return db()
    .select({
      id: grades.id,
      assignmentId: assignments.id,
      assignmentTitle: assignments.title,
      score: grades.score,
      maxScore: assignments.maxScore,
      feedback: grades.feedback,
      gradedAt: grades.gradedAt,
      category: gradeCategories.name,
      letterScale: sql<unknown>`${letterScaleValue}`,
    })
    .from(grades)
    .innerJoin(assignments, eq(assignments.id, grades.assignmentId))
    .leftJoin(gradeCategories, eq(gradeCategories.id, assignments.categoryId))
    .where(and(eq(grades.studentId, studentId), eq(assignments.levelCode, levelCode), isNotNull(grades.returnedAt)))
    .orderBy(desc(grades.gradedAt), desc(grades.id));
}

export interface StudentAttendance {
  id: number;
  date: string;
  status: string;
  levelCode: string;
  recordedAt: Date;
}

/** One student's attendance in one class, newest first. */
export async function listStudentAttendance(studentId: number, levelCode: string): Promise<StudentAttendance[]> {
  return db()
    .select({
      id: attendance.id,
      date: attendance.date,
      status: attendance.status,
      levelCode: attendance.levelCode,
      recordedAt: attendance.updatedAt,
    })
    .from(attendance)
    .where(and(eq(attendance.studentId, studentId), eq(attendance.levelCode, levelCode)))
    .orderBy(desc(attendance.date));
}

export interface ClassStudent {
  id: number;
  name: string;
  username: string;
  code: string | null;
  codeAdminsOnly: boolean;
}

/** Enrolled students in enrollment order, with the codes this staff member may see (policy.accessCodeAccess). */
export async function listClassStudentsWithCodes(levelCode: string, viewer: Actor): Promise<ClassStudent[]> {
  const rows = await db()
    .select({ id: users.id, name: users.name, username: users.username, codeSealed: users.codeSealed })
    .from(studentEnrollment)
    .innerJoin(users, eq(users.id, studentEnrollment.studentId))
    .where(eq(studentEnrollment.levelCode, levelCode))
    .orderBy(asc(studentEnrollment.enrolledAt), asc(users.id));
  return revealCodes(viewer, rows);
}

export interface SubmissionEntry {
  id: number;
  content: string;
  submittedAt: Date;
}

/** A student's own submissions for one assignment, newest first. */
export async function listOwnSubmissions(studentId: number, assignmentId: number): Promise<SubmissionEntry[]> {
  return db()
    .select({
      id: assignmentSubmissions.id,
      content: assignmentSubmissions.content,
      submittedAt: assignmentSubmissions.submittedAt,
    })
    .from(assignmentSubmissions)
    .where(and(eq(assignmentSubmissions.studentId, studentId), eq(assignmentSubmissions.assignmentId, assignmentId)))
    .orderBy(desc(assignmentSubmissions.submittedAt), desc(assignmentSubmissions.id));
}

/** Does this announcement belong to this class? Every write checks before it trusts an id. */
export async function updateInLevel(updateId: number, levelCode: string): Promise<boolean> {
  const rows = await db()
    .select({ id: updates.id })
    .from(updates)
    .where(and(eq(updates.id, updateId), eq(updates.levelCode, levelCode)));
  return rows.length > 0;
}
