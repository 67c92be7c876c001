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

const MARK_OF_STATUS: Record<string, string> = { present: "P", absent: "A", late: "L", excused: "E" };
export const STATUS_OF_MARK: Record<string, AttendanceStatus> = { P: "present", A: "absent", L: "late", E: "excused" };

/**
 * An attendance grid as one string per student (a letter per day, '-' for no record) over the
 * days that have any record, newest first. Records of students not listed are left out.
 */
export function attendanceMarks(records: readonly { studentId: number; date: string; status: string }[], studentIds: readonly number[]): { dates: string[]; marks: string[] } {
  const dates = [...new Set(records.map((r) => r.date))].sort().reverse();
  const col = new Map(dates.map((d, i) => [d, i]));
  const rows = new Map(studentIds.map((id) => [id, Array<string>(dates.length).fill("-")]));
  for (const r of records) {
    const row = rows.get(r.studentId);
    if (row) row[col.get(r.date)!] = MARK_OF_STATUS[r.status] ?? "-";
  }
  return { dates, marks: studentIds.map((id) => rows.get(id)!.join("")) };
}
