import { countStatuses } from "./attendance";
import { cardAttendancePercent } from "./stored-grade";
import { REPORT_CARD_THRESHOLDS } from "./constants";
import { band, gradePercent, itemPercent, teacherLetter, type Band } from "./grades";
import { sumScores } from "./percent";

export interface ReportCardInput {
  student: { id: number; name: string };
  classes: { code: string; name: string; period: string | null }[];
  grades: {
    levelCode: string;
    title: string;
    score: number;
    maxScore: number;
    gradedOn: string;
    feedback: string | null;
  }[];
  attendance: { levelCode: string; date: string; status: string }[];
}

export interface ReportCardClass {
  code: string;
  name: string;
  period: string | null;
  /** The grade of `gradeTitle` (today's term, or the whole year): "—" (null) while nothing counts. */
  letter: string | null;
  percent: number | null;
  band: Band | null;
  /** The term the grade is for; null: the whole year. */
  gradeTitle: string | null;
  /** The calculator's counted points behind the grade (after drops, excused work, late penalties). */
  points: { earned: string; possible: string } | null;
  /** Present-only, to one decimal (spec §9); null ("—") while no attendance was taken. */
  attendancePercent: number | null;
  /** The term the attendance rate is for (the grade's term); null: the whole year. */
  attendanceTitle: string | null;
  grades: {
    title: string;
    score: number;
    maxScore: number;
    percent: number;
    gradedOn: string;
    feedback: string | null;
  }[];
  attendance: { date: string; status: string }[];
  term?: ReportTermGrade;
  /** The last published term's report card for this class (issue 19). */
  published?: PublishedTermGrade;
}

export interface PublishedTermGrade extends ReportTermGrade {
  title: string;
  attendancePercent: number | null;
  attendance: { present: number; absent: number; late: number; excused: number };
  comment: string | null;
}

/** The class's grade for the current term (issue 19), when the school keeps terms or the class grades otherwise than by total points. */
export interface ReportTermGrade {
  /** The term's name; null for the whole year. */
  title: string | null;
  percent: number;
  letter: string;
  empty: boolean;
  overridden: boolean;
  why: string[];
}

export interface ReportCardView {
  studentId: number;
  studentName: string;
  classes: ReportCardClass[];
}

/**
 * Per class: the lists of graded items and attendance days, and spec §9's figures for a school
 * without terms or custom grading (Σscores / Σmax, present-only attendance). lib/parent/portal
 * puts the calculator's grade of the term shown (or its stored card) in their place.
 */
export function buildReportCard(input: ReportCardInput): ReportCardView {
  return {
    studentId: input.student.id,
    studentName: input.student.name,
    classes: input.classes.map((c) => {
      const g = input.grades.filter((x) => x.levelCode === c.code);
      const a = input.attendance.filter((x) => x.levelCode === c.code);
      const percent = g.length ? gradePercent(g) : null;
      const possible = sumScores(g.map((x) => x.maxScore));
      return {
        code: c.code,
        name: c.name,
        period: c.period,
        letter: percent === null ? null : teacherLetter(percent),
        percent,
        band: percent === null ? null : band(percent, REPORT_CARD_THRESHOLDS),
        gradeTitle: null,
        points: g.length
          ? { earned: sumScores(g.map((x) => x.score)).toFixed(2), possible: possible.toFixed(2) }
          : null,
        attendancePercent: cardAttendancePercent(countStatuses(a.map((x) => x.status))),
        attendanceTitle: null,
        grades: g.map((x) => ({
          title: x.title,
          score: x.score,
          maxScore: x.maxScore,
          percent: itemPercent(x.score, x.maxScore),
          gradedOn: x.gradedOn,
          feedback: x.feedback,
        })),
        attendance: a.map((x) => ({ date: x.date, status: x.status })),
      };
    }),
  };
}

/**
 * The attendance rate of the days that fall in a term (first and last day included), as the
 * report card shows it beside that term's grade: present-only to one decimal, null when none.
 */
export function termAttendancePercent(
  days: readonly { date: string; status: string }[],
  term: { startDate: string; endDate: string },
): number | null {
  const inTerm = days.filter((d) => d.date >= term.startDate && d.date <= term.endDate);
  return cardAttendancePercent(countStatuses(inTerm.map((d) => d.status)));
}
