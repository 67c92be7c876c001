import "server-only";
import { teacherAttendancePercent } from "@/lib/domain/attendance";
import { TEACHER_THRESHOLDS } from "@/lib/domain/constants";
import { dateInTimeZone } from "@/lib/domain/dates";
import { band, type Band } from "@/lib/domain/grades";
import { roundedMean, studentStatus } from "@/lib/domain/summary";
import { classTermGradesWithCards } from "@/lib/gradebook/class-term-grades";
import { readClassTermInputs } from "@/lib/gradebook/class-term-inputs";
import type { TermChoice, TermGradeView } from "@/lib/gradebook/term-grades";
import { countAttendanceBetween, listAttendanceTotals } from "./attendance";
import { listRecentActivity } from "./teacher";
import type { Message } from "@/lib/i18n/message";

// The teacher's Summary tab (spec §2, issue 19): each student's grade for the term shown from the
// one calculator, with its "why", and attendance for the term's dates (the whole year from the
// running totals). View models live here; components/teacher/summary-tab.tsx renders them.

export interface SummaryStudent {
  id: number;
  name: string;
  username: string;
  /** null: nothing counts yet in the term shown (shown "—", issue 27). */
  gradePercent: number | null;
  letter: string | null;
  /** Nothing counts yet in the term shown. */
  gradeEmpty: boolean;
  /** The calculator's counted points behind the grade. */
  points: { earned: string; possible: string } | null;
  overridden: boolean;
  /** "Why this grade", the calculator's sentences. */
  why: Message[];
  gradeBand: Band | null;
  /** null: no attendance taken in the period shown. */
  attendancePercent: number | null;
  attendanceBand: Band | null;
  counts: { present: number; excused: number; late: number; absent: number };
  status: "Excellent" | "Good" | "Needs Attention" | null;
}

export interface SummaryActivity {
  key: string;
  /** The sentence of the catalog's `gradesServer.summary` that tells it, and its values (people's words). */
  sentence: "submission" | "response" | "responseTitled" | "grade" | "gradeScored";
  values: { who: string; what: string; detail?: string };
  /** When it happened, written in the reader's language by the Summary tab. */
  at: Date;
}

export interface SummaryView {
  students: SummaryStudent[];
  /** null ("—"): nobody has a graded item, or no attendance was taken. */
  averageGrade: number | null;
  averageAttendance: number | null;
  activity: SummaryActivity[];
  /** The school's terms (empty: it keeps none) and the one shown (null: the whole year). */
  terms: TermGradeView["terms"];
  term: TermGradeView["term"];
}

const NO_RECORDS = { present: 0, excused: 0, late: 0, absent: 0 };

/** The mean of the known figures, or null when there are none. */
function meanOf(values: readonly (number | null)[]): number | null {
  const known = values.filter((v): v is number => v !== null);
  return known.length ? roundedMean(known) : null;
}

/**
 * The Summary tab: the class's term inputs (two statements) and the activity feed in one round;
 * then the attendance of what is shown, the term's records or the whole year's kept counts.
 * Four statements whatever the class size.
 */
export async function loadSummaryView(
  levelCode: string,
  timeZone: string,
  choice: TermChoice = null,
  now = new Date(),
): Promise<SummaryView> {
  const [inputs, activity] = await Promise.all([
    readClassTermInputs(levelCode, timeZone),
    listRecentActivity(levelCode),
  ]);
  const grades = await classTermGradesWithCards(
    inputs,
    levelCode,
    choice,
    dateInTimeZone(now, timeZone),
    now.getTime(),
  );
  const term = grades.term ? inputs.context.terms.find((t) => t.id === grades.term!.id) : undefined;
  // Only the attendance shown is read: the term's records, or the whole year's kept totals.
  const counted = term ? await countAttendanceBetween(levelCode, term) : await listAttendanceTotals(levelCode);
  const gradeOf = new Map(grades.rows.map((r) => [r.studentId, r.view]));
  const students: SummaryStudent[] = inputs.students.map((r) => {
    const view = gradeOf.get(r.id);
    const gradePercent = !view || view.empty ? null : view.percent;
    const counts = counted.get(r.id) ?? NO_RECORDS;
    const taken = counts.present + counts.absent + counts.late + counts.excused > 0;
    const attendancePercent = taken ? teacherAttendancePercent(counts) : null;
    return {
      id: r.id,
      name: r.name,
      username: r.username,
      gradePercent,
      letter: gradePercent === null ? null : (view?.letter ?? null),
      gradeEmpty: gradePercent === null,
      points: view?.points ?? null,
      overridden: view?.overridden ?? false,
      why: view?.why ?? [],
      gradeBand: gradePercent === null ? null : band(gradePercent, TEACHER_THRESHOLDS),
      attendancePercent,
      attendanceBand: attendancePercent === null ? null : band(attendancePercent, TEACHER_THRESHOLDS),
      counts,
      status: studentStatus(gradePercent, attendancePercent),
    };
  });
  return {
    students,
    // Class figures average the students who have any record, so a new student with nothing
    // yet does not drag the class to 0.
    averageGrade: meanOf(students.map((s) => s.gradePercent)),
    averageAttendance: meanOf(students.map((s) => s.attendancePercent)),
    activity: activity.map((a, i) => ({
      key: `${a.kind}-${i}`,
      sentence:
        a.kind === "grade" && a.detail ? "gradeScored" : a.kind === "response" && a.detail ? "responseTitled" : a.kind,
      values: { who: a.who, what: a.what, ...(a.detail ? { detail: a.detail } : {}) },
      at: a.at,
    })),
    terms: grades.terms,
    term: grades.term,
  };
}
