// Creating, changing and deleting assignments (issue 27: an assignment's due date decides the term
// it counts in, so each of these can change a published term's report card). Each takes the
// published-term lock for the day the assignment counts on before and after the change: creating
// one into a published term, deleting one from it, or moving one into or out of it is refused.
import "server-only";
import { and, eq, sql } from "drizzle-orm";
// Its own answers are still English (issue 40), passed on with lib/gradebook's descriptors (lock.ts, scores.ts).
import type { AnyAnswer as ActionResult } from "@/lib/actions";
import type { Actor, LevelFacts } from "@/lib/auth/policy";
import { db, queryRows } from "@/lib/db/client";
import { assignments, gradeCategories, grades } from "@/lib/db/schema";
import { dateInTimeZone } from "@/lib/domain/dates";
import { formatDateTime } from "@/lib/domain/format";
import { schoolTimeZone } from "@/lib/env";
import { scheduleMissingCheck } from "@/lib/notify/work";
import { getAssignmentInLevel, listSubmissionsForAssignment } from "@/lib/queries/teacher";
import { gradeWriteRefusal, type Runner } from "./lock";
import { lockAssignment, NOT_IN_CLASS } from "./scores";

export const NOT_IN_CLASS_RESULT = NOT_IN_CLASS;

export interface AssignmentFields {
  title: string;
  description: string;
  maxScore: number;
  dueDate: Date;
  categoryId: number | null;
}

async function categoryExists(id: number | null, on: Pick<Runner, "execute">): Promise<boolean> {
  if (id === null) return true;
  const rows = await queryRows<{ id: number }>(sql`select id from ${gradeCategories} where id = ${id}`, on);
  return rows.length > 0;
}

export async function createAssignment(actor: Actor, level: LevelFacts, v: AssignmentFields): Promise<ActionResult> {
  const tz = schoolTimeZone();
  return db().transaction(async (tx): Promise<ActionResult> => {
    const refused = await gradeWriteRefusal(tx, actor, level, { days: [dateInTimeZone(v.dueDate, tz)] }, tz);
    if (refused) return refused;
    if (!(await categoryExists(v.categoryId, tx))) return { ok: false, message: "Invalid category" };
    const [row] = await tx
      .insert(assignments)
      .values({ levelCode: level.code, teacherId: actor.id, ...v })
      .returning({ id: assignments.id });
    // Its missing-work check runs at the due time (lib/notify/work.ts).
    await scheduleMissingCheck(tx, { assignmentId: row!.id, dueDate: v.dueDate });
    return { ok: true, message: "Assignment created" };
  });
}

/** Edit Full (all fields), under the assignment's lock: no grade is saved between the checks and the new maximum. */
export async function updateAssignment(
  actor: Actor,
  level: LevelFacts,
  assignmentId: number,
  v: AssignmentFields,
): Promise<ActionResult> {
  const tz = schoolTimeZone();
  return db().transaction(async (tx): Promise<ActionResult> => {
    if (!(await lockAssignment(tx, assignmentId, level.code))) return NOT_IN_CLASS;
    // Its term now (by its current dates) and the term its new due date would put it in.
    const refused = await gradeWriteRefusal(
      tx,
      actor,
      level,
      { assignmentId, days: [dateInTimeZone(v.dueDate, tz)] },
      tz,
    );
    if (refused) return refused;
    if (!(await categoryExists(v.categoryId, tx))) return { ok: false, message: "Invalid category" };
    // Lowering the max score below an existing grade would make that grade impossible.
    const [over] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(grades)
      .where(and(eq(grades.assignmentId, assignmentId), sql`${grades.score} > ${v.maxScore}`));
    if ((over?.n ?? 0) > 0)
      return {
        ok: false,
        message: `Max score cannot be lower than an existing grade (${over!.n} grade(s) are above ${v.maxScore}).`,
      };
    await tx
      .update(assignments)
      .set(v)
      .where(and(eq(assignments.id, assignmentId), eq(assignments.levelCode, level.code)));
    await scheduleMissingCheck(tx, { assignmentId, dueDate: v.dueDate });
    return { ok: true, message: "Assignment updated" };
  });
}

/**
 * Delete an assignment. Students' work is never thrown away as a side effect: an assignment with
 * submissions or grades is refused (the database's RESTRICT keys enforce it too), and so is one
 * that counts in a published term. Counted under the assignment's UPDATE lock: a grade save waits
 * for the delete (then finds no assignment), and a grade or submission committed first is counted.
 */
export async function deleteAssignment(actor: Actor, level: LevelFacts, id: number): Promise<ActionResult> {
  return db().transaction(async (tx): Promise<ActionResult> => {
    if (!(await lockAssignment(tx, id, level.code, "update"))) return NOT_IN_CLASS;
    const refused = await gradeWriteRefusal(tx, actor, level, { assignmentId: id }, schoolTimeZone());
    if (refused) return refused;
    const [work] = await queryRows<{ subs: number; graded: number }>(
      sql`
      select (select count(*) from assignment_submissions where assignment_id = ${id})::int as subs,
             (select count(*) from grades where assignment_id = ${id})::int as graded`,
      tx,
    );
    if (work && (work.subs > 0 || work.graded > 0)) {
      return {
        ok: false,
        message: `This assignment has ${work.subs} submission(s) and ${work.graded} grade(s), so it cannot be deleted: students' work is kept.`,
      };
    }
    await tx.delete(assignments).where(and(eq(assignments.id, id), eq(assignments.levelCode, level.code)));
    return { ok: true, message: "Assignment deleted" };
  });
}

/** Inline edit of the title or the description: neither changes a grade, so no term lock is taken. */
export async function editAssignmentText(
  level: LevelFacts,
  id: number,
  set: { title?: string; description?: string },
): Promise<ActionResult> {
  const done = await db()
    .update(assignments)
    .set(Object.fromEntries(Object.entries(set).filter(([, v]) => v !== undefined)))
    .where(and(eq(assignments.id, id), eq(assignments.levelCode, level.code)))
    .returning({ id: assignments.id });
  return done.length ? { ok: true, message: "Assignment updated" } : NOT_IN_CLASS;
}

export interface ResponseEntry {
  id: number;
  studentName: string;
  content: string;
  submittedAt: string;
}

/** View Responses: every submission to one assignment of this class, with the student's name; dates in `locale`. */
export async function assignmentResponses(
  level: LevelFacts,
  id: number,
  locale = "en",
): Promise<ActionResult<ResponseEntry[]>> {
  if (!(await getAssignmentInLevel(id, level.code)))
    return { ok: false, message: "That assignment is not in this class." };
  const tz = schoolTimeZone();
  const rows = await listSubmissionsForAssignment(id);
  return {
    ok: true,
    data: rows.map((r) => ({
      id: r.id,
      studentName: r.studentName,
      content: r.content,
      submittedAt: formatDateTime(r.submittedAt, tz, locale),
    })),
  };
}
