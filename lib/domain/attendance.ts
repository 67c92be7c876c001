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
