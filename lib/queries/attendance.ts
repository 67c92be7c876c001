import "server-only";
import { asc, eq, sql } from "drizzle-orm";
import { revealCodes } from "@/lib/auth/code-access";
import type { Actor } from "@/lib/auth/policy";
import { db, queryRows } from "@/lib/db/client";
import { attendanceMarks, type AttendanceCounts } from "@/lib/domain/attendance";
import { attendance, studentEnrollment, studentLevelStats, users } from "@/lib/db/schema";

export interface AttendanceGridData {
  students: { id: number; name: string; username: string; code: string | null; codeAdminsOnly: boolean }[];
  /** Every day with a record for someone on the roster, newest first. */
  dates: string[];
  /** marks[i]: one letter per entry of `dates` for student i (P, A, L, E or '-'). */
  marks: string[];
}

/**
 * The attendance grid of a class in two queries. Records come back as one row per student with
 * day numbers and status initials, read from an index alone (attendance_level_student_day_idx):
 * a class of 100 with 180 days is 100 rows through the driver instead of 18,000. Records of
 * students who left the class stay in the database (and reappear if they are enrolled again);
 * the grid shows the current roster only. Staff only (codes).
 */
export async function getAttendanceGrid(levelCode: string, viewer?: Actor): Promise<AttendanceGridData> {
  const [sealed, rows] = await Promise.all([
    db()
      .select({ id: users.id, name: users.name, username: users.username, codeSealed: users.codeSealed })
      .from(studentEnrollment)
      .innerJoin(users, eq(users.id, studentEnrollment.studentId))
      .where(eq(studentEnrollment.levelCode, levelCode))
      .orderBy(asc(users.name), asc(users.id)),
    // Day numbers as one comma-separated text, not an int[]: the drivers' array parsers went
    // through 18,000 elements a character at a time (~5 ms of a 40 ms page); split() is native.
    queryRows<{ student_id: number; days: string; initials: string }>(sql`
      select student_id, string_agg((date - date '1970-01-01')::text, ',') as days, string_agg(left(status, 1), '') as initials
      from ${attendance} where level_code = ${levelCode} group by student_id`),
  ]);
  // Codes as the viewer may see them (issue 28); without a viewer, none.
  const students = viewer
    ? await revealCodes(viewer, sealed)
    : sealed.map(({ codeSealed: _c, ...s }) => ({ ...s, code: null, codeAdminsOnly: false }));
  const days = rows.map((r) => ({
    studentId: Number(r.student_id),
    days: r.days.split(",").map(Number),
    initials: r.initials,
  }));
  return {
    students,
    ...attendanceMarks(
      days,
      students.map((s) => s.id),
    ),
  };
}

type CountRow = { present: number | string; absent: number | string; late: number | string; excused: number | string };
/** Counts as the drivers return them (count(*) and the kept totals may arrive as text). */
const countsOf = (r: CountRow): AttendanceCounts => ({
  present: Number(r.present),
  absent: Number(r.absent),
  late: Number(r.late),
  excused: Number(r.excused),
});

/**
 * Each student's attendance counts in one class between two days (a term), from the records: one
 * grouped statement over the class's index (attendance_level_student_day_idx), whatever the size.
 * The running totals (student_level_stats) are for the whole year; a term is a date range.
 */
export async function countAttendanceBetween(
  levelCode: string,
  range: { startDate: string; endDate: string },
  on?: Parameters<typeof queryRows>[1],
): Promise<Map<number, AttendanceCounts>> {
  const rows = await queryRows<CountRow & { student_id: number }>(
    sql`
    select student_id, count(*) filter (where status = 'present')::int as present, count(*) filter (where status = 'absent')::int as absent,
      count(*) filter (where status = 'late')::int as late, count(*) filter (where status = 'excused')::int as excused
    from ${attendance} where level_code = ${levelCode} and date between ${range.startDate}::date and ${range.endDate}::date
    group by student_id`,
    on,
  );
  return new Map(rows.map((r) => [Number(r.student_id), countsOf(r)]));
}

/** Each student's whole-year attendance counts in one class, from the kept totals (student_level_stats): no record is read. */
export async function listAttendanceTotals(levelCode: string): Promise<Map<number, AttendanceCounts>> {
  const rows = await queryRows<CountRow & { student_id: number }>(sql`
    select student_id, present, absent, late, excused from ${studentLevelStats} where level_code = ${levelCode}`);
  return new Map(rows.map((r) => [Number(r.student_id), countsOf(r)]));
}
