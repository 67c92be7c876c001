"use server";

import { and, eq, inArray, sql } from "drizzle-orm";
import { revalidatePath } from "next/cache";
import { z } from "zod";
import type { ActionResult } from "@/lib/action-result";
import { formObject, guarded, idSchema, invalid } from "@/lib/actions";
import { generateAccessCode } from "@/lib/auth/codes";
import { requireClassAccess } from "@/lib/auth/guards";
import { canEditStudent } from "@/lib/auth/policy";
import { db, queryRows } from "@/lib/db/client";
import { uniqueViolation } from "@/lib/db/errors";
import { attendance, studentEnrollment, users } from "@/lib/db/schema";
import { noticeAttendanceMark } from "@/lib/notify/attendance";
import { ATTENDANCE_STATUSES } from "@/lib/domain/constants";
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
        const [any] = await tx
          .select({ id: attendance.id })
          .from(attendance)
          .where(and(eq(attendance.levelCode, level.code), eq(attendance.date, date)))
          .limit(1);
        if (any) return null;
        const roster = await tx
          .select({ id: studentEnrollment.studentId })
          .from(studentEnrollment)
          .where(eq(studentEnrollment.levelCode, level.code));
        if (roster.length === 0) return 0;
        // A plain insert: if another tab adds the same day at the same moment, the unique
        // (student, level, date) key fails this transaction instead of duplicating rows.
        await tx
          .insert(attendance)
          .values(roster.map((r) => ({ studentId: r.id, levelCode: level.code, date, status: "present" })));
        await audit(tx, {
          action: "attendance.changed",
          actorId: user.id,
          levelCode: level.code,
          detail: { date, added: roster.length, status: "present" },
        });
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
    await audit(db(), {
      action: "attendance.changed",
      actorId: user.id,
      levelCode: level.code,
      detail: { date: parsed.data, markAll: "present" },
    });
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
export async function setAttendance(input: {
  levelCode: string;
  studentId: number;
  date: string;
  status: string;
}): Promise<ActionResult> {
  return guarded(async () => {
    const { user, level } = await requireClassAccess(String(input?.levelCode ?? ""), "teach");
    const parsed = z
      .object({
        studentId: idSchema,
        date: day,
        status: z.enum([...ATTENDANCE_STATUSES, ""], { message: "Choose a valid status" }),
      })
      .safeParse(input);
    if (!parsed.success) return invalid(parsed.error);
    const { studentId, date, status } = parsed.data;
    const [student] = await db()
      .select({ name: users.name })
      .from(users)
      .innerJoin(
        studentEnrollment,
        and(eq(studentEnrollment.studentId, users.id), eq(studentEnrollment.levelCode, level.code)),
      )
      .where(eq(users.id, studentId));
    if (!student) return { ok: false, message: "That student is not enrolled in this class." };
    // The change and its audit entry commit together.
    await db().transaction(async (tx) => {
      const [old] = await tx
        .select({ status: attendance.status })
        .from(attendance)
        .where(
          and(eq(attendance.studentId, studentId), eq(attendance.levelCode, level.code), eq(attendance.date, date)),
        );
      await audit(tx, {
        action: "attendance.changed",
        actorId: user.id,
        levelCode: level.code,
        detail: { studentId, date, old: old?.status ?? null, new: status || null },
      });
      if (status === "") {
        await tx
          .delete(attendance)
          .where(
            and(eq(attendance.studentId, studentId), eq(attendance.levelCode, level.code), eq(attendance.date, date)),
          );
      } else {
        await tx
          .insert(attendance)
          .values({ studentId, levelCode: level.code, date, status })
          .onConflictDoUpdate({
            target: [attendance.studentId, attendance.levelCode, attendance.date],
            set: { status, updatedAt: new Date() },
          });
        // Families hear of an absence or tardy once it has settled (issue 20), enqueued with the mark.
        await noticeAttendanceMark(tx, { studentId, levelCode: level.code, date, status, actorId: user.id });
      }
    });
    // No page re-render: the grid already shows the change (see saveGrade).
    return { ok: true, message: `Attendance updated for ${student.name}` };
  });
}

/**
 * Roll call (issue 21): one student's status for one day. On a day without any record for the
 * class the first mark adds the day first (spec §4: every enrolled student present), in the same
 * transaction, so `P` on an empty day is everyone present in one action. Records already there
 * are never overwritten by the day's creation (on conflict do nothing): a second tab taking the
 * same day at the same moment keeps its marks. No page re-render, like setAttendance.
 */
export async function markRollCall(input: {
  levelCode: string;
  studentId: number;
  date: string;
  status: string;
}): Promise<ActionResult<{ added: number }>> {
  return guarded(async () => {
    const { user, level } = await requireClassAccess(String(input?.levelCode ?? ""), "teach");
    const parsed = z
      .object({
        studentId: idSchema,
        date: day,
        status: z.enum(ATTENDANCE_STATUSES, { message: "Choose a valid status" }),
      })
      .safeParse(input);
    if (!parsed.success) return invalid(parsed.error);
    const { studentId, date, status } = parsed.data;
    const done = await db().transaction(async (tx) => {
      // Enrolled here, and this day's record if any, in one statement.
      const [student] = await queryRows<{ name: string; old: string | null }>(
        sql`select u.name, a.status as old from users u
            join student_enrollment e on e.student_id = u.id and e.level_code = ${level.code}
            left join attendance a on a.student_id = u.id and a.level_code = ${level.code} and a.date = ${date}::date
            where u.id = ${studentId}`,
        tx,
      );
      if (!student) return null;
      let added = 0;
      if (student.old === null) {
        const [row] = await queryRows<{ n: number }>(
          sql`with ins as (
                insert into attendance (student_id, level_code, date, status)
                select student_id, level_code, ${date}::date, 'present' from student_enrollment
                where level_code = ${level.code} and not exists (select 1 from attendance where level_code = ${level.code} and date = ${date}::date)
                on conflict (student_id, level_code, date) do nothing
                returning 1)
              select count(*)::int as n from ins`,
          tx,
        );
        added = Number(row?.n ?? 0);
        if (added)
          await audit(tx, {
            action: "attendance.changed",
            actorId: user.id,
            levelCode: level.code,
            detail: { date, added, status: "present", by: "roll call" },
          });
      }
      const old = added ? "present" : student.old;
      if (old !== status) {
        await tx
          .insert(attendance)
          .values({ studentId, levelCode: level.code, date, status })
          .onConflictDoUpdate({
            target: [attendance.studentId, attendance.levelCode, attendance.date],
            set: { status, updatedAt: new Date() },
          });
        await audit(tx, {
          action: "attendance.changed",
          actorId: user.id,
          levelCode: level.code,
          detail: { studentId, date, old, new: status },
        });
        await noticeAttendanceMark(tx, { studentId, levelCode: level.code, date, status, actorId: user.id });
      }
      return { name: student.name, added };
    });
    if (!done) return { ok: false, message: "That student is not enrolled in this class." };
    const updated = `Attendance updated for ${done.name}`;
    const message = !done.added
      ? updated
      : status === "present"
        ? `Attendance added for ${date}`
        : `Attendance added for ${date}. ${updated}`;
    return { ok: true, message, data: { added: done.added } };
  });
}

/* ---------- roster ---------- */

export async function searchStudents(
  levelCode: string,
  query: string,
): Promise<ActionResult<{ id: number; name: string; username: string; email: string | null; enrolled: boolean }[]>> {
  return guarded(async () => {
    const { level } = await requireClassAccess(String(levelCode ?? ""), "teach");
    const q = z
      .string()
      .max(100)
      .safeParse(query ?? "");
    if (!q.success) return invalid(q.error);
    return { ok: true, data: await searchStudentsForLevel(level.code, q.data) };
  });
}

/** Add existing students; already-enrolled ones are skipped (and cannot be picked in the dialog). */
export async function enrollStudents(input: {
  levelCode: string;
  studentIds: number[];
}): Promise<ActionResult<{ added: number }>> {
  return guarded(async () => {
    const { user, level } = await requireClassAccess(String(input?.levelCode ?? ""), "teach");
    const parsed = z
      .object({ studentIds: z.array(idSchema).min(1, "Select at least one student").max(1000) })
      .safeParse(input);
    if (!parsed.success) return invalid(parsed.error);
    const ids = [...new Set(parsed.data.studentIds)];
    const students = await db()
      .select({ id: users.id })
      .from(users)
      .where(and(inArray(users.id, ids), eq(users.role, "student")));
    if (students.length !== ids.length) return { ok: false, message: "Only existing students can be added." };
    const added = await db()
      .insert(studentEnrollment)
      .values(ids.map((id) => ({ studentId: id, levelCode: level.code })))
      .onConflictDoNothing()
      .returning({ id: studentEnrollment.id, studentId: studentEnrollment.studentId });
    if (added.length)
      await audit(db(), {
        action: "enrollment.changed",
        actorId: user.id,
        levelCode: level.code,
        detail: { added: added.map((a) => a.studentId) },
      });
    refresh(level.code);
    return {
      ok: true,
      message: `Successfully added ${added.length} student(s) to the class!`,
      data: { added: added.length },
    };
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
  email: optionalText(254).refine(
    (e) => e === null || z.email().safeParse(e).success,
    "Please enter a valid email address",
  ),
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

/**
 * Teachers never type an access code (decision 010): a code set by hand was found to be "7" or
 * "2718", and "That access code is already in use." told a guesser which codes exist.
 */
const NO_HAND_CODES = "Access codes are generated by the portal: use “Generate a new access code” instead.";
const typedCode = (formData: FormData) => String(formData.get("code") ?? "").trim() !== "";

/** Create New Student: enrolled in this class, with a generated code shown once. */
export async function createStudent(
  _prev: ActionResult<{ code: string | null; name: string }>,
  formData: FormData,
): Promise<ActionResult<{ code: string | null; name: string }>> {
  return guarded(async () => {
    const { user, level } = await requireClassAccess(String(formData.get("levelCode") ?? ""), "teach");
    if (typedCode(formData)) return { ok: false, message: NO_HAND_CODES };
    const parsed = studentFields.safeParse(formObject(formData));
    if (!parsed.success) return invalid(parsed.error);
    const v = parsed.data;
    for (let attempt = 0; attempt < 3; attempt++) {
      const code = generateAccessCode();
      try {
        await db().transaction(async (tx) => {
          const [row] = await tx
            .insert(users)
            .values({ ...v, code, role: "student" })
            .returning({ id: users.id });
          await tx.insert(studentEnrollment).values({ studentId: row!.id, levelCode: level.code });
          await audit(tx, {
            action: "enrollment.changed",
            actorId: user.id,
            levelCode: level.code,
            detail: { created: row!.id, added: [row!.id] },
          });
          if (v.parent1Number || v.parent2Number) {
            await audit(tx, {
              action: "student.parent_numbers_changed",
              actorId: user.id,
              levelCode: level.code,
              detail: {
                studentId: row!.id,
                by: "teacher",
                parent1Number: { from: null, to: v.parent1Number },
                parent2Number: { from: null, to: v.parent2Number },
              },
            });
          }
        });
        refresh(level.code);
        return {
          ok: true,
          message: `Successfully created and added ${v.name} to the class!`,
          data: { code, name: v.name },
        };
      } catch (err) {
        if (uniqueViolation(err)?.constraint.includes("code")) continue; // astronomically unlikely: draw again
        const msg = duplicateMessage(err);
        if (msg) return { ok: false, message: msg };
        throw err;
      }
    }
    return { ok: false, message: "Could not generate a unique access code. Please try again." };
  });
}

const EDITABLE = ["name", "username", "email", "phoneNumber", "parent1Number", "parent2Number"] as const;

/**
 * Edit student (teacher, spec §5): name and username required; blank phones become null. The code
 * can only be regenerated. Every change is audited as old → new; parent-number changes get an
 * entry of their own, which /admin lists for review (they decide who the student's guardians are).
 */
export async function editStudent(
  _prev: ActionResult<{ code: string | null; name: string }>,
  formData: FormData,
): Promise<ActionResult<{ code: string | null; name: string }>> {
  return guarded(async () => {
    const { user, level } = await requireClassAccess(String(formData.get("levelCode") ?? ""), "teach");
    if (typedCode(formData)) return { ok: false, message: NO_HAND_CODES };
    const parsed = studentFields
      .extend({ studentId: idSchema, newCode: z.literal("on").optional() })
      .safeParse(formObject(formData));
    if (!parsed.success) return invalid(parsed.error);
    const { studentId, newCode, ...v } = parsed.data;
    if (!canEditStudent(user, { studentInActorsClass: await isStudentEnrolled(studentId, level.code) })) {
      return { ok: false, message: "That student is not enrolled in this class." };
    }
    const code = newCode ? generateAccessCode() : null;
    try {
      const done = await db().transaction(async (tx) => {
        const [current] = await tx
          .select({
            role: users.role,
            name: users.name,
            username: users.username,
            email: users.email,
            phoneNumber: users.phoneNumber,
            parent1Number: users.parent1Number,
            parent2Number: users.parent2Number,
          })
          .from(users)
          .where(eq(users.id, studentId))
          .for("update");
        if (!current || current.role !== "student") return false;
        await tx
          .update(users)
          .set({
            ...v,
            updatedAt: new Date(),
            ...(code ? { code, sessionVersion: sql`${users.sessionVersion} + 1` } : {}),
          })
          .where(eq(users.id, studentId));
        const changes: Record<string, { from: string | null; to: string | null }> = {};
        for (const k of EDITABLE)
          if ((current[k] ?? null) !== (v[k] ?? null)) changes[k] = { from: current[k] ?? null, to: v[k] ?? null };
        if (Object.keys(changes).length || code) {
          // The code itself never goes in the log: only that it changed.
          await audit(tx, {
            action: "student.edited",
            actorId: user.id,
            levelCode: level.code,
            detail: { studentId, by: "teacher", changes, ...(code ? { code: "regenerated" } : {}) },
          });
        }
        if (changes.parent1Number || changes.parent2Number) {
          await audit(tx, {
            action: "student.parent_numbers_changed",
            actorId: user.id,
            levelCode: level.code,
            detail: {
              studentId,
              by: "teacher",
              ...(changes.parent1Number ? { parent1Number: changes.parent1Number } : {}),
              ...(changes.parent2Number ? { parent2Number: changes.parent2Number } : {}),
            },
          });
        }
        return true;
      });
      if (!done) return { ok: false, message: "That student is not enrolled in this class." };
    } catch (err) {
      const msg = duplicateMessage(err);
      if (msg) return { ok: false, message: msg };
      throw err;
    }
    refresh(level.code);
    return {
      ok: true,
      message: code ? `Saved ${v.name}; new access code ${code}` : `Saved ${v.name}`,
      data: { code, name: v.name },
    };
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
    await audit(db(), {
      action: "enrollment.changed",
      actorId: user.id,
      levelCode: level.code,
      detail: { removed: [parsed.data.studentId] },
    });
    refresh(level.code);
    return { ok: true, message: "Student removed from the class" };
  });
}
