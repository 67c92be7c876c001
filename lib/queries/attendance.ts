import "server-only";
import { asc, eq, sql } from "drizzle-orm";
import { db, queryRows } from "@/lib/db/client";
import { attendanceMarks } from "@/lib/domain/attendance";
import { attendance, studentEnrollment, users } from "@/lib/db/schema";

export interface AttendanceGridData {
  students: { id: number; name: string; username: string; code: string | null }[];
  /** Every day with a record for someone on the roster, newest first. */
  dates: string[];
  /** marks[i]: one letter per entry of `dates` for student i (P, A, L, E or '-'). */
  marks: string[];
}

/**
 * The attendance grid of a class in two queries. Records come back as one text row per
 * student ('2026-11-02P,2026-11-03A,…'): a class of 100 with 180 days is 100 rows through the
 * driver instead of 18,000. Staff only (codes).
 */
export async function getAttendanceGrid(levelCode: string): Promise<AttendanceGridData> {
  const [students, rows] = await Promise.all([
    db()
      .select({ id: users.id, name: users.name, username: users.username, code: users.code })
      .from(studentEnrollment)
      .innerJoin(users, eq(users.id, studentEnrollment.studentId))
      .where(eq(studentEnrollment.levelCode, levelCode))
      .orderBy(asc(users.name), asc(users.id)),
    // Records of students removed from the class stay in the database and reappear if they are
    // enrolled again; the grid shows the current roster only.
    queryRows<{ student_id: number; days: string }>(sql`
      select a.student_id, string_agg(to_char(a.date, 'YYYY-MM-DD') || a.status, ',') as days
      from ${attendance} a
      join ${studentEnrollment} e on e.student_id = a.student_id and e.level_code = a.level_code
      where a.level_code = ${levelCode}
      group by a.student_id`),
  ]);
  const records = rows.flatMap((r) => r.days.split(",").map((d) => ({ studentId: Number(r.student_id), date: d.slice(0, 10), status: d.slice(10) })));
  return { students, ...attendanceMarks(records, students.map((s) => s.id)) };
}
