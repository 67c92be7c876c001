import "server-only";
import { and, asc, desc, eq, or, sql } from "drizzle-orm";
import { db, queryRows } from "@/lib/db/client";
import { assignments, attendance, grades, levels, studentEnrollment, users } from "@/lib/db/schema";

// Parent portal queries. They return names and school records only: never access codes,
// e-mails, phone numbers or dates of birth.

function likeDigits(digits: string): string {
  return `%${digits}%`; // digits only, so no LIKE wildcard can be smuggled in
}

/** Students whose parent1/parent2 number contains these digits (compared digits to digits). */
export async function findStudentsByParentDigits(digits: string): Promise<{ id: number; name: string }[]> {
  return db()
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(and(eq(users.role, "student"), or(sql`${users.parent1Digits} like ${likeDigits(digits)}`, sql`${users.parent2Digits} like ${likeDigits(digits)}`)))
    .orderBy(asc(users.name), asc(users.id))
    .limit(50);
}

/** Is a full phone number on file (digits equal to a student's parent number or a parent's phone)? */
export async function phoneNumberOnFile(digits: string): Promise<boolean> {
  const [row] = await queryRows<{ found: boolean }>(sql`
    select exists (select 1 from users where role = 'student' and length(parent1_digits) >= 7 and parent1_digits = ${digits})
        or exists (select 1 from users where role = 'student' and length(parent2_digits) >= 7 and parent2_digits = ${digits})
        or exists (select 1 from users where role = 'parent' and length(phone_digits) >= 7 and phone_digits = ${digits}) as found`);
  return Boolean(row?.found);
}

export interface ReportCardData {
  student: { id: number; name: string };
  classes: { code: string; name: string; period: string | null; enrolledAt: Date }[];
  grades: { levelCode: string; title: string; score: number; maxScore: number; gradedAt: Date; feedback: string | null }[];
  attendance: { levelCode: string; date: string; status: string }[];
}

/** Everything a report card shows, in four queries. */
export async function getReportCard(studentId: number): Promise<ReportCardData | null> {
  const [student] = await db().select({ id: users.id, name: users.name }).from(users).where(and(eq(users.id, studentId), eq(users.role, "student")));
  if (!student) return null;
  const [classes, gradeRows, attendanceRows] = await Promise.all([
    db()
      .select({ code: levels.code, name: levels.name, period: levels.period, enrolledAt: studentEnrollment.enrolledAt })
      .from(studentEnrollment)
      .innerJoin(levels, eq(levels.code, studentEnrollment.levelCode))
      .where(eq(studentEnrollment.studentId, studentId))
      .orderBy(desc(studentEnrollment.enrolledAt)),
    db()
      .select({ levelCode: assignments.levelCode, title: assignments.title, score: grades.score, maxScore: assignments.maxScore, gradedAt: grades.gradedAt, feedback: grades.feedback })
      .from(grades)
      .innerJoin(assignments, eq(assignments.id, grades.assignmentId))
      .where(eq(grades.studentId, studentId))
      .orderBy(desc(grades.gradedAt)),
    db()
      .select({ levelCode: attendance.levelCode, date: attendance.date, status: attendance.status })
      .from(attendance)
      .where(eq(attendance.studentId, studentId))
      .orderBy(desc(attendance.date)),
  ]);
  return { student, classes, grades: gradeRows, attendance: attendanceRows };
}

/** Is this full number (all its digits) one of the student's parent numbers? (The open mode's report-card key.) */
export async function studentHasParentNumber(studentId: number, digits: string): Promise<boolean> {
  const rows = await db()
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, studentId), eq(users.role, "student"), or(eq(users.parent1Digits, digits), eq(users.parent2Digits, digits))));
  return rows.length > 0;
}
