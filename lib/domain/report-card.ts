import { countStatuses, reportCardAttendancePercent } from "./attendance";
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
  letter: string;
  percent: number;
  band: Band;
  earned: number;
  possible: number;
  attendancePercent: number;
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
  attendancePercent: number;
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

/** Per class: 12-step letter, percent, points, present-only attendance to one decimal (spec §9). */
export function buildReportCard(input: ReportCardInput): ReportCardView {
  return {
    studentId: input.student.id,
    studentName: input.student.name,
    classes: input.classes.map((c) => {
      const g = input.grades.filter((x) => x.levelCode === c.code);
      const a = input.attendance.filter((x) => x.levelCode === c.code);
      const percent = gradePercent(g);
      return {
        code: c.code,
        name: c.name,
        period: c.period,
        letter: teacherLetter(percent),
        percent,
        band: band(percent, REPORT_CARD_THRESHOLDS),
        earned: sumScores(g.map((x) => x.score)),
        possible: g.reduce((s, x) => s + x.maxScore, 0),
        attendancePercent: reportCardAttendancePercent(countStatuses(a.map((x) => x.status))),
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
