// Grades written by the roster import (issue 27: one home for grade writes, decision 017). The
// import plans and checks its results itself (lib/roster/plan-gradebook: a result in a published
// term is a problem naming the term), but it does so under the same locks as a teacher's save, in
// the same order, so a publication cannot store cards between the import's check and its commit:
//   1. every assignment's row lock (a teacher's save takes its assignment's first, decision 011),
//   2. the grade-write lock shared (lock.ts; publishing holds it exclusively while it stores cards).
// The statements below are set-based (a school of 2,000 is a few statements) and audit each
// changed cell old → new like a teacher's change, with "source": "roster".
import "server-only";
import { sql } from "drizzle-orm";
import { queryRows } from "@/lib/db/client";
import { holdGradeWrites, type Runner } from "./lock";

type Tx = Pick<Runner, "execute">;

/**
 * Takes the import's locks before it reads the portal to plan: the assignments' row locks when the
 * upload writes the gradebook, then the grade-write lock shared. Anything the plan then checks
 * against (published terms, scores) stays as read until the import commits.
 */
export async function holdImportGradeWrites(tx: Tx, opts: { gradebook: boolean }): Promise<void> {
  if (opts.gradebook)
    await tx.execute(sql`select count(*) from (select id from assignments order by id for no key update) locked`);
  await holdGradeWrites(tx);
}

const ints = (ids: readonly number[]) => `{${ids.join(",")}}`;
const CHUNK = 5000;
function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/**
 * Removes the grades a delta's tobedeleted rows name, each audited (old score → none), and turns
 * the grades a bulk results file no longer lists into the portal's own (never removed silently).
 */
export async function removeImportedGrades(
  tx: Tx,
  input: { delete: readonly number[]; detach: readonly number[] },
  actorId: number | null,
): Promise<void> {
  for (const ids of chunks(input.delete, CHUNK)) {
    await queryRows(
      sql`
      with gone as (delete from grades where id = any(${ints(ids)}::int[]) returning assignment_id, student_id, score)
      insert into audit_log (action, actor_id, level_code, detail)
      select 'grade.changed', ${actorId}::int, a.level_code,
        jsonb_build_object('assignmentId', g.assignment_id, 'studentId', g.student_id, 'old', g.score, 'new', null, 'source', 'roster')
      from gone g join assignments a on a.id = g.assignment_id order by g.assignment_id, g.student_id`,
      tx,
    );
  }
  for (const ids of chunks(input.detach, CHUNK))
    await queryRows(sql`update grades set sourced_id = null where id = any(${ints(ids)}::int[])`, tx);
}

export interface ImportedGrade {
  assignmentId: number;
  studentId: number;
  /** Hundredths of a point (exact: decision 011). */
  score100: number;
  feedback: string | null;
  /** YYYY-MM-DD in the school's time zone; null: now for a new grade, unchanged for a kept one. */
  gradedDay: string | null;
  sourcedId: string;
}

/** Changes existing grades; a changed score is audited old → new. */
export async function updateImportedGrades(
  tx: Tx,
  rows: readonly (Omit<ImportedGrade, "assignmentId" | "studentId" | "sourcedId"> & {
    id: number;
    /** null: the portal's own grade, which stays its own. */
    sourcedId: string | null;
  })[],
  actorId: number | null,
  timeZone: string,
): Promise<void> {
  const input = JSON.stringify(
    rows.map((g) => ({
      id: g.id,
      score100: g.score100,
      feedback: g.feedback,
      day: g.gradedDay,
      sourced_id: g.sourcedId,
    })),
  );
  await queryRows(
    sql`
      with input as (
        select * from jsonb_to_recordset(${input}::jsonb) as t(id int, score100 int, feedback text, day date, sourced_id text)
      ), old as (
        select g.id, g.score from grades g join input i on i.id = g.id
      ), written as (
        update grades g set score = i.score100::numeric / 100, feedback = i.feedback, sourced_id = i.sourced_id,
          graded_at = coalesce(i.day::timestamp at time zone ${timeZone}, g.graded_at)
        from input i where g.id = i.id
        returning g.id, g.assignment_id, g.student_id, g.score
      )
      insert into audit_log (action, actor_id, level_code, detail)
      select 'grade.changed', ${actorId}::int, a.level_code,
        jsonb_build_object('assignmentId', w.assignment_id, 'studentId', w.student_id, 'old', o.score, 'new', w.score, 'source', 'roster')
      from written w join old o on o.id = w.id join assignments a on a.id = w.assignment_id
      where o.score <> w.score order by w.assignment_id, w.student_id`,
    tx,
  );
}

/** Inserts new grades (counted in the import's summary, not audited one by one). */
export async function createImportedGrades(tx: Tx, rows: readonly ImportedGrade[], timeZone: string): Promise<void> {
  const input = JSON.stringify(
    rows.map((g) => ({
      assignment_id: g.assignmentId,
      student_id: g.studentId,
      score100: g.score100,
      feedback: g.feedback,
      day: g.gradedDay,
      sourced_id: g.sourcedId,
    })),
  );
  await queryRows(
    sql`
      insert into grades (assignment_id, student_id, score, feedback, graded_at, sourced_id)
      select t.assignment_id, t.student_id, t.score100::numeric / 100, t.feedback, coalesce(t.day::timestamp at time zone ${timeZone}, now()), t.sourced_id
      from jsonb_to_recordset(${input}::jsonb) as t(assignment_id int, student_id int, score100 int, feedback text, day date, sourced_id text)
      order by t.assignment_id, t.student_id`,
    tx,
  );
}
