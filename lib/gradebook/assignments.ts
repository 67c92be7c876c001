// Creating, changing and deleting assignments (issue 27: an assignment's due date decides the term
// it counts in, so each of these can change a published term's report card). Each takes the
// published-term lock for the day the assignment counts on before and after the change: creating
// one into a published term, deleting one from it, or moving one into or out of it is refused.
import "server-only";
import { and, eq, sql } from "drizzle-orm";
import type { Answer } from "@/lib/action-result";
import type { Actor, LevelFacts } from "@/lib/auth/policy";
import { db, queryRows } from "@/lib/db/client";
import { assignments, gradeCategories, grades } from "@/lib/db/schema";
import { dateInTimeZone } from "@/lib/domain/dates";
import type { RubricBody } from "@/lib/domain/rubric-types";
import { parseRubric, rubricMaxHundredths } from "@/lib/domain/rubrics";
import { formatDateTime } from "@/lib/domain/format";
import { schoolTimeZone } from "@/lib/env";
import { decimal, msg } from "@/lib/i18n/message";
import type { PostPolicy } from "@/lib/domain/rubric-types";
import { noticeGrades } from "@/lib/notify/grades";
import { scheduleMissingCheck } from "@/lib/notify/work";
import { getAssignmentInLevel, listSubmissionsForAssignment } from "@/lib/queries/teacher";
import { gradeWriteRefusal, type Runner } from "./lock";
import { usableRubric } from "./rubric-bank";
import { lockAssignment } from "./scores";

const NOT_IN_CLASS: Answer = { ok: false, message: msg("classPage.actions.assignmentNotHere") };
const INVALID_CATEGORY: Answer = { ok: false, message: msg("teacherActions.invalidCategory") };

/**
 * A published term's refusal, as lib/gradebook/lock.ts answers it: a write that feeds the term passes
 * it on. Whatever the lock answers with (text until the grade screens' answers are descriptors, then
 * a descriptor), so these answers become strict on their own when it does.
 */
type LockRefusal = NonNullable<Awaited<ReturnType<typeof gradeWriteRefusal>>>;
type Written = Promise<Answer | LockRefusal>;

export interface AssignmentFields {
  title: string;
  description: string;
  maxScore: number;
  dueDate: Date;
  categoryId: number | null;
  /** When students see its grades (decision 033); left out: at once when created, unchanged when edited. */
  postPolicy?: PostPolicy;
  /** Issue 44: the assignment's rubric; absent keeps the one it has (none for a new assignment). */
  rubric?: RubricChoice;
}

/**
 * The form's "Rubric" (issue 44): none, a copy of a bank rubric the teacher may use, or one built
 * in the form (with the bank rubric it started from, if any, kept only to say so).
 */
export type RubricChoice =
  { mode: "none" } | { mode: "bank"; rubricId: number } | { mode: "custom"; rubric: unknown; rubricId: number | null };

type ResolvedRubric = { rubric: RubricBody | null; rubricId: number | null };

/**
 * The rubric an assignment will carry, or the refusal (decision 033): a rubric is attached only
 * when its highest total equals the assignment's max score, so a rubric's score is always a score
 * the assignment accepts. A kept rubric is checked against a changed max score the same way.
 */
async function resolveRubric(
  tx: Parameters<typeof usableRubric>[2],
  actor: Actor,
  choice: RubricChoice | undefined,
  kept: ResolvedRubric,
  maxScore: number,
): Promise<ResolvedRubric | Answer> {
  let chosen: ResolvedRubric;
  if (!choice) chosen = kept;
  else if (choice.mode === "none") chosen = { rubric: null, rubricId: null };
  else if (choice.mode === "bank") {
    const rubric = await usableRubric(actor, choice.rubricId, tx);
    if (!rubric) return { ok: false, message: msg("rubrics.errors.notFound") };
    chosen = { rubric, rubricId: choice.rubricId };
  } else {
    const parsed = parseRubric(choice.rubric);
    if (!parsed.ok) return parsed;
    const from = choice.rubricId !== null && (await usableRubric(actor, choice.rubricId, tx)) ? choice.rubricId : null;
    chosen = { rubric: parsed.rubric, rubricId: from };
  }
  if (chosen.rubric) {
    const total = rubricMaxHundredths(chosen.rubric);
    if (total !== maxScore * 100)
      return {
        ok: false,
        message: msg("rubrics.errors.maxMismatch", { total: decimal(total / 100), max: maxScore }),
      };
  }
  return chosen;
}

async function categoryExists(id: number | null, on: Pick<Runner, "execute">): Promise<boolean> {
  if (id === null) return true;
  const rows = await queryRows<{ id: number }>(sql`select id from ${gradeCategories} where id = ${id}`, on);
  return rows.length > 0;
}

export async function createAssignment(actor: Actor, level: LevelFacts, v: AssignmentFields): Written {
  const tz = schoolTimeZone();
  return db().transaction(async (tx): Written => {
    const refused = await gradeWriteRefusal(tx, actor, level, { days: [dateInTimeZone(v.dueDate, tz)] }, tz);
    if (refused) return refused;
    if (!(await categoryExists(v.categoryId, tx))) return INVALID_CATEGORY;
    const { rubric: choice, ...fields } = v;
    const rubric = await resolveRubric(tx, actor, choice, { rubric: null, rubricId: null }, v.maxScore);
    if ("ok" in rubric) return rubric;
    const [row] = await tx
      .insert(assignments)
      .values({
        levelCode: level.code,
        teacherId: actor.id,
        ...fields,
        postPolicy: fields.postPolicy ?? "immediate",
        ...rubric,
      })
      .returning({ id: assignments.id });
    // Its missing-work check runs at the due time (lib/notify/work.ts).
    await scheduleMissingCheck(tx, { assignmentId: row!.id, dueDate: v.dueDate });
    return { ok: true, message: msg("teacherActions.assignmentCreated") };
  });
}

/** Edit Full (all fields), under the assignment's lock: no grade is saved between the checks and the new maximum. */
export async function updateAssignment(
  actor: Actor,
  level: LevelFacts,
  assignmentId: number,
  v: AssignmentFields,
): Written {
  const tz = schoolTimeZone();
  return db().transaction(async (tx): Written => {
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
    if (!(await categoryExists(v.categoryId, tx))) return INVALID_CATEGORY;
    const [current] = await tx
      .select({ rubric: assignments.rubric, rubricId: assignments.rubricId })
      .from(assignments)
      .where(eq(assignments.id, assignmentId));
    const { rubric: choice, ...fields } = v;
    // A rubric changed after grades were given never changes a stored score (decision 033): a
    // grade whose levels no longer fit shows "rubric changed — re-score" until scored again.
    const rubric = await resolveRubric(
      tx,
      actor,
      choice,
      { rubric: current?.rubric ?? null, rubricId: current?.rubricId ?? null },
      v.maxScore,
    );
    if ("ok" in rubric) return rubric;
    // Lowering the max score below an existing grade would make that grade impossible.
    const [over] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(grades)
      .where(and(eq(grades.assignmentId, assignmentId), sql`${grades.score} > ${v.maxScore}`));
    if ((over?.n ?? 0) > 0)
      return {
        ok: false,
        message: msg("teacherActions.maxBelowGrades", { count: over!.n, max: v.maxScore }),
      };
    // Switched to "at once": the database returns its drafts (drizzle/0035's trigger); each is then
    // news as a saved grade is (decision 033).
    const drafts =
      v.postPolicy === "immediate"
        ? await queryRows<{ student_id: number }>(
            sql`select student_id from grades where assignment_id = ${assignmentId} and returned_at is null`,
            tx,
          )
        : [];
    await tx
      .update(assignments)
      .set({ ...fields, ...rubric })
      .where(and(eq(assignments.id, assignmentId), eq(assignments.levelCode, level.code)));
    if (drafts.length)
      await noticeGrades(tx, { assignmentId, studentIds: drafts.map((d) => Number(d.student_id)), actorId: actor.id });
    await scheduleMissingCheck(tx, { assignmentId, dueDate: v.dueDate });
    return { ok: true, message: msg("teacherActions.assignmentUpdated") };
  });
}

/**
 * Delete an assignment. Students' work is never thrown away as a side effect: an assignment with
 * submissions or grades is refused (the database's RESTRICT keys enforce it too), and so is one
 * that counts in a published term. Counted under the assignment's UPDATE lock: a grade save waits
 * for the delete (then finds no assignment), and a grade or submission committed first is counted.
 */
export async function deleteAssignment(actor: Actor, level: LevelFacts, id: number): Written {
  return db().transaction(async (tx): Written => {
    if (!(await lockAssignment(tx, id, level.code, "update"))) return NOT_IN_CLASS;
    const refused = await gradeWriteRefusal(tx, actor, level, { assignmentId: id }, schoolTimeZone());
    if (refused) return refused;
    const [work] = await queryRows<{ subs: number; graded: number; comments: number }>(
      sql`
      select (select count(*) from assignment_submissions where assignment_id = ${id})::int as subs,
             (select count(*) from grades where assignment_id = ${id})::int as graded,
             (select count(*) from submission_comments where assignment_id = ${id})::int as comments`,
      tx,
    );
    if (work && (work.subs > 0 || work.graded > 0)) {
      return {
        ok: false,
        message: msg("teacherActions.assignmentHasWork", { submissions: work.subs, grades: work.graded }),
      };
    }
    // The private conversation about it is kept like the work (issue 44, decision 033).
    if (work && work.comments > 0)
      return { ok: false, message: msg("teacherActions.assignmentHasComments", { count: work.comments }) };
    await tx.delete(assignments).where(and(eq(assignments.id, id), eq(assignments.levelCode, level.code)));
    return { ok: true, message: msg("teacherActions.assignmentDeleted") };
  });
}

/** Inline edit of the title or the description: neither changes a grade, so no term lock is taken. */
export async function editAssignmentText(
  level: LevelFacts,
  id: number,
  set: { title?: string; description?: string },
): Promise<Answer> {
  const done = await db()
    .update(assignments)
    .set(Object.fromEntries(Object.entries(set).filter(([, v]) => v !== undefined)))
    .where(and(eq(assignments.id, id), eq(assignments.levelCode, level.code)))
    .returning({ id: assignments.id });
  return done.length ? { ok: true, message: msg("teacherActions.assignmentUpdated") } : NOT_IN_CLASS;
}

export interface ResponseEntry {
  id: number;
  /** Whose submission: View Responses opens the student's private comments (issue 44). */
  studentId: number;
  studentName: string;
  content: string;
  submittedAt: string;
}

/** View Responses: every submission to one assignment of this class, with the student's name; dates in `locale`. */
export async function assignmentResponses(
  level: LevelFacts,
  id: number,
  locale = "en",
): Promise<Answer<ResponseEntry[]>> {
  if (!(await getAssignmentInLevel(id, level.code))) return NOT_IN_CLASS;
  const tz = schoolTimeZone();
  const rows = await listSubmissionsForAssignment(id);
  return {
    ok: true,
    data: rows.map((r) => ({
      id: r.id,
      studentId: r.studentId,
      studentName: r.studentName,
      content: r.content,
      submittedAt: formatDateTime(r.submittedAt, tz, locale),
    })),
  };
}
