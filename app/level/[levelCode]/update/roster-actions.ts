"use server";

import { and, eq, inArray, sql } from "drizzle-orm";
import { revalidatePath } from "next/cache";
import { z } from "zod";
import type { ActionResult } from "@/lib/action-result";
import { formObject, guarded, idSchema, invalid } from "@/lib/actions";
import { generateAccessCode } from "@/lib/auth/codes";
import { requireClassAccess } from "@/lib/auth/guards";
import { canEditStudent } from "@/lib/auth/policy";
import { db } from "@/lib/db/client";
import { uniqueViolation } from "@/lib/db/errors";
import { attendance, studentEnrollment, users } from "@/lib/db/schema";
import { ACCESS_CODE_MAX_LENGTH, ATTENDANCE_STATUSES } from "@/lib/domain/constants";
import { searchStudentsForLevel } from "@/lib/queries/roster";
import { audit } from "@/lib/audit";
import { isStudentEnrolled } from "@/lib/queries/levels";

// Attendance and roster actions of the class dashboard. Same rule as every teaching action:
// the caller must teach this level, and every student id must be enrolled in it.

function refresh(code: string) {
  const base = `/level/${encodeURIComponent(code)}`;
  revalidatePath(`${base}/update`);
  revalidatePath(base);
}

/* ---------- attendance ---------- */

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Choose a valid date")
  .refine((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s && s >= "2000-01-01" && s <= "2100-12-31";
  }, "Choose a valid date");

/** Add a day: every enrolled student present, in one transaction; refused if the day has any record. */
export async function addAttendanceDay(input: { levelCode: string; date: string }): Promise<ActionResult> {
  return guarded(async () => {
    const { user, level } = await requireClassAccess(String(input?.levelCode ?? ""), "teach");
    const parsed = day.safeParse(input?.date);
    if (!parsed.success) return invalid(parsed.error);
    const date = parsed.data;
    const exists = `Attendance already exists for ${date}. Please edit existing records.`;
    try {
      const added = await db().transaction(async (tx) => {
        const [any] = await tx.select({ id: attendance.id }).from(attendance).where(and(eq(attendance.levelCode, level.code), eq(attendance.date, date))).limit(1);
        if (any) return null;
        const roster = await tx.select({ id: studentEnrollment.studentId }).from(studentEnrollment).where(eq(studentEnrollment.levelCode, level.code));
        if (roster.length === 0) return 0;
        // A plain insert: if another tab adds the same day at the same moment, the unique
        // (student, level, date) key fails this transaction instead of duplicating rows.
        await tx.insert(attendance).values(roster.map((r) => ({ studentId: r.id, levelCode: level.code, date, status: "present" })));
        await audit(tx, { action: "attendance.changed", actorId: user.id, levelCode: level.code, detail: { date, added: roster.length, status: "present" } });
        return roster.length;
      });
      if (added === null) return { ok: false, message: exists };
      if (added === 0) return { ok: false, message: "No students enrolled yet" };
    } catch (err) {
      if (uniqueViolation(err)) return { ok: false, message: exists };
      throw err;
    }
    refresh(level.code);
    return { ok: true, message: `Attendance added for ${date}` };
  });
}

/** Mark every enrolled student present for a day (inserting missing records). */
export async function markAllPresent(input: { levelCode: string; date: string }): Promise<ActionResult> {
  return guarded(async () => {
    const { user, level } = await requireClassAccess(String(input?.levelCode ?? ""), "teach");
    const parsed = day.safeParse(input?.date);
    if (!parsed.success) return invalid(parsed.error);
    await audit(db(), { action: "attendance.changed", actorId: user.id, levelCode: level.code, detail: { date: parsed.data, markAll: "present" } });
    await db().execute(sql`
      insert into attendance (student_id, level_code, date, status)
      select student_id, level_code, ${parsed.data}::date, 'present' from student_enrollment where level_code = ${level.code}
      on conflict (student_id, level_code, date) do update set status = 'present', updated_at = now()`);
    refresh(level.code);
    return { ok: true, message: `Everyone marked present for ${parsed.data}` };
  });
}

/**
 * One cell of the grid: a status updates the record or inserts it; '-' (empty) deletes the record,
 * so the percentages (records of the student) stay exact.
 */
export async function setAttendance(input: { levelCode: string; studentId: number; date: string; status: string }): Promise<ActionResult> {
  return guarded(async () => {
    const { user, level } = await requireClassAccess(String(input?.levelCode ?? ""), "teach");
    const parsed = z
      .object({ studentId: idSchema, date: day, status: z.enum([...ATTENDANCE_STATUSES, ""], { message: "Choose a valid status" }) })
      .safeParse(input);
    if (!parsed.success) return invalid(parsed.error);
    const { studentId, date, status } = parsed.data;
    const [student] = await db()
      .select({ name: users.name })
      .from(users)
      .innerJoin(studentEnrollment, and(eq(studentEnrollment.studentId, users.id), eq(studentEnrollment.levelCode, level.code)))
      .where(eq(users.id, studentId));
    if (!student) return { ok: false, message: "That student is not enrolled in this class." };
    // The change and its audit entry commit together.
    await db().transaction(async (tx) => {
      const [old] = await tx.select({ status: attendance.status }).from(attendance).where(and(eq(attendance.studentId, studentId), eq(attendance.levelCode, level.code), eq(attendance.date, date)));
      await audit(tx, { action: "attendance.changed", actorId: user.id, levelCode: level.code, detail: { studentId, date, old: old?.status ?? null, new: status || null } });
      if (status === "") {
        await tx.delete(attendance).where(and(eq(attendance.studentId, studentId), eq(attendance.levelCode, level.code), eq(attendance.date, date)));
      } else {
        await tx
          .insert(attendance)
          .values({ studentId, levelCode: level.code, date, status })
          .onConflictDoUpdate({ target: [attendance.studentId, attendance.levelCode, attendance.date], set: { status, updatedAt: new Date() } });
      }
    });
    // No page re-render: the grid already shows the change (see saveGrade).
    return { ok: true, message: `Attendance updated for ${student.name}` };
  });
}

/* ---------- roster ---------- */

export async function searchStudents(levelCode: string, query: string): Promise<ActionResult<{ id: number; name: string; username: string; email: string | null; enrolled: boolean }[]>> {
  return guarded(async () => {
    const { level } = await requireClassAccess(String(levelCode ?? ""), "teach");
    const q = z.string().max(100).safeParse(query ?? "");
    if (!q.success) return invalid(q.error);
    return { ok: true, data: await searchStudentsForLevel(level.code, q.data) };
  });
}

/** Add existing students; already-enrolled ones are skipped (and cannot be picked in the dialog). */
export async function enrollStudents(input: { levelCode: string; studentIds: number[] }): Promise<ActionResult<{ added: number }>> {
  return guarded(async () => {
    const { user, level } = await requireClassAccess(String(input?.levelCode ?? ""), "teach");
    const parsed = z.object({ studentIds: z.array(idSchema).min(1, "Select at least one student").max(1000) }).safeParse(input);
    if (!parsed.success) return invalid(parsed.error);
    const ids = [...new Set(parsed.data.studentIds)];
    const students = await db().select({ id: users.id }).from(users).where(and(inArray(users.id, ids), eq(users.role, "student")));
    if (students.length !== ids.length) return { ok: false, message: "Only existing students can be added." };
    const added = await db()
      .insert(studentEnrollment)
      .values(ids.map((id) => ({ studentId: id, levelCode: level.code })))
      .onConflictDoNothing()
      .returning({ id: studentEnrollment.id, studentId: studentEnrollment.studentId });
    if (added.length) await audit(db(), { action: "enrollment.changed", actorId: user.id, levelCode: level.code, detail: { added: added.map((a) => a.studentId) } });
    refresh(level.code);
    return { ok: true, message: `Successfully added ${added.length} student(s) to the class!`, data: { added: added.length } };
  });
}

const optionalText = (max: number) =>
  z
    .string()
    .max(max, `At most ${max} characters`)
    .optional()
    .transform((s) => (s === undefined || s.trim() === "" ? null : s.trim()));

const studentFields = z.object({
  name: z.string().trim().min(1, "Name is required").max(200, "Name is too long"),
  username: z.string().trim().min(1, "Username is required").max(100, "Username is too long"),
  email: optionalText(254).refine((e) => e === null || z.email().safeParse(e).success, "Please enter a valid email address"),
  code: optionalText(ACCESS_CODE_MAX_LENGTH).transform((c) => (c === null ? null : c.toLowerCase())),
  phoneNumber: optionalText(40),
  parent1Number: optionalText(40),
  parent2Number: optionalText(40),
});

function duplicateMessage(err: unknown): string | null {
  const dup = uniqueViolation(err);
  if (!dup) return null;
  if (dup.constraint.includes("username")) return "That username is already taken.";
  if (dup.constraint.includes("code")) return "That access code is already in use.";
  return "That record already exists.";
}

/** Create New Student: enrolled in this class; a blank code gets a generated one, shown once. */
export async function createStudent(_prev: ActionResult<{ code: string | null; name: string }>, formData: FormData): Promise<ActionResult<{ code: string | null; name: string }>> {
  return guarded(async () => {
    const { user, level } = await requireClassAccess(String(formData.get("levelCode") ?? ""), "teach");
    const parsed = studentFields.safeParse(formObject(formData));
    if (!parsed.success) return invalid(parsed.error);
    const v = parsed.data;
    const generated = v.code === null;
    for (let attempt = 0; attempt < 3; attempt++) {
      const code = v.code ?? generateAccessCode();
      try {
        await db().transaction(async (tx) => {
          const [row] = await tx.insert(users).values({ ...v, code, role: "student" }).returning({ id: users.id });
          await tx.insert(studentEnrollment).values({ studentId: row!.id, levelCode: level.code });
          await audit(tx, { action: "enrollment.changed", actorId: user.id, levelCode: level.code, detail: { created: row!.id, added: [row!.id] } });
        });
        refresh(level.code);
        return { ok: true, message: `Successfully created and added ${v.name} to the class!`, data: { code: generated ? code : null, name: v.name } };
      } catch (err) {
        const dup = uniqueViolation(err);
        if (generated && dup?.constraint.includes("code")) continue; // astronomically unlikely: draw again
        const msg = duplicateMessage(err);
        if (msg) return { ok: false, message: msg };
        throw err;
      }
    }
    return { ok: false, message: "Could not generate a unique access code. Please try again." };
  });
}

/** Edit student (teacher, spec §5): name and username required; blank phones and code become null. */
export async function editStudent(_prev: ActionResult, formData: FormData): Promise<ActionResult> {
  return guarded(async () => {
    const { user, level } = await requireClassAccess(String(formData.get("levelCode") ?? ""), "teach");
    const parsed = studentFields.extend({ studentId: idSchema }).safeParse(formObject(formData));
    if (!parsed.success) return invalid(parsed.error);
    const { studentId, ...v } = parsed.data;
    if (!canEditStudent(user, { studentInActorsClass: await isStudentEnrolled(studentId, level.code) })) {
      return { ok: false, message: "That student is not enrolled in this class." };
    }
    const [current] = await db().select({ code: users.code, role: users.role }).from(users).where(eq(users.id, studentId));
    if (!current || current.role !== "student") return { ok: false, message: "That student is not enrolled in this class." };
    try {
      await db()
        .update(users)
        .set({
          ...v,
          updatedAt: new Date(),
          // A new (or removed) code ends the student's open sessions.
          ...(v.code !== current.code ? { sessionVersion: sql`${users.sessionVersion} + 1` } : {}),
        })
        .where(eq(users.id, studentId));
    } catch (err) {
      const msg = duplicateMessage(err);
      if (msg) return { ok: false, message: msg };
      throw err;
    }
    refresh(level.code);
    return { ok: true, message: `Saved ${v.name}` };
  });
}

/** Remove from the class: the enrollment only; grades, submissions and attendance stay. */
export async function removeStudent(input: { levelCode: string; studentId: number }): Promise<ActionResult> {
  return guarded(async () => {
    const { user, level } = await requireClassAccess(String(input?.levelCode ?? ""), "teach");
    const parsed = z.object({ studentId: idSchema }).safeParse(input);
    if (!parsed.success) return invalid(parsed.error);
    const removed = await db()
      .delete(studentEnrollment)
      .where(and(eq(studentEnrollment.studentId, parsed.data.studentId), eq(studentEnrollment.levelCode, level.code)))
      .returning({ id: studentEnrollment.id });
    if (removed.length === 0) return { ok: false, message: "That student is not enrolled in this class." };
    await audit(db(), { action: "enrollment.changed", actorId: user.id, levelCode: level.code, detail: { removed: [parsed.data.studentId] } });
    refresh(level.code);
    return { ok: true, message: "Student removed from the class" };
  });
}
