import "server-only";
import { teacherAttendancePercent } from "@/lib/domain/attendance";
import { TEACHER_THRESHOLDS } from "@/lib/domain/constants";
import { dateInTimeZone } from "@/lib/domain/dates";
import { formatDateTime } from "@/lib/domain/format";
import { band, teacherLetter, type Band } from "@/lib/domain/grades";
import { roundedMean, studentStatus } from "@/lib/domain/summary";
import { classTermGradesWithCards, readClassTermInputs } from "@/lib/gradebook/class-term-grades";
import type { TermChoice, TermGradeView } from "@/lib/gradebook/term-grades";
import { countAttendanceBetween, listAttendanceTotals } from "./attendance";
import { listRecentActivity } from "./teacher";

// The teacher's Summary tab (spec §2, issue 19): each student's grade for the term shown from the
// one calculator, with its "why", and attendance for the term's dates (the whole year from the
// running totals). View models live here; components/teacher/summary-tab.tsx renders them.

export interface SummaryStudent {
  id: number;
  name: string;
  username: string;
  gradePercent: number;
  letter: string;
  /** Nothing counts yet in the term shown. */
  gradeEmpty: boolean;
  overridden: boolean;
  /** "Why this grade", the calculator's sentences. */
  why: string[];
  gradeBand: Band;
  attendancePercent: number;
  attendanceBand: Band;
  counts: { present: number; excused: number; late: number; absent: number };
  status: "Excellent" | "Good" | "Needs Attention";
}

export interface SummaryActivity {
  key: string;
  text: string;
  when: string;
}

export interface SummaryView {
  students: SummaryStudent[];
  averageGrade: number;
  averageAttendance: number;
  activity: SummaryActivity[];
  /** The school's terms (empty: it keeps none) and the one shown (null: the whole year). */
  terms: TermGradeView["terms"];
  term: TermGradeView["term"];
}

const NO_RECORDS = { present: 0, excused: 0, late: 0, absent: 0 };

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
    const gradePercent = view?.percent ?? 0;
    const counts = counted.get(r.id) ?? NO_RECORDS;
    const attendancePercent = teacherAttendancePercent(counts);
    return {
      id: r.id,
      name: r.name,
      username: r.username,
      gradePercent,
      letter: teacherLetter(gradePercent),
      gradeEmpty: view?.empty ?? true,
      overridden: view?.overridden ?? false,
      why: view?.why ?? [],
      gradeBand: band(gradePercent, TEACHER_THRESHOLDS),
      attendancePercent,
      attendanceBand: band(attendancePercent, TEACHER_THRESHOLDS),
      counts,
      status: studentStatus(gradePercent, attendancePercent),
    };
  });
  const verbs = { submission: "submitted", response: "responded to", grade: "was graded on" } as const;
  return {
    students,
    // Class figures average the students who have any record, so a new student with nothing
    // yet does not drag the class to 0.
    averageGrade: roundedMean(students.filter((s) => !s.gradeEmpty).map((s) => s.gradePercent)),
    averageAttendance: roundedMean(
      students
        .filter((s) => s.counts.present + s.counts.absent + s.counts.late + s.counts.excused > 0)
        .map((s) => s.attendancePercent),
    ),
    activity: activity.map((a, i) => ({
      key: `${a.kind}-${i}`,
      text: `${a.who} ${verbs[a.kind]} “${a.what}”${a.kind === "grade" && a.detail ? ` (${a.detail})` : a.kind === "response" && a.detail ? `: ${a.detail}` : ""}`,
      when: formatDateTime(a.at, timeZone),
    })),
    terms: grades.terms,
    term: grades.term,
  };
}
