import "server-only";
import type { AssignmentView, AttendanceView, GradeView, UpdateView } from "./class-page-types";
import { assignmentState, descriptionPreview } from "@/lib/domain/assignments";
import { studentAttendanceRate } from "@/lib/domain/attendance";
import { itemPercent } from "@/lib/domain/grades";
import { letterOn, storedScale } from "@/lib/domain/letter-scale";
import { jsonColumn } from "@/lib/db/client";
import { RESPONSES_PAGE_SIZE, RESPONSES_SHOWN_PER_UPDATE } from "@/lib/domain/constants";
import { formatDate, formatDateTime, formatDay, formatTime } from "@/lib/domain/format";
import { loadStudentTermGrade, type TermChoice, type TermGradeView } from "@/lib/gradebook/term-grades";
import { intlLocaleOf, type AnyLocale } from "@/lib/i18n/locales";
import { translatorFor } from "@/lib/i18n/translator";
import {
  getStudentClassTotals,
  listClassAssignments,
  listStudentAttendance,
  listStudentGrades,
  listUpdatesWithResponsePage,
} from "./class-page";

// The class page shows one tab at a time, so each tab has its own loader: a student's first view
// (Updates) reads the announcements and the tiles' totals, not 180 attendance records and 40
// rendered descriptions it does not show. Every loader is a fixed number of statements whatever
// the class size, and students get only their own rows.

export interface StudentTiles {
  /** null: nothing graded yet, or no attendance taken (shown "—"). */
  average: number | null;
  completed: number;
  attendanceRate: number | null;
  /** The term the Average and Attendance rate cover; null for the whole year. */
  termTitle: string | null;
}

/**
 * Average and Attendance rate for the term shown (the Grades tab's ?term=, default today's term)
 * from the one calculator and the term's records; Completed from the kept totals. A school without
 * terms sees the whole year, spec §9's figures. `grade`: the page's own read of this term grade,
 * when it shows it too (the Grades tab), so it is read once.
 */
export async function loadStudentTiles(
  levelCode: string,
  studentId: number,
  choice: TermChoice = null,
  timeZone = "UTC",
  now = new Date(),
  grade?: Promise<TermGradeView>,
): Promise<StudentTiles> {
  // Two statements in one round: the grading context with the student's work, and the kept
  // totals with the attendance per term.
  const [t, g] = await Promise.all([
    getStudentClassTotals(studentId, levelCode),
    grade ?? loadStudentTermGrade(levelCode, studentId, choice, timeZone, now),
  ]);
  const counts = g.term ? (t.byTerm.get(g.term.id) ?? { present: 0, absent: 0, late: 0, excused: 0 }) : t;
  const taken = counts.present + counts.absent + counts.late + counts.excused > 0;
  return {
    // "—" (null) while nothing is graded or no attendance was taken, not 0 % (issue 27).
    average: g.empty ? null : g.percent,
    completed: t.completed,
    attendanceRate: taken ? studentAttendanceRate(counts) : null,
    termTitle: g.term?.title ?? null,
  };
}

/**
 * Announcements with their response counts and the newest few responses of each; with `paged`
 * (?responses=<id>&page=<n>), that announcement's responses a page at a time instead. One query,
 * and a bounded page whatever students post.
 */
export async function loadUpdatesView(
  levelCode: string,
  timeZone: string,
  paged: { updateId: number; page: number } | null = null,
  locale: AnyLocale = "en",
): Promise<UpdateView[]> {
  const page = paged
    ? { updateId: paged.updateId, offset: (paged.page - 1) * RESPONSES_PAGE_SIZE, limit: RESPONSES_PAGE_SIZE }
    : null;
  const updates = await listUpdatesWithResponsePage(levelCode, { perUpdate: RESPONSES_SHOWN_PER_UPDATE, page });
  return updates.map((u) => ({
    id: u.id,
    title: u.title,
    content: u.content,
    date: formatDate(u.createdAt, timeZone, intlLocaleOf(locale)),
    responses: u.responses.map((r) => ({
      id: r.id,
      title: r.title,
      content: r.content,
      authorName: r.authorName,
      date: formatDateTime(r.createdAt, timeZone, intlLocaleOf(locale)),
    })),
    responseCount: u.responseCount,
    ...(paged && paged.updateId === u.id ? { responsePage: { page: paged.page, pageSize: RESPONSES_PAGE_SIZE } } : {}),
  }));
}

export interface AssignmentsTabView {
  assignments: AssignmentView[];
  /** Markdown sources by assignment id, rendered by the page. */
  descriptions: { id: number; source: string }[];
}

/** Assignments with the student's own submission state (none for staff): one query. */
export async function loadAssignmentsView(
  levelCode: string,
  studentId: number | null,
  timeZone: string,
  now = new Date(),
  locale: AnyLocale = "en",
): Promise<AssignmentsTabView> {
  const assignments = await listClassAssignments(levelCode, studentId);
  const t = translatorFor(locale, "classPage");
  return {
    assignments: assignments.map((a) => ({
      id: a.id,
      title: a.title,
      state: studentId === null ? null : assignmentState(a.dueDate, a.submissionCount, now),
      due: a.dueDate
        ? t("assignments.due", { date: formatDateTime(a.dueDate, timeZone, intlLocaleOf(locale)) })
        : t("assignments.noDueDate"),
      maxScore: a.maxScore,
      lastSubmitted: a.lastSubmittedAt ? formatDateTime(a.lastSubmittedAt, timeZone, intlLocaleOf(locale)) : null,
      preview: descriptionPreview(a.description),
      category: a.category,
    })),
    descriptions: assignments.map((a) => ({ id: a.id, source: a.description })),
  };
}

/** The student's own grades in the class, newest first: one query. */
export async function loadGradesView(
  levelCode: string,
  studentId: number,
  timeZone: string,
  locale: AnyLocale = "en",
): Promise<GradeView[]> {
  const grades = await listStudentGrades(studentId, levelCode);
  const scale = storedScale(jsonColumn(grades[0]?.letterScale));
  return grades.map((g) => ({
    id: g.id,
    assignmentId: g.assignmentId,
    title: g.assignmentTitle,
    score: g.score,
    maxScore: g.maxScore,
    percent: itemPercent(g.score, g.maxScore),
    letter: letterOn(scale, itemPercent(g.score, g.maxScore)),
    category: g.category,
    feedback: g.feedback,
    gradedAt: formatDate(g.gradedAt, timeZone, intlLocaleOf(locale)),
  }));
}

/** The student's own attendance in the class, newest first: one query. */
export async function loadAttendanceView(
  levelCode: string,
  studentId: number,
  timeZone: string,
  locale: AnyLocale = "en",
): Promise<AttendanceView[]> {
  const records = await listStudentAttendance(studentId, levelCode);
  return records.map((r) => ({
    id: r.id,
    status: r.status,
    levelCode: r.levelCode,
    date: formatDay(r.date, intlLocaleOf(locale)),
    time: formatTime(r.recordedAt, timeZone, intlLocaleOf(locale)),
  }));
}
