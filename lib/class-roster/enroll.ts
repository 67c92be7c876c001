// Enrolling existing students in a class and removing them (spec §5, class dashboard → Students).
// Each write and its audit entries commit together: an enrollment change without its entry would
// hide who moved a student from /admin → Security (issue 28), an entry without its change would lie.
import "server-only";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Answer } from "@/lib/action-result";
import { audit } from "@/lib/audit";
import type { Actor, LevelFacts } from "@/lib/auth/policy";
import { db, queryRows } from "@/lib/db/client";
import { studentEnrollment, users } from "@/lib/db/schema";
import { msg } from "@/lib/i18n/message";
import { memberHere } from "@/lib/db/schools";

export const NOT_ENROLLED_HERE = msg("teacherActions.notEnrolled");

/** Add existing students; already-enrolled ones are skipped (and cannot be picked in the dialog). */
export async function enrollStudents(
  actor: Actor,
  level: LevelFacts,
  studentIds: readonly number[],
): Promise<Answer<{ added: number }>> {
  const ids = [...new Set(studentIds)];
  return db().transaction(async (tx): Promise<Answer<{ added: number }>> => {
    // Locked first, then read in a statement of its own (a fresh snapshot once a parallel
    // enrollment of the same student has committed), so "in no class" is never read stale.
    const students = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(inArray(users.id, ids), eq(users.role, "student"), memberHere(users.id)))
      .for("update");
    if (students.length !== ids.length) return { ok: false, message: msg("teacherActions.onlyExisting") };
    // A student in no class holds the code the office gave her: a teacher who adds her does not
    // receive it (decision 019, issue 39); it stays with admins for that teacher.
    const placed = new Set(
      (
        await tx
          .selectDistinct({ id: studentEnrollment.studentId })
          .from(studentEnrollment)
          .where(inArray(studentEnrollment.studentId, ids))
      ).map((p) => p.id),
    );
    const unplaced = ids.filter((id) => !placed.has(id));
    if (unplaced.length && actor.role !== "admin")
      await tx.update(users).set({ codeWithheldFrom: actor.id }).where(inArray(users.id, unplaced));
    // Allowed (spec §5), but a student taken from another teacher's class is shown on /admin →
    // Security (issue 28): the other classes are named in the audit entry.
    const elsewhere = await queryRows<{ student_id: number; classes: string }>(
      sql`
      select e.student_id, string_agg(e.level_code, ', ' order by e.level_code) as classes
      from student_enrollment e join levels l on l.code = e.level_code
      where e.student_id = any(${`{${ids.join(",")}}`}::int[]) and e.level_code <> ${level.code}
        and l.teacher_id is distinct from ${actor.id}::int
      group by e.student_id`,
      tx,
    );
    const otherClasses = new Map(elsewhere.map((r) => [Number(r.student_id), r.classes]));
    const added = await tx
      .insert(studentEnrollment)
      .values(ids.map((id) => ({ studentId: id, levelCode: level.code })))
      .onConflictDoNothing()
      .returning({ id: studentEnrollment.id, studentId: studentEnrollment.studentId });
    if (added.length)
      await audit(tx, {
        action: "enrollment.changed",
        actorId: actor.id,
        levelCode: level.code,
        detail: {
          added: added.map((a) => a.studentId),
          ...(unplaced.length && actor.role !== "admin" ? { fromNoClass: unplaced } : {}),
        },
      });
    // One entry per 20 students: the audit log keeps at most 20 items of a list (boundedDetail).
    const crossing = added
      .filter((a) => otherClasses.has(a.studentId))
      .map((a) => ({ studentId: a.studentId, classes: otherClasses.get(a.studentId)! }));
    for (let i = 0; i < crossing.length; i += 20)
      await audit(tx, {
        action: "enrollment.cross_class",
        actorId: actor.id,
        levelCode: level.code,
        detail: { students: crossing.slice(i, i + 20) },
      });
    return {
      ok: true,
      message: msg("teacherActions.studentsAdded", { count: added.length }),
      data: { added: added.length },
    };
  });
}

/** Remove from the class: the enrollment only; grades, submissions and attendance stay. */
export async function removeStudent(actor: Actor, level: LevelFacts, studentId: number): Promise<Answer> {
  return db().transaction(async (tx): Promise<Answer> => {
    const removed = await tx
      .delete(studentEnrollment)
      .where(and(eq(studentEnrollment.studentId, studentId), eq(studentEnrollment.levelCode, level.code)))
      .returning({ id: studentEnrollment.id });
    if (removed.length === 0) return { ok: false, message: NOT_ENROLLED_HERE };
    await audit(tx, {
      action: "enrollment.changed",
      actorId: actor.id,
      levelCode: level.code,
      detail: { removed: [studentId] },
    });
    return { ok: true, message: msg("teacherActions.studentRemoved") };
  });
}
