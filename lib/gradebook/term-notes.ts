// A teacher's word on a student's term (issue 19): the override of the term grade (a percent with
// a reason, which families read only when the teacher shares it, and an optional note written for
// them — issue 27) and the report-card comment. Both refused once the term is published, audited
// old → new.
import "server-only";
import { sql } from "drizzle-orm";
import type { Answer } from "@/lib/action-result";
import { audit } from "@/lib/audit";
import type { Actor, LevelFacts } from "@/lib/auth/policy";
import { db, queryRows } from "@/lib/db/client";
import { fillFirstName, toTemplate } from "@/lib/domain/comments";
import { schoolTimeZone } from "@/lib/env";
import { msg } from "@/lib/i18n/message";
import { listGradingTerms } from "@/lib/terms/terms";
import { gradeWriteRefusal } from "./lock";
import { NOT_ENROLLED } from "./scores";

const NO_TERM = { ok: false, message: msg("gradesServer.actions.noTerm") } as const;
const MAX_BANK = 200;

export interface OverrideInput {
  studentId: number;
  termId: number;
  /** null removes the override. */
  percent: number | null;
  reason: string;
  /** Families read the reason (default: no, it is a note to staff). */
  shared: boolean;
  /** An optional line for the family. */
  note: string | null;
}

export async function setOverride(actor: Actor, level: LevelFacts, input: OverrideInput): Promise<Answer> {
  const { studentId, termId, percent, reason, shared, note } = input;
  if (percent !== null && reason === "") return { ok: false, message: msg("gradesServer.actions.needReason") };
  if (!(await listGradingTerms()).some((t) => t.id === termId)) return NO_TERM;
  return db().transaction(async (tx): Promise<Answer> => {
    const [enrolled] = await queryRows<{ n: number }>(
      sql`select count(*)::int as n from student_enrollment where student_id = ${studentId} and level_code = ${level.code}`,
      tx,
    );
    if (!enrolled?.n) return NOT_ENROLLED;
    const refused = await gradeWriteRefusal(tx, actor, level, { termId }, schoolTimeZone());
    if (refused) return refused;
    const [old] = await queryRows<{ percent: string; reason: string; shared: boolean; note: string | null }>(
      sql`select percent::text as percent, reason, reason_shared as shared, family_note as note from term_grade_overrides
          where level_code = ${level.code} and student_id = ${studentId} and term_id = ${termId} for update`,
      tx,
    );
    // The same override again changes nothing: nothing written or audited (issue 39).
    const same =
      old !== undefined &&
      percent !== null &&
      Number(old.percent) === percent &&
      old.reason === reason &&
      old.shared === shared &&
      old.note === note;
    if (same) return { ok: true, message: msg("gradesServer.actions.overrideSaved") };
    if (percent === null) {
      if (!old) return { ok: true, message: msg("gradesServer.actions.noOverride") };
      await tx.execute(
        sql`delete from term_grade_overrides where level_code = ${level.code} and student_id = ${studentId} and term_id = ${termId}`,
      );
    } else {
      await tx.execute(sql`
        insert into term_grade_overrides (level_code, student_id, term_id, percent, reason, reason_shared, family_note, teacher_id)
        values (${level.code}, ${studentId}, ${termId}, ${percent}, ${reason}, ${shared}, ${note}, ${actor.id})
        on conflict (level_code, student_id, term_id) do update set percent = excluded.percent, reason = excluded.reason,
          reason_shared = excluded.reason_shared, family_note = excluded.family_note, teacher_id = excluded.teacher_id, updated_at = now()`);
    }
    await audit(tx, {
      action: "term_grade.overridden",
      actorId: actor.id,
      levelCode: level.code,
      detail: {
        studentId,
        termId,
        old: old ? { percent: Number(old.percent), reason: old.reason, shared: old.shared, note: old.note } : null,
        new: percent === null ? null : { percent, reason, shared, note },
      },
    });
    return {
      ok: true,
      message: msg(percent === null ? "gradesServer.actions.overrideRemoved" : "gradesServer.actions.overrideSaved"),
    };
  });
}

/**
 * The report-card comment: `{first name}` is filled in when saved; "add to my comment bank" keeps
 * it as a template (the student's first name put back as `{first name}`). Blank removes it.
 */
export async function setComment(
  actor: Actor,
  level: LevelFacts,
  input: { studentId: number; termId: number; comment: string; bank: boolean },
): Promise<Answer> {
  const { studentId, termId, bank } = input;
  if (!(await listGradingTerms()).some((t) => t.id === termId)) return NO_TERM;
  return db().transaction(async (tx): Promise<Answer> => {
    const [student] = await queryRows<{ name: string }>(
      sql`select u.name from student_enrollment e join users u on u.id = e.student_id where e.student_id = ${studentId} and e.level_code = ${level.code}`,
      tx,
    );
    if (!student) return NOT_ENROLLED;
    const refused = await gradeWriteRefusal(tx, actor, level, { termId }, schoolTimeZone());
    if (refused) return refused;
    const comment = fillFirstName(input.comment, student.name);
    if (comment.length > 1000) return { ok: false, message: msg("gradesServer.actions.commentTooLong") };
    const [old] = await queryRows<{ comment: string }>(
      sql`select comment from term_comments where level_code = ${level.code} and student_id = ${studentId} and term_id = ${termId} for update`,
      tx,
    );
    if (comment === "") {
      if (old)
        await tx.execute(
          sql`delete from term_comments where level_code = ${level.code} and student_id = ${studentId} and term_id = ${termId}`,
        );
    } else if (old?.comment !== comment) {
      await tx.execute(sql`
        insert into term_comments (level_code, student_id, term_id, comment, teacher_id) values (${level.code}, ${studentId}, ${termId}, ${comment}, ${actor.id})
        on conflict (level_code, student_id, term_id) do update set comment = excluded.comment, teacher_id = excluded.teacher_id, updated_at = now()`);
    }
    if ((old?.comment ?? "") !== comment) {
      await audit(tx, {
        action: "term_comment.changed",
        actorId: actor.id,
        levelCode: level.code,
        detail: { studentId, termId, old: old?.comment ?? null, new: comment || null },
      });
    }
    if (bank && comment) {
      const [count] = await queryRows<{ n: number }>(
        sql`select count(*)::int as n from comment_bank where teacher_id = ${actor.id}`,
        tx,
      );
      if ((count?.n ?? 0) >= MAX_BANK)
        return { ok: false, message: msg("gradesServer.actions.bankFull", { max: MAX_BANK }) };
      await tx.execute(
        sql`insert into comment_bank (teacher_id, text) values (${actor.id}, ${toTemplate(comment, student.name)}) on conflict do nothing`,
      );
    }
    return {
      ok: true,
      message: msg(
        comment
          ? bank
            ? "gradesServer.actions.commentBanked"
            : "gradesServer.actions.commentSaved"
          : "gradesServer.actions.commentRemoved",
      ),
    };
  });
}
