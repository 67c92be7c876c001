// Return (issue 44, decision 033 "Drafts and return"): a grade of an assignment posted on return
// is a draft (returned_at null) that only the class's staff see; returning sets returned_at on the
// drafts chosen, which puts them in front of the student and the family, in the totals (the
// statement trigger of drizzle/0036 sees the update) and in the calculator, and sends the notice a
// saved grade sends. Checked like a saved grade: the class, the students' enrollment and the
// published-term lock (lock.ts) under the assignment's row lock, audited in the same transaction.
import "server-only";
import { sql } from "drizzle-orm";
import type { Answer } from "@/lib/action-result";
import type { Actor, LevelFacts } from "@/lib/auth/policy";
import { audit } from "@/lib/audit";
import { db, queryRows } from "@/lib/db/client";
import { schoolTimeZone } from "@/lib/env";
import { msg } from "@/lib/i18n/message";
import { noticeGrades } from "@/lib/notify/grades";
import { gradeWriteRefusal } from "./lock";
import { lockAssignment, NOT_ENROLLED, NOT_IN_CLASS } from "./scores";

/** Student ids whose grade on the assignment is still a draft, by name. Staff screens only. */
export async function draftsOf(assignmentId: number): Promise<number[]> {
  const rows = await queryRows<{ student_id: number }>(
    sql`select g.student_id from grades g join users u on u.id = g.student_id
        where g.assignment_id = ${assignmentId} and g.returned_at is null order by u.name, u.id`,
  );
  return rows.map((r) => Number(r.student_id));
}

/**
 * Returns the drafts of one assignment: every draft when `studentIds` is left out, else those of
 * the students named (distinct, enrolled in the class, at most the class's size; the caller's
 * schema bounds the list). A grade already returned is left as it is. Answers the count returned.
 */
export async function returnDrafts(
  actor: Actor,
  level: LevelFacts,
  input: { assignmentId: number; studentIds?: readonly number[] },
): Promise<Answer<{ returned: number }>> {
  return db().transaction(async (tx): Promise<Answer<{ returned: number }>> => {
    const assignment = await lockAssignment(tx, input.assignmentId, level.code);
    if (!assignment) return NOT_IN_CLASS;
    const refused = await gradeWriteRefusal(tx, actor, level, { assignmentId: assignment.id }, schoolTimeZone());
    if (refused) return refused;
    const ids = input.studentIds === undefined ? null : [...new Set(input.studentIds)];
    if (ids) {
      const [roster] = await queryRows<{ size: number; listed: number }>(
        sql`select count(*)::int as size, (count(*) filter (where student_id = any(${`{${ids.join(",")}}`}::int[])))::int as listed
            from student_enrollment where level_code = ${level.code}`,
        tx,
      );
      if (ids.length > Number(roster?.size ?? 0) || Number(roster?.listed ?? 0) !== ids.length) return NOT_ENROLLED;
    }
    const returned = await queryRows<{ student_id: number }>(
      sql`update grades set returned_at = now()
          where assignment_id = ${assignment.id} and returned_at is null
            ${ids ? sql`and student_id = any(${`{${ids.join(",")}}`}::int[])` : sql``}
          returning student_id`,
      tx,
    );
    const studentIds = returned.map((r) => Number(r.student_id)).sort((a, b) => a - b);
    if (studentIds.length === 0) return { ok: true, message: msg("returns.noneToReturn"), data: { returned: 0 } };
    await audit(tx, {
      action: "grades.returned",
      actorId: actor.id,
      levelCode: level.code,
      detail: { assignmentId: assignment.id, count: studentIds.length, studentIds },
    });
    // The notice a saved grade sends (lib/notify/grades), now that the grade is the student's.
    await noticeGrades(tx, { assignmentId: assignment.id, studentIds, actorId: actor.id });
    return {
      ok: true,
      message: msg("returns.returned", { count: studentIds.length }),
      data: { returned: studentIds.length },
    };
  });
}
