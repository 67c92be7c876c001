import "server-only";
import { asc, desc, eq } from "drizzle-orm";
import { db } from "@/lib/db/client";
import { attendance, studentEnrollment, users } from "@/lib/db/schema";

export interface AttendanceGridData {
  students: { id: number; name: string; username: string; code: string | null }[];
  records: { studentId: number; date: string; status: string }[];
}

/** The attendance grid of a class: roster and every record, in two queries. Staff only (codes). */
export async function getAttendanceGrid(levelCode: string): Promise<AttendanceGridData> {
  const [students, records] = await Promise.all([
    db()
      .select({ id: users.id, name: users.name, username: users.username, code: users.code })
      .from(studentEnrollment)
      .innerJoin(users, eq(users.id, studentEnrollment.studentId))
      .where(eq(studentEnrollment.levelCode, levelCode))
      .orderBy(asc(users.name), asc(users.id)),
    db()
      .select({ studentId: attendance.studentId, date: attendance.date, status: attendance.status })
      .from(attendance)
      .where(eq(attendance.levelCode, levelCode))
      .orderBy(desc(attendance.date)),
  ]);
  // Records of students removed from the class stay in the database and reappear if they are
  // enrolled again; the grid shows the current roster only.
  const enrolled = new Set(students.map((s) => s.id));
  return { students, records: records.filter((r) => enrolled.has(r.studentId)) };
}
