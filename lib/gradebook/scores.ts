// Scores and E/M/L marks (the one home for them, issue 27): every write checks the class, the
// student's enrollment and the published-term lock (lock.ts, lib/auth/policy gradeChangeAccess)
// under the assignment's row lock, writes, and audits old → new in the same transaction.
import "server-only";
import { sql } from "drizzle-orm";
import type { Answer } from "@/lib/action-result";
import type { Actor, LevelFacts } from "@/lib/auth/policy";
import { db, queryRows } from "@/lib/db/client";
import { audit } from "@/lib/audit";
import { parseScore, scoreRangeMessage } from "@/lib/domain/scores";
import { schoolTimeZone } from "@/lib/env";
import { msg, type Message } from "@/lib/i18n/message";
import { noticeGrades } from "@/lib/notify/grades";
import { noticeMissingMark } from "@/lib/notify/work";
import { gradeWriteRefusal, type Runner } from "./lock";

export const NOT_IN_CLASS = { ok: false, message: msg("classPage.actions.assignmentNotHere") } as const;
export const NOT_ENROLLED = { ok: false, message: msg("gradesServer.actions.notEnrolled") } as const;

/**
 * Takes this assignment's row lock for the rest of the transaction and reads its maximum under
 * it; null when the assignment is not in this class (or a delete got there first). Every write
 * to an assignment's grades or its maximum takes it first and checks and reads under it, so they
 * run one at a time per assignment: a grade is checked against the maximum it is stored under, the
 * totals' triggers see each other's rows, and the audit's old value is the score the write
 * replaces. READ COMMITTED gives each later statement a snapshot taken after the lock was granted.
 * Grade writes take NO KEY UPDATE, which students' submissions (a foreign-key KEY SHARE lock) do
 * not wait for; a delete takes UPDATE. Tests: tests/grade-concurrency.property.test.ts.
 */
export async function lockAssignment(
  tx: Runner,
  assignmentId: number,
  levelCode: string,
  strength: "update" | "no key update" = "no key update",
  studentId?: number,
) {
  const [row] = await queryRows<{ id: number; max_score: number; enrolled: boolean | null }>(
    sql`select a.id, a.max_score,
          ${studentId === undefined ? sql`null` : sql`exists (select 1 from student_enrollment e where e.student_id = ${studentId} and e.level_code = a.level_code)`} as enrolled
        from assignments a where a.id = ${assignmentId} and a.level_code = ${levelCode}
        ${strength === "update" ? sql`for update` : sql`for no key update`}`,
    tx,
  );
  return row ? { id: Number(row.id), maxScore: Number(row.max_score), enrolled: row.enrolled === true } : null;
}

export type GradeRow = { studentId: number; score: number; feedback: string | null | undefined };

/**
 * Upserts the rows (distinct students) that change something and records each in the audit log,
 * in one statement: the statement triggers update the totals once, and the old values are read in
 * the same snapshot the write replaces (under the caller's assignment lock). Feedback left out of a
 * row (undefined) keeps the feedback already there. A row that changes nothing (the same score, and
 * the same feedback or none given) is not written, audited or told to anyone (issue 39); a change of
 * the feedback alone is written and audited but is not a new grade, so it notifies nobody (decision
 * 015). Returns how many rows changed. Exported for the rubric scoring (rubric-scores.ts), which
 * writes its score through here and its levels beside it.
 */
export async function writeGrades(
  tx: Runner,
  actorId: number,
  levelCode: string,
  assignmentId: number,
  rows: readonly GradeRow[],
): Promise<number> {
  const input = JSON.stringify(
    rows.map((r) => ({
      student_id: r.studentId,
      score: r.score,
      feedback: r.feedback ?? null,
      keep: r.feedback === undefined,
    })),
  );
  const changed = await queryRows<{ student_id: number; new_score: boolean; returned: boolean }>(
    sql`
    with input as (
      select * from jsonb_to_recordset(${input}::jsonb) as t(student_id int, score numeric, feedback text, keep boolean)
    ), old as (
      select g.student_id, g.score, g.feedback from grades g join input i on i.student_id = g.student_id where g.assignment_id = ${assignmentId}
    ), change as (
      select i.student_id, i.score, o.score as old_score,
        case when i.keep then o.feedback else i.feedback end as feedback,
        o.student_id is null or o.score <> i.score as new_score
      from input i left join old o on o.student_id = i.student_id
      where o.student_id is null or o.score <> i.score or (not i.keep and o.feedback is distinct from i.feedback)
    ), written as (
      insert into grades (assignment_id, student_id, score, feedback, graded_at)
      select ${assignmentId}, c.student_id, c.score, c.feedback, now() from change c order by c.student_id
      on conflict (assignment_id, student_id) do update set score = excluded.score, feedback = excluded.feedback, graded_at = excluded.graded_at
      returning student_id, returned_at is not null as returned
    ), audited as (
      insert into audit_log (action, actor_id, level_code, detail)
      select 'grade.changed', ${actorId}::int, ${levelCode}::text,
        jsonb_build_object('assignmentId', ${assignmentId}::int, 'studentId', c.student_id, 'old', c.old_score, 'new', c.score)
          || case when c.new_score then '{}'::jsonb else '{"feedback": "changed"}'::jsonb end
      from change c join written w on w.student_id = c.student_id
      order by c.student_id
    )
    select c.student_id, c.new_score, w.returned from change c join written w on w.student_id = c.student_id`,
    tx,
  );
  // A new score below a family's threshold is news once it settles (lib/notify/grades.ts); a draft
  // (an assignment posted on return, decision 033) is news when it is returned (returns.ts).
  const scored = changed.filter((c) => c.new_score && c.returned).map((c) => Number(c.student_id));
  if (scored.length) await noticeGrades(tx, { assignmentId, studentIds: scored, actorId });
  return changed.length;
}

/** One cell of the grid or gradebook, or the Add Grade modal: insert or update the (assignment, student) grade. */
export async function saveScore(
  actor: Actor,
  level: LevelFacts,
  input: { assignmentId: number; studentId: number; score: unknown; feedback: string | null | undefined },
): Promise<Answer> {
  return db().transaction(async (tx): Promise<Answer> => {
    const assignment = await lockAssignment(tx, input.assignmentId, level.code, "no key update", input.studentId);
    if (!assignment) return NOT_IN_CLASS;
    if (!assignment.enrolled) return NOT_ENROLLED;
    const refused = await gradeWriteRefusal(tx, actor, level, { assignmentId: assignment.id }, schoolTimeZone());
    if (refused) return refused;
    const score = parseScore(input.score, assignment.maxScore);
    if (score.kind !== "ok")
      return { ok: false, message: score.kind === "invalid" ? score.message : scoreRangeMessage(assignment.maxScore) };
    await writeGrades(tx, actor.id, level.code, assignment.id, [
      { studentId: input.studentId, score: score.value, feedback: input.feedback },
    ]);
    return { ok: true, message: msg("gradesServer.actions.gradeSaved") };
  });
}

/**
 * Bulk Grade: blank or non-numeric scores are skipped (spec §5); one out-of-range score refuses
 * the whole batch, so nothing is half-saved. Rows name distinct students (the caller checks), no
 * more than the class has (5,000 rows for one student once stalled PGlite for 30 s), and the valid
 * ones are written in one statement under the assignment's lock.
 */
export async function saveScores(
  actor: Actor,
  level: LevelFacts,
  input: { assignmentId: number; rows: readonly { studentId: number; score?: string; feedback?: string }[] },
): Promise<Answer<{ saved: number }>> {
  const rows = input.rows;
  return db().transaction(async (tx): Promise<Answer<{ saved: number }>> => {
    const assignment = await lockAssignment(tx, input.assignmentId, level.code);
    if (!assignment) return NOT_IN_CLASS;
    const refused = await gradeWriteRefusal(tx, actor, level, { assignmentId: assignment.id }, schoolTimeZone());
    if (refused) return refused;
    const [roster] = await queryRows<{ size: number }>(
      sql`select count(*)::int as size from student_enrollment where level_code = ${level.code}`,
      tx,
    );
    const size = Number(roster?.size ?? 0);
    if (rows.length > size) {
      return {
        ok: false,
        message:
          size === 1 ? msg("gradesServer.actions.bulkTooManyOne") : msg("gradesServer.actions.bulkTooMany", { size }),
      };
    }
    const toSave: GradeRow[] = [];
    for (const row of rows) {
      const score = parseScore(row.score, assignment.maxScore);
      if (score.kind === "invalid") return { ok: false, message: score.message };
      if (score.kind === "ok")
        toSave.push({
          studentId: row.studentId,
          score: score.value,
          feedback: row.feedback === undefined ? undefined : row.feedback.trim() || null,
        });
    }
    if (toSave.length === 0) return { ok: false, message: msg("gradesServer.actions.enterOneScore") };
    const ids = `{${toSave.map((r) => r.studentId).join(",")}}`;
    const [listed] = await queryRows<{ n: number }>(
      sql`select count(*)::int as n from student_enrollment where level_code = ${level.code} and student_id = any(${ids}::int[])`,
      tx,
    );
    if (Number(listed?.n ?? 0) !== toSave.length) return NOT_ENROLLED;
    await writeGrades(tx, actor.id, level.code, assignment.id, toSave);
    return {
      ok: true,
      message: msg("gradesServer.actions.bulkSaved", { count: toSave.length }),
      data: { saved: toSave.length },
    };
  });
}

export type Mark = "none" | "excused" | "missing" | "late";

const MARK_DONE: Record<Mark, Message> = {
  none: msg("gradesServer.actions.markRemoved"),
  excused: msg("gradesServer.actions.markedExcused"),
  missing: msg("gradesServer.actions.markedMissing"),
  late: msg("gradesServer.actions.markedLate"),
};

/** A mark beside a score in the grade grid (issue 19): excused, missing or late, or none; audited old → new. */
export async function setMark(
  actor: Actor,
  level: LevelFacts,
  input: { assignmentId: number; studentId: number; mark: Mark },
): Promise<Answer> {
  const { assignmentId, studentId, mark } = input;
  return db().transaction(async (tx): Promise<Answer> => {
    const assignment = await lockAssignment(tx, assignmentId, level.code, "no key update", studentId);
    if (!assignment) return NOT_IN_CLASS;
    if (!assignment.enrolled) return NOT_ENROLLED;
    const refused = await gradeWriteRefusal(tx, actor, level, { assignmentId }, schoolTimeZone());
    if (refused) return refused;
    const [old] = await queryRows<{ mark: string }>(
      sql`select case when excused then 'excused' when missing then 'missing' when late then 'late' else 'none' end as mark
          from grade_marks where assignment_id = ${assignmentId} and student_id = ${studentId}`,
      tx,
    );
    const done = { ok: true, message: MARK_DONE[mark] } as const;
    // The same mark again changes nothing: nothing written, audited or told (issue 39).
    if ((old?.mark ?? "none") === mark) return done;
    if (mark === "none") {
      await tx.execute(
        sql`delete from grade_marks where assignment_id = ${assignmentId} and student_id = ${studentId}`,
      );
    } else {
      await tx.execute(sql`
        insert into grade_marks (assignment_id, student_id, excused, missing, late) values (${assignmentId}, ${studentId}, ${mark === "excused"}, ${mark === "missing"}, ${mark === "late"})
        on conflict (assignment_id, student_id) do update set excused = excluded.excused, missing = excluded.missing, late = excluded.late, updated_at = now()`);
    }
    // A teacher's M is news like a missed due date (issue 27; lib/notify/work).
    if (mark === "missing") await noticeMissingMark(tx, { assignmentId, studentId, actorId: actor.id });
    await audit(tx, {
      action: "grade.changed",
      actorId: actor.id,
      levelCode: level.code,
      detail: { assignmentId, studentId, oldMark: old?.mark ?? "none", newMark: mark },
    });
    return done;
  });
}
