"use server";

import { sql } from "drizzle-orm";
import { z } from "zod";
import type { ActionResult } from "@/lib/action-result";
import { guarded, idSchema, invalid } from "@/lib/actions";
import { audit } from "@/lib/audit";
import { requireClassAccess } from "@/lib/auth/guards";
import { db, queryRows } from "@/lib/db/client";
import { GRADE_MARKS } from "@/lib/domain/grade-marks";
import { assignmentLock } from "@/lib/terms/publishing";
import { noticeMissingMark } from "@/lib/notify/work";

// A mark beside a score in the grade grid (issue 19): excused, missing or late, or none. One mark
// per cell; the grid shows it at once, so the page is not re-rendered (like saveGrade).

const input = z.object({
  levelCode: z.string().min(1).max(100),
  assignmentId: idSchema,
  studentId: idSchema,
  mark: z.enum(["none", ...GRADE_MARKS], { message: "Choose excused, missing, late or none" }),
});

export async function setGradeMark(raw: {
  levelCode: string;
  assignmentId: number;
  studentId: number;
  mark: string;
}): Promise<ActionResult> {
  return guarded(async () => {
    const { user, level } = await requireClassAccess(String(raw?.levelCode ?? ""), "teach");
    const parsed = input.safeParse(raw);
    if (!parsed.success) return invalid(parsed.error);
    const { assignmentId, studentId, mark } = parsed.data;
    return db().transaction(async (tx): Promise<ActionResult> => {
      const [row] = await queryRows<{ enrolled: boolean }>(
        sql`select exists (select 1 from student_enrollment e where e.student_id = ${studentId} and e.level_code = a.level_code) as enrolled
            from assignments a where a.id = ${assignmentId} and a.level_code = ${level.code}`,
        tx,
      );
      if (!row) return { ok: false, message: "That assignment is not in this class." };
      if (!row.enrolled) return { ok: false, message: "That student is not enrolled in this class." };
      const locked = await assignmentLock(assignmentId, tx);
      if (locked) return locked;
      const [old] = await queryRows<{ mark: string }>(
        sql`select case when excused then 'excused' when missing then 'missing' when late then 'late' else 'none' end as mark
            from grade_marks where assignment_id = ${assignmentId} and student_id = ${studentId}`,
        tx,
      );
      if (mark === "none") {
        await tx.execute(
          sql`delete from grade_marks where assignment_id = ${assignmentId} and student_id = ${studentId}`,
        );
      } else {
        await tx.execute(sql`
          insert into grade_marks (assignment_id, student_id, excused, missing, late) values (${assignmentId}, ${studentId}, ${mark === "excused"}, ${mark === "missing"}, ${mark === "late"})
          on conflict (assignment_id, student_id) do update set excused = excluded.excused, missing = excluded.missing, late = excluded.late, updated_at = now()`);
      }
      if (mark === "missing") await noticeMissingMark(tx, { assignmentId, studentId, actorId: user.id });
      await audit(tx, {
        action: "grade.changed",
        actorId: user.id,
        levelCode: level.code,
        detail: { assignmentId, studentId, oldMark: old?.mark ?? "none", newMark: mark },
      });
      return { ok: true, message: mark === "none" ? "Mark removed" : `Marked ${mark}` };
    });
  });
}
