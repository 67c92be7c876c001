// What an absence does, in one place (issue 27): every attendance write of the class dashboard —
// a new day, "mark all present", a grid cell, a roll-call tap — checks the published-term lock for
// its day (attendance feeds the term's report card), writes, audits old → new in the same
// transaction, and enqueues the families' notice of an absence or tardy (lib/notify/attendance).
// The per-class and per-student totals follow by statement triggers (drizzle/0007).
import "server-only";
import { and, eq, sql } from "drizzle-orm";
import type { Answer } from "@/lib/action-result";
import { audit } from "@/lib/audit";
import type { Actor, LevelFacts } from "@/lib/auth/policy";
import { db, queryRows } from "@/lib/db/client";
import { uniqueViolation } from "@/lib/db/errors";
import { attendance, studentEnrollment } from "@/lib/db/schema";
import type { AttendanceStatus } from "@/lib/domain/constants";
import { schoolTimeZone } from "@/lib/env";
import { msg } from "@/lib/i18n/message";
import { noticeAttendanceMark } from "@/lib/notify/attendance";
import { gradeWriteRefusal, type Runner } from "./lock";

const NOT_ENROLLED: Answer = { ok: false, message: msg("teacherActions.notEnrolled") };

/**
 * A published term's refusal, as lib/gradebook/lock.ts answers it: a mark on one of its days passes
 * it on. Whatever the lock answers with (text until the grade screens' answers are descriptors, then
 * a descriptor), so these answers become strict on their own when it does.
 */
type LockRefusal = NonNullable<Awaited<ReturnType<typeof gradeWriteRefusal>>>;
type Written<T = undefined> = Promise<Answer<T> | LockRefusal>;

const refusalFor = (tx: Parameters<typeof gradeWriteRefusal>[0], actor: Actor, level: LevelFacts, date: string) =>
  gradeWriteRefusal(tx, actor, level, { days: [date] }, schoolTimeZone());

/** Add a day: every enrolled student present, in one transaction; refused if the day has any record. */
export async function addAttendanceDay(actor: Actor, level: LevelFacts, date: string): Written {
  const exists = msg("teacherActions.attendanceExists", { date });
  try {
    return await db().transaction(async (tx): Written => {
      const refused = await refusalFor(tx, actor, level, date);
      if (refused) return refused;
      const [any] = await tx
        .select({ id: attendance.id })
        .from(attendance)
        .where(and(eq(attendance.levelCode, level.code), eq(attendance.date, date)))
        .limit(1);
      if (any) return { ok: false, message: exists };
      const roster = await tx
        .select({ id: studentEnrollment.studentId })
        .from(studentEnrollment)
        .where(eq(studentEnrollment.levelCode, level.code));
      if (roster.length === 0) return { ok: false, message: msg("teacherActions.noStudents") };
      // A plain insert: if another tab adds the same day at the same moment, the unique
      // (student, level, date) key fails this transaction instead of duplicating rows.
      await tx
        .insert(attendance)
        .values(roster.map((r) => ({ studentId: r.id, levelCode: level.code, date, status: "present" })));
      await audit(tx, {
        action: "attendance.changed",
        actorId: actor.id,
        levelCode: level.code,
        detail: { date, added: roster.length, status: "present" },
      });
      return { ok: true, message: msg("teacherActions.attendanceAdded", { date }) };
    });
  } catch (err) {
    if (uniqueViolation(err)) return { ok: false, message: exists };
    throw err;
  }
}

/** Mark every enrolled student present for a day (inserting missing records); the audit entry commits with it. */
export async function markAllPresent(actor: Actor, level: LevelFacts, date: string): Written {
  return db().transaction(async (tx): Written => {
    const refused = await refusalFor(tx, actor, level, date);
    if (refused) return refused;
    await tx.execute(sql`
      insert into attendance (student_id, level_code, date, status)
      select student_id, level_code, ${date}::date, 'present' from student_enrollment where level_code = ${level.code}
      on conflict (student_id, level_code, date) do update set status = 'present', updated_at = now()`);
    await audit(tx, {
      action: "attendance.changed",
      actorId: actor.id,
      levelCode: level.code,
      detail: { date, markAll: "present" },
    });
    return { ok: true, message: msg("teacherActions.everyonePresent", { date }) };
  });
}

async function writeStatus(
  tx: Parameters<typeof gradeWriteRefusal>[0],
  actor: Actor,
  level: LevelFacts,
  m: { studentId: number; date: string; status: AttendanceStatus; old: string | null },
) {
  await tx.execute(sql`
    insert into attendance (student_id, level_code, date, status) values (${m.studentId}, ${level.code}, ${m.date}::date, ${m.status})
    on conflict (student_id, level_code, date) do update set status = excluded.status, updated_at = now()`);
  await audit(tx, {
    action: "attendance.changed",
    actorId: actor.id,
    levelCode: level.code,
    detail: { studentId: m.studentId, date: m.date, old: m.old, new: m.status },
  });
  // Families hear of an absence or tardy once it has settled (issue 20), enqueued with the mark.
  await noticeAttendanceMark(tx, { ...m, levelCode: level.code, actorId: actor.id });
}

/** The student's name if enrolled in the class, and their record of the day if any: one statement. */
async function onRoll(tx: Runner, levelCode: string, studentId: number, date: string) {
  const [student] = await queryRows<{ name: string; old: string | null }>(
    sql`select u.name, a.status as old from users u
        join student_enrollment e on e.student_id = u.id and e.level_code = ${levelCode}
        left join attendance a on a.student_id = u.id and a.level_code = ${levelCode} and a.date = ${date}::date
        where u.id = ${studentId}`,
    tx,
  );
  return student;
}

/**
 * One cell of the grid: a status updates the record or inserts it; "" (the empty option) deletes
 * the record, so the percentages (records of the student) stay exact.
 */
export async function setAttendance(
  actor: Actor,
  level: LevelFacts,
  input: { studentId: number; date: string; status: AttendanceStatus | "" },
): Written {
  const { studentId, date, status } = input;
  return db().transaction(async (tx): Written => {
    const student = await onRoll(tx, level.code, studentId, date);
    if (!student) return NOT_ENROLLED;
    const refused = await refusalFor(tx, actor, level, date);
    if (refused) return refused;
    if (status === "") {
      await tx.execute(
        sql`delete from attendance where student_id = ${studentId} and level_code = ${level.code} and date = ${date}::date`,
      );
      await audit(tx, {
        action: "attendance.changed",
        actorId: actor.id,
        levelCode: level.code,
        detail: { studentId, date, old: student.old, new: null },
      });
    } else await writeStatus(tx, actor, level, { studentId, date, status, old: student.old });
    return { ok: true, message: msg("teacherActions.attendanceUpdated", { name: student.name }) };
  });
}

/**
 * Roll call (issue 21): one student's status for one day. On a day without any record for the
 * class the first mark adds the day first (spec §4: every enrolled student present), in the same
 * transaction, so `P` on an empty day is everyone present in one action. Records already there
 * are never overwritten by the day's creation (on conflict do nothing): a second tab taking the
 * same day at the same moment keeps its marks.
 */
export async function markRollCall(
  actor: Actor,
  level: LevelFacts,
  input: { studentId: number; date: string; status: AttendanceStatus },
): Written<{ added: number }> {
  const { studentId, date, status } = input;
  return db().transaction(async (tx): Written<{ added: number }> => {
    const student = await onRoll(tx, level.code, studentId, date);
    if (!student) return NOT_ENROLLED;
    const refused = await refusalFor(tx, actor, level, date);
    if (refused) return refused;
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
          actorId: actor.id,
          levelCode: level.code,
          detail: { date, added, status: "present", by: "roll call" },
        });
    }
    const old = added ? "present" : student.old;
    if (old !== status) await writeStatus(tx, actor, level, { studentId, date, status, old });
    const message = !added
      ? msg("teacherActions.attendanceUpdated", { name: student.name })
      : status === "present"
        ? msg("teacherActions.attendanceAdded", { date })
        : msg("teacherActions.attendanceAddedUpdated", { date, name: student.name });
    return { ok: true, message, data: { added } };
  });
}
