import type { AttendanceStatus } from "./constants";

export interface AttendanceCounts {
  present: number;
  absent: number;
  late: number;
  excused: number;
}

export function countStatuses(statuses: readonly string[]): AttendanceCounts {
  const c: AttendanceCounts = { present: 0, absent: 0, late: 0, excused: 0 };
  for (const s of statuses) if (s in c) c[s as AttendanceStatus]++;
  return c;
}

function total(c: AttendanceCounts): number {
  return c.present + c.absent + c.late + c.excused;
}

/** Student view: present / records × 100, rounded; 0 with no records. */
export function studentAttendanceRate(c: AttendanceCounts): number {
  const n = total(c);
  return n > 0 ? Math.round((c.present / n) * 100) : 0;
}

/** Teacher dashboard: (present + excused + 0.5 × late) / records × 100, rounded; 0 with no records. */
export function teacherAttendancePercent(c: AttendanceCounts): number {
  const n = total(c);
  return n > 0 ? Math.round(((c.present + c.excused + 0.5 * c.late) / n) * 100) : 0;
}

/** Parent report card: present only, to one decimal; 0 with no records. */
export function reportCardAttendancePercent(c: AttendanceCounts): number {
  const n = total(c);
  return n > 0 ? Math.round((c.present / n) * 1000) / 10 : 0;
}

export const STATUS_OF_MARK: Record<string, AttendanceStatus> = { P: "present", A: "absent", L: "late", E: "excused" };

/**
 * One student's records in one class as the database sends them for the grid: day numbers
 * (days since 1970-01-01) and, in the same order, each record's status initial (p, a, l, e).
 */
export interface StudentDays {
  studentId: number;
  days: readonly number[];
  initials: string;
}

const DAY_MS = 86_400_000;
export const dayNumberToDate = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

/**
 * An attendance grid as one string per student (a letter per day, '-' for no record) over the
 * days on which any listed student has a record, newest first. Other students' rows are left out.
 */
export function attendanceMarks(rows: readonly StudentDays[], studentIds: readonly number[]): { dates: string[]; marks: string[] } {
  const listed = new Set(studentIds);
  const byStudent = new Map(rows.filter((r) => listed.has(r.studentId)).map((r) => [r.studentId, r]));
  const dayNumbers = [...new Set([...byStudent.values()].flatMap((r) => r.days))].sort((a, b) => b - a);
  const col = new Map(dayNumbers.map((d, i) => [d, i]));
  const marks = studentIds.map((id) => {
    const row = Array<string>(dayNumbers.length).fill("-");
    const r = byStudent.get(id);
    if (r) r.days.forEach((d, i) => (row[col.get(d)!] = r.initials[i]!.toUpperCase()));
    return row.join("");
  });
  return { dates: dayNumbers.map(dayNumberToDate), marks };
}
