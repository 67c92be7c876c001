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
