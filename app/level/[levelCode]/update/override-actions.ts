"use server";

import { revalidatePath } from "next/cache";
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { ActionResult } from "@/lib/action-result";
import { formObject, guarded, idSchema, invalid } from "@/lib/actions";
import { audit } from "@/lib/audit";
import { requireClassAccess } from "@/lib/auth/guards";
import { db, queryRows } from "@/lib/db/client";
import { termLock } from "@/lib/terms/publishing";
import { listGradingTerms } from "@/lib/terms/terms";

// A teacher's final word on a student's term grade (issue 19): a percent with a required reason,
// or removed; the class's own staff only, audited old → new.

const form = z.object({
  levelCode: z.string().min(1).max(100),
  studentId: idSchema,
  termId: idSchema,
  percent: z
    .string()
    .trim()
    .regex(/^(\d{1,3}(\.\d{1,2})?)?$/, "Enter a percent between 0 and 100, or leave it blank to remove the override")
    .transform((s) => (s === "" ? null : Number(s)))
    .refine(
      (v) => v === null || v <= 100,
      "Enter a percent between 0 and 100, or leave it blank to remove the override",
    ),
  reason: z.string().trim().max(500, "Keep the reason under 500 characters").default(""),
});

export async function setTermOverrideAction(_prev: ActionResult, formData: FormData): Promise<ActionResult> {
  return guarded(async () => {
    const fields = formObject(formData);
    const { user, level } = await requireClassAccess(String(fields.levelCode ?? ""), "teach");
    const parsed = form.safeParse(fields);
    if (!parsed.success) return invalid(parsed.error);
    const { studentId, termId, percent, reason } = parsed.data;
    if (percent !== null && reason === "") return { ok: false, message: "Say why: an override needs a reason." };
    if (!(await listGradingTerms()).some((t) => t.id === termId))
      return { ok: false, message: "That term no longer exists. Reload the page." };
    const result = await db().transaction(async (tx): Promise<ActionResult> => {
      const [enrolled] = await queryRows<{ n: number }>(
        sql`select count(*)::int as n from student_enrollment where student_id = ${studentId} and level_code = ${level.code}`,
        tx,
      );
      if (!enrolled?.n) return { ok: false, message: "That student is not enrolled in this class." };
      const locked = await termLock(termId, tx);
      if (locked) return locked;
      const [old] = await queryRows<{ percent: string; reason: string }>(
        sql`select percent::text as percent, reason from term_grade_overrides where level_code = ${level.code} and student_id = ${studentId} and term_id = ${termId} for update`,
        tx,
      );
      if (percent === null) {
        if (!old) return { ok: true, message: "No override to remove" };
        await tx.execute(
          sql`delete from term_grade_overrides where level_code = ${level.code} and student_id = ${studentId} and term_id = ${termId}`,
        );
      } else {
        await tx.execute(sql`
          insert into term_grade_overrides (level_code, student_id, term_id, percent, reason, teacher_id) values (${level.code}, ${studentId}, ${termId}, ${percent}, ${reason}, ${user.id})
          on conflict (level_code, student_id, term_id) do update set percent = excluded.percent, reason = excluded.reason, teacher_id = excluded.teacher_id, updated_at = now()`);
      }
      await audit(tx, {
        action: "term_grade.overridden",
        actorId: user.id,
        levelCode: level.code,
        detail: {
          studentId,
          termId,
          old: old ? { percent: Number(old.percent), reason: old.reason } : null,
          new: percent === null ? null : { percent, reason },
        },
      });
      return { ok: true, message: percent === null ? "Override removed" : "Override saved" };
    });
    if (result.ok) revalidatePath(`/level/${encodeURIComponent(level.code)}/update/term-grades`);
    return result;
  });
}
