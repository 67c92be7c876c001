"use server";

import { revalidatePath } from "next/cache";
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { ActionResult } from "@/lib/action-result";
import { formObject, guarded, idSchema, invalid } from "@/lib/actions";
import { audit } from "@/lib/audit";
import { requireClassAccess } from "@/lib/auth/guards";
import { db, queryRows } from "@/lib/db/client";
import { fillFirstName, toTemplate } from "@/lib/domain/comments";
import { termLock } from "@/lib/terms/publishing";
import { listGradingTerms } from "@/lib/terms/terms";

// A teacher's report-card comment for one student, class and term (issue 19): `{first name}` is
// filled in when saved; "add to my comment bank" keeps it as a template (the student's first name
// put back as `{first name}`). Blank removes the comment. Audited; refused once the term is published.

const MAX_BANK = 200;

const form = z.object({
  levelCode: z.string().min(1).max(100),
  studentId: idSchema,
  termId: idSchema,
  comment: z.string().trim().max(1000, "Keep the comment under 1,000 characters").default(""),
  bank: z.literal("on").optional(),
});

export async function setTermCommentAction(_prev: ActionResult, formData: FormData): Promise<ActionResult> {
  return guarded(async () => {
    const fields = formObject(formData);
    const { user, level } = await requireClassAccess(String(fields.levelCode ?? ""), "teach");
    const parsed = form.safeParse(fields);
    if (!parsed.success) return invalid(parsed.error);
    const { studentId, termId, bank } = parsed.data;
    if (!(await listGradingTerms()).some((t) => t.id === termId))
      return { ok: false, message: "That term no longer exists. Reload the page." };
    const result = await db().transaction(async (tx): Promise<ActionResult> => {
      const [student] = await queryRows<{ name: string }>(
        sql`select u.name from student_enrollment e join users u on u.id = e.student_id where e.student_id = ${studentId} and e.level_code = ${level.code}`,
        tx,
      );
      if (!student) return { ok: false, message: "That student is not enrolled in this class." };
      const locked = await termLock(termId, tx);
      if (locked) return locked;
      const comment = fillFirstName(parsed.data.comment, student.name);
      if (comment.length > 1000) return { ok: false, message: "Keep the comment under 1,000 characters" };
      const [old] = await queryRows<{ comment: string }>(
        sql`select comment from term_comments where level_code = ${level.code} and student_id = ${studentId} and term_id = ${termId} for update`,
        tx,
      );
      if (comment === "") {
        if (old)
          await tx.execute(
            sql`delete from term_comments where level_code = ${level.code} and student_id = ${studentId} and term_id = ${termId}`,
          );
      } else {
        await tx.execute(sql`
          insert into term_comments (level_code, student_id, term_id, comment, teacher_id) values (${level.code}, ${studentId}, ${termId}, ${comment}, ${user.id})
          on conflict (level_code, student_id, term_id) do update set comment = excluded.comment, teacher_id = excluded.teacher_id, updated_at = now()`);
      }
      if ((old?.comment ?? "") !== comment) {
        await audit(tx, {
          action: "term_comment.changed",
          actorId: user.id,
          levelCode: level.code,
          detail: { studentId, termId, old: old?.comment ?? null, new: comment || null },
        });
      }
      if (bank && comment) {
        const [count] = await queryRows<{ n: number }>(
          sql`select count(*)::int as n from comment_bank where teacher_id = ${user.id}`,
          tx,
        );
        if ((count?.n ?? 0) >= MAX_BANK)
          return { ok: false, message: `Your comment bank is full (${MAX_BANK} comments).` };
        await tx.execute(
          sql`insert into comment_bank (teacher_id, text) values (${user.id}, ${toTemplate(comment, student.name)}) on conflict do nothing`,
        );
      }
      return {
        ok: true,
        message: comment ? (bank ? "Comment saved and added to your bank" : "Comment saved") : "Comment removed",
      };
    });
    if (result.ok) revalidatePath(`/level/${encodeURIComponent(level.code)}/update/term-grades`);
    return result;
  });
}
