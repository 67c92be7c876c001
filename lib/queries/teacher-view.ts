import "server-only";
import type { SummaryActivity, SummaryStudent } from "@/components/teacher/summary-tab";
import { teacherAttendancePercent } from "@/lib/domain/attendance";
import { TEACHER_THRESHOLDS } from "@/lib/domain/constants";
import { formatDateTime } from "@/lib/domain/format";
import { band, teacherLetter } from "@/lib/domain/grades";
import { scorePercent, sumScores } from "@/lib/domain/percent";
import { roundedMean, studentStatus } from "@/lib/domain/summary";
import { listRecentActivity, listStudentSummaries } from "./teacher";

export interface SummaryView {
  students: SummaryStudent[];
  averageGrade: number;
  averageAttendance: number;
  activity: SummaryActivity[];
}

/** The Summary tab in two queries: per-student aggregates and the activity feed. */
export async function loadSummaryView(levelCode: string, timeZone: string): Promise<SummaryView> {
  const [rows, activity] = await Promise.all([listStudentSummaries(levelCode), listRecentActivity(levelCode)]);
  const students: SummaryStudent[] = rows.map((r) => {
    const gradePercent = scorePercent(r.earned, r.possible);
    const counts = { present: r.present, excused: r.excused, late: r.late, absent: r.absent };
    const attendancePercent = teacherAttendancePercent(counts);
    return {
      id: r.id,
      name: r.name,
      username: r.username,
      gradePercent,
      letter: teacherLetter(gradePercent),
      earned: sumScores([r.earned]),
      possible: r.possible,
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
    averageGrade: roundedMean(students.filter((s) => s.possible > 0).map((s) => s.gradePercent)),
    averageAttendance: roundedMean(students.filter((s) => s.counts.present + s.counts.absent + s.counts.late + s.counts.excused > 0).map((s) => s.attendancePercent)),
    activity: activity.map((a, i) => ({
      key: `${a.kind}-${i}`,
      text: `${a.who} ${verbs[a.kind]} “${a.what}”${a.kind === "grade" && a.detail ? ` (${a.detail})` : a.kind === "response" && a.detail ? `: ${a.detail}` : ""}`,
      when: formatDateTime(a.at, timeZone),
    })),
  };
}
