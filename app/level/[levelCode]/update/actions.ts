"use server";

import { and, eq, sql } from "drizzle-orm";
import { revalidatePath } from "next/cache";
import { z } from "zod";
import type { ActionResult } from "@/lib/action-result";
import { formObject, guarded, idSchema, invalid } from "@/lib/actions";
import { requireClassAccess } from "@/lib/auth/guards";
import { db, queryRows } from "@/lib/db/client";
import { assignments, gradeCategories, grades, updates } from "@/lib/db/schema";
import { CONTENT_MAX_LENGTH, MAX_SCORE_DEFAULT, MAX_SCORE_MIN, TITLE_MAX_LENGTH } from "@/lib/domain/constants";
import { formatDateTime } from "@/lib/domain/format";
import { tooDeeplyNestedMessage, withinNestingLimit } from "@/lib/domain/markdown-depth";
import { parseScore, scoreRangeMessage } from "@/lib/domain/scores";
import { schoolTimeZone } from "@/lib/env";
import { getAssignmentInLevel, listSubmissionsForAssignment } from "@/lib/queries/teacher";
import { updateInLevel } from "@/lib/queries/class-page";
import { ANNOUNCEMENT_NOTICES_PER_HOUR, noticeAnnouncement } from "@/lib/notify/announcements";
import { hitRateLimit } from "@/lib/rate-limit";
import { noticeGrades } from "@/lib/notify/grades";
import { scheduleMissingCheck } from "@/lib/notify/work";
import { assignmentLock } from "@/lib/terms/publishing";

// Every action: authorise for this level ("teach": its instructor or an admin) → validate →
// check every id belongs to the level → write (in a transaction when several rows) → revalidate.

const levelCode = z.string().trim().min(1).max(100);
const title = z
  .string()
  .trim()
  .min(1, "Title is required")
  .max(TITLE_MAX_LENGTH, `Title must be at most ${TITLE_MAX_LENGTH} characters`);
const content = z
  .string()
  .trim()
  .min(1, "Content is required")
  .max(CONTENT_MAX_LENGTH, `Content must be at most ${CONTENT_MAX_LENGTH} characters`)
  .refine(withinNestingLimit, tooDeeplyNestedMessage("Content"));

function refresh(code: string) {
  const base = `/level/${encodeURIComponent(code)}`;
  revalidatePath(`${base}/update`);
  revalidatePath(base);
  revalidatePath("/teacher");
}

/* ---------- announcements ---------- */

export async function createAnnouncement(_prev: ActionResult, formData: FormData): Promise<ActionResult> {
  return guarded(async () => {
    const input = z.object({ levelCode, title, content }).safeParse(formObject(formData));
    if (!input.success) {
      await requireClassAccess(String(formData.get("levelCode") ?? ""), "teach");
      return invalid(input.error);
    }
    const { user, level } = await requireClassAccess(input.data.levelCode, "teach");
    // The class's students and families hear of it after it settles (lib/notify/announcements.ts),
    // up to ANNOUNCEMENT_NOTICES_PER_HOUR a poster: past that it is posted and tells nobody.
    const notify = (await hitRateLimit(`announcement-notice:${user.id}`, ANNOUNCEMENT_NOTICES_PER_HOUR, 3_600_000))
      .allowed;
    await db().transaction(async (tx) => {
      const [row] = await tx
        .insert(updates)
        .values({ levelCode: level.code, teacherId: user.id, title: input.data.title, content: input.data.content })
        .returning({ id: updates.id });
      if (notify) await noticeAnnouncement(tx, { updateId: row!.id, actorId: user.id });
    });
    refresh(level.code);
    return { ok: true, message: "Announcement posted" };
  });
}

const announcementEdit = z
  .object({ levelCode, updateId: idSchema, title: title.optional(), content: content.optional() })
  .refine((v) => v.title !== undefined || v.content !== undefined, "Nothing to change");

/** Inline edit and Edit Full: either field or both, trimmed; empty values are refused. */
export async function editAnnouncement(input: {
  levelCode: string;
  updateId: number;
  title?: string;
  content?: string;
}): Promise<ActionResult> {
  return guarded(async () => {
    const { level } = await requireClassAccess(String(input?.levelCode ?? ""), "teach");
    const parsed = announcementEdit.safeParse(input);
    if (!parsed.success) return invalid(parsed.error);
    if (!(await updateInLevel(parsed.data.updateId, level.code)))
      return { ok: false, message: "That announcement is not in this class." };
    const set: { title?: string; content?: string } = {};
    if (parsed.data.title !== undefined) set.title = parsed.data.title;
    if (parsed.data.content !== undefined) set.content = parsed.data.content;
    await db()
      .update(updates)
      .set(set)
      .where(and(eq(updates.id, parsed.data.updateId), eq(updates.levelCode, level.code)));
    refresh(level.code);
    return { ok: true, message: "Announcement updated" };
  });
}

export async function deleteAnnouncement(input: { levelCode: string; updateId: number }): Promise<ActionResult> {
  return guarded(async () => {
    const { level } = await requireClassAccess(String(input?.levelCode ?? ""), "teach");
    const parsed = z.object({ updateId: idSchema }).safeParse(input);
    if (!parsed.success) return invalid(parsed.error);
    const deleted = await db()
      .delete(updates)
      .where(and(eq(updates.id, parsed.data.updateId), eq(updates.levelCode, level.code)))
      .returning({ id: updates.id });
    if (deleted.length === 0) return { ok: false, message: "That announcement is not in this class." };
    refresh(level.code);
    return { ok: true, message: "Announcement deleted" };
  });
}

/* ---------- assignments ---------- */

const assignmentFields = z.object({
  levelCode,
  title,
  description: z
    .string()
    .trim()
    .min(1, "Description is required")
    .max(CONTENT_MAX_LENGTH, `Description must be at most ${CONTENT_MAX_LENGTH} characters`)
    .refine(withinNestingLimit, tooDeeplyNestedMessage("Description")),
  maxScore: z.coerce
    .number({ message: "Max score must be a whole number of at least 1" })
    .int("Max score must be a whole number of at least 1")
    .min(MAX_SCORE_MIN, "Max score must be a whole number of at least 1")
    .max(100_000, "Max score is too large")
    .default(MAX_SCORE_DEFAULT),
  dueDate: z
    .string()
    .trim()
    .min(1, "Due date is required")
    .transform((s) => new Date(s))
    .refine(
      (d) => !Number.isNaN(d.getTime()) && d.getUTCFullYear() >= 2000 && d.getUTCFullYear() <= 2200,
      "Due date is not a valid date",
    ),
  categoryId: z
    .string()
    .optional()
    .transform((s) => (s && s.trim() !== "" ? Number(s) : null))
    .refine((n) => n === null || (Number.isInteger(n) && n > 0), "Invalid category"),
});

async function categoryExists(id: number | null, on: Pick<ReturnType<typeof db>, "select"> = db()): Promise<boolean> {
  if (id === null) return true;
  const rows = await on.select({ id: gradeCategories.id }).from(gradeCategories).where(eq(gradeCategories.id, id));
  return rows.length > 0;
}

export async function createAssignment(_prev: ActionResult, formData: FormData): Promise<ActionResult> {
  return guarded(async () => {
    const { user, level } = await requireClassAccess(String(formData.get("levelCode") ?? ""), "teach");
    const parsed = assignmentFields.safeParse(formObject(formData));
    if (!parsed.success) return invalid(parsed.error);
    const v = parsed.data;
    if (!(await categoryExists(v.categoryId))) return { ok: false, message: "Invalid category" };
    // Its missing-work check runs at the due time (lib/notify/work.ts).
    await db().transaction(async (tx) => {
      const [row] = await tx
        .insert(assignments)
        .values({
          levelCode: level.code,
          teacherId: user.id,
          title: v.title,
          description: v.description,
          maxScore: v.maxScore,
          dueDate: v.dueDate,
          categoryId: v.categoryId,
        })
        .returning({ id: assignments.id });
      await scheduleMissingCheck(tx, { assignmentId: row!.id, dueDate: v.dueDate });
    });
    refresh(level.code);
    return { ok: true, message: "Assignment created" };
  });
}

/** Edit Full (all fields) — the form posts every field. */
export async function updateAssignment(_prev: ActionResult, formData: FormData): Promise<ActionResult> {
  return guarded(async () => {
    const { level } = await requireClassAccess(String(formData.get("levelCode") ?? ""), "teach");
    const parsed = assignmentFields.extend({ assignmentId: idSchema }).safeParse(formObject(formData));
    if (!parsed.success) return invalid(parsed.error);
    const v = parsed.data;
    // Under the assignment's lock (see lockAssignment): no grade can be saved between the check
    // below and the new maximum, and the totals' trigger sees every grade already committed.
    const result = await db().transaction(async (tx): Promise<ActionResult> => {
      if (!(await lockAssignment(tx, v.assignmentId, level.code))) return NOT_IN_CLASS;
      const locked = await assignmentLock(v.assignmentId, tx);
      if (locked) return locked;
      if (!(await categoryExists(v.categoryId, tx))) return { ok: false, message: "Invalid category" };
      // Lowering the max score below an existing grade would make that grade impossible.
      const [over] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(grades)
        .where(and(eq(grades.assignmentId, v.assignmentId), sql`${grades.score} > ${v.maxScore}`));
      if ((over?.n ?? 0) > 0)
        return {
          ok: false,
          message: `Max score cannot be lower than an existing grade (${over!.n} grade(s) are above ${v.maxScore}).`,
        };
      await tx
        .update(assignments)
        .set({
          title: v.title,
          description: v.description,
          maxScore: v.maxScore,
          dueDate: v.dueDate,
          categoryId: v.categoryId,
        })
        .where(and(eq(assignments.id, v.assignmentId), eq(assignments.levelCode, level.code)));
      await scheduleMissingCheck(tx, { assignmentId: v.assignmentId, dueDate: v.dueDate });
      return { ok: true, message: "Assignment updated" };
    });
    if (result.ok) refresh(level.code);
    return result;
  });
}

/** Inline edit of the title or the description. */
export async function editAssignmentText(input: {
  levelCode: string;
  assignmentId: number;
  title?: string;
  description?: string;
}): Promise<ActionResult> {
  return guarded(async () => {
    const { level } = await requireClassAccess(String(input?.levelCode ?? ""), "teach");
    const parsed = z
      .object({ assignmentId: idSchema, title: title.optional(), description: content.optional() })
      .refine((v) => v.title !== undefined || v.description !== undefined, "Nothing to change")
      .safeParse(input);
    if (!parsed.success) return invalid(parsed.error);
    if (!(await getAssignmentInLevel(parsed.data.assignmentId, level.code)))
      return { ok: false, message: "That assignment is not in this class." };
    const set: { title?: string; description?: string } = {};
    if (parsed.data.title !== undefined) set.title = parsed.data.title;
    if (parsed.data.description !== undefined) set.description = parsed.data.description;
    await db()
      .update(assignments)
      .set(set)
      .where(and(eq(assignments.id, parsed.data.assignmentId), eq(assignments.levelCode, level.code)));
    refresh(level.code);
    return { ok: true, message: "Assignment updated" };
  });
}

/**
 * Delete an assignment. Students' work is never thrown away as a side effect: an assignment
 * with submissions or grades is refused (the database's RESTRICT keys enforce it too).
 */
export async function deleteAssignment(input: { levelCode: string; assignmentId: number }): Promise<ActionResult> {
  return guarded(async () => {
    const { level } = await requireClassAccess(String(input?.levelCode ?? ""), "teach");
    const parsed = z.object({ assignmentId: idSchema }).safeParse(input);
    if (!parsed.success) return invalid(parsed.error);
    const id = parsed.data.assignmentId;
    // Counted under the assignment's UPDATE lock: a grade save waits for the delete (then finds no
    // assignment), and a grade or submission committed first is counted.
    const result = await db().transaction(async (tx): Promise<ActionResult> => {
      if (!(await lockAssignment(tx, id, level.code, "update"))) return NOT_IN_CLASS;
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
    if (result.ok) refresh(level.code);
    return result;
  });
}

export interface ResponseEntry {
  id: number;
  studentName: string;
  content: string;
  submittedAt: string;
}

/** View Responses: every submission to one assignment of this class, with the student's name. */
export async function loadAssignmentResponses(
  code: string,
  assignmentId: number,
): Promise<ActionResult<ResponseEntry[]>> {
  return guarded(async () => {
    const { level } = await requireClassAccess(String(code ?? ""), "teach");
    const parsed = idSchema.safeParse(assignmentId);
    if (!parsed.success) return invalid(parsed.error);
    if (!(await getAssignmentInLevel(parsed.data, level.code)))
      return { ok: false, message: "That assignment is not in this class." };
    const tz = schoolTimeZone();
    const rows = await listSubmissionsForAssignment(parsed.data);
    return {
      ok: true,
      data: rows.map((r) => ({
        id: r.id,
        studentName: r.studentName,
        content: r.content,
        submittedAt: formatDateTime(r.submittedAt, tz),
      })),
    };
  });
}

/* ---------- grades ---------- */

const feedback = z
  .string()
  .max(CONTENT_MAX_LENGTH, `Feedback must be at most ${CONTENT_MAX_LENGTH} characters`)
  .optional()
  .transform((s) => (s === undefined ? undefined : s.trim() === "" ? null : s.trim()));

type Tx = Parameters<Parameters<ReturnType<typeof db>["transaction"]>[0]>[0];

/**
 * Takes this assignment's row lock for the rest of the transaction and reads its maximum under
 * it; null when the assignment is not in this class (or a delete got there first). Every write
 * to an assignment's grades or its maximum (saveGrade, addGrade, bulkGrade, updateAssignment,
 * deleteAssignment) takes it first and checks and reads under it, so they run one at a time per
 * assignment: a grade is checked against the maximum it is stored under, the totals' triggers see
 * each other's rows, and the audit's old value is the score the write replaces. READ COMMITTED
 * gives each later statement a snapshot taken after the lock was granted. Grade writes take NO KEY
 * UPDATE, which students' submissions (a foreign-key KEY SHARE lock) do not wait for; a delete
 * takes UPDATE. Tests: tests/grade-concurrency.property.test.ts.
 */
async function lockAssignment(
  tx: Tx,
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

const NOT_IN_CLASS = { ok: false, message: "That assignment is not in this class." } as const;

type GradeRow = { studentId: number; score: number; feedback: string | null | undefined };

/**
 * Upserts the rows (distinct students) and records old → new for each in the audit log, in one
 * statement: the statement triggers update the totals once, and the old scores are read in the
 * same snapshot the write replaces (under the caller's assignment lock). Feedback left out of a
 * row (undefined) keeps the feedback already there.
 */
async function writeGrades(
  tx: Tx,
  actorId: number,
  levelCode: string,
  assignmentId: number,
  rows: readonly GradeRow[],
): Promise<void> {
  const input = JSON.stringify(
    rows.map((r) => ({
      student_id: r.studentId,
      score: r.score,
      feedback: r.feedback ?? null,
      keep: r.feedback === undefined,
    })),
  );
  await tx.execute(sql`
    with input as (
      select * from jsonb_to_recordset(${input}::jsonb) as t(student_id int, score numeric, feedback text, keep boolean)
    ), old as (
      select g.student_id, g.score from grades g join input i on i.student_id = g.student_id where g.assignment_id = ${assignmentId}
    ), written as (
      insert into grades (assignment_id, student_id, score, feedback, graded_at)
      select ${assignmentId}, i.student_id, i.score, case when i.keep then null else i.feedback end, now() from input i order by i.student_id
      on conflict (assignment_id, student_id) do update set score = excluded.score, graded_at = excluded.graded_at,
        feedback = case when (select i.keep from input i where i.student_id = excluded.student_id) then grades.feedback else excluded.feedback end
      returning student_id
    )
    insert into audit_log (action, actor_id, level_code, detail)
    select 'grade.changed', ${actorId}::int, ${levelCode}::text,
      jsonb_build_object('assignmentId', ${assignmentId}::int, 'studentId', i.student_id, 'old', o.score, 'new', i.score)
    from input i join written w on w.student_id = i.student_id left join old o on o.student_id = i.student_id
    order by i.student_id`);
  // A grade below a family's threshold is news once it settles (lib/notify/grades.ts).
  await noticeGrades(tx, { assignmentId, studentIds: rows.map((r) => r.studentId), actorId });
}

type GradeInput = {
  levelCode: string;
  assignmentId: number | string;
  studentId: number | string;
  score: unknown;
  feedback?: string;
};

/**
 * One cell of the grid or gradebook: insert or update the (assignment, student) grade. The grid
 * already shows the new value, so the page is not re-rendered: a refresh arriving while the
 * teacher types in the next cell would replace the grid and lose that edit.
 */
export async function saveGrade(input: GradeInput): Promise<ActionResult> {
  return saveOneGrade(input, false);
}

async function saveOneGrade(input: GradeInput, refreshPage: boolean): Promise<ActionResult> {
  return guarded(async () => {
    const { user, level } = await requireClassAccess(String(input?.levelCode ?? ""), "teach");
    const parsed = z.object({ assignmentId: idSchema, studentId: idSchema, feedback }).safeParse(input);
    if (!parsed.success) return invalid(parsed.error);
    const { assignmentId, studentId } = parsed.data;
    // The maximum is read and the score checked under the assignment's lock (see lockAssignment).
    const result = await db().transaction(async (tx): Promise<ActionResult> => {
      const assignment = await lockAssignment(tx, assignmentId, level.code, "no key update", studentId);
      if (!assignment) return NOT_IN_CLASS;
      if (!assignment.enrolled) return { ok: false, message: "That student is not enrolled in this class." };
      const locked = await assignmentLock(assignment.id, tx);
      if (locked) return locked;
      const score = parseScore(input.score, assignment.maxScore);
      if (score.kind !== "ok")
        return {
          ok: false,
          message: score.kind === "invalid" ? score.message : scoreRangeMessage(assignment.maxScore),
        };
      await writeGrades(tx, user.id, level.code, assignment.id, [
        { studentId, score: score.value, feedback: parsed.data.feedback },
      ]);
      return { ok: true, message: "Grade saved" };
    });
    if (result.ok && refreshPage) refresh(level.code);
    return result;
  });
}

/** Add Grade modal: student, assignment and score required. */
export async function addGrade(_prev: ActionResult, formData: FormData): Promise<ActionResult> {
  const f = formObject(formData);
  if (!f.studentId || !f.assignmentId || (f.score ?? "").trim() === "") {
    return guarded(async () => {
      await requireClassAccess(String(f.levelCode ?? ""), "teach");
      return { ok: false, message: "Student, assignment and score are required" };
    });
  }
  // The modal adds a grade the grid does not show yet, so this one re-renders the page.
  return saveOneGrade(
    {
      levelCode: f.levelCode ?? "",
      assignmentId: f.assignmentId,
      studentId: f.studentId,
      score: f.score,
      feedback: f.feedback,
    },
    true,
  );
}

const bulkRow = z.object({
  studentId: idSchema,
  score: z.string().max(50).optional(),
  feedback: z.string().max(CONTENT_MAX_LENGTH).optional(),
});

/** How many students are listed more than once. */
function repeatedStudents(rows: readonly { studentId: number }[]): number {
  const seen = new Set<number>();
  const repeated = new Set<number>();
  for (const r of rows) (seen.has(r.studentId) ? repeated : seen).add(r.studentId);
  return repeated.size;
}

/**
 * Bulk Grade: blank or non-numeric scores are skipped (spec §5); one out-of-range score refuses
 * the whole batch, so nothing is half-saved. Rows name distinct students, no more than the class
 * has (5,000 rows for one student once stalled PGlite for 30 s), and the valid ones are written in
 * one statement under the assignment's lock.
 */
export async function bulkGrade(input: {
  levelCode: string;
  assignmentId: number;
  rows: { studentId: number; score?: string; feedback?: string }[];
}): Promise<ActionResult<{ saved: number }>> {
  return guarded(async () => {
    const { user, level } = await requireClassAccess(String(input?.levelCode ?? ""), "teach");
    const parsed = z.object({ assignmentId: idSchema, rows: z.array(bulkRow).max(5000) }).safeParse(input);
    if (!parsed.success) return invalid(parsed.error);
    const rows = parsed.data.rows;
    const repeated = repeatedStudents(rows);
    if (repeated > 0) {
      return {
        ok: false,
        message: `${repeated} ${repeated === 1 ? "student appears" : "students appear"} more than once. Each student can be graded once per bulk grade.`,
      };
    }
    const result = await db().transaction(async (tx): Promise<ActionResult<{ saved: number }>> => {
      const assignment = await lockAssignment(tx, parsed.data.assignmentId, level.code);
      if (!assignment) return NOT_IN_CLASS;
      const locked = await assignmentLock(assignment.id, tx);
      if (locked) return locked;
      const [roster] = await queryRows<{ size: number }>(
        sql`select count(*)::int as size from student_enrollment where level_code = ${level.code}`,
        tx,
      );
      const size = Number(roster?.size ?? 0);
      if (rows.length > size) {
        return {
          ok: false,
          message: `This class has ${size} ${size === 1 ? "student" : "students"}, so a bulk grade can have at most ${size} ${size === 1 ? "row" : "rows"}.`,
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
      if (toSave.length === 0) return { ok: false, message: "Enter at least one score" };
      const ids = `{${toSave.map((r) => r.studentId).join(",")}}`;
      const [listed] = await queryRows<{ n: number }>(
        sql`select count(*)::int as n from student_enrollment where level_code = ${level.code} and student_id = any(${ids}::int[])`,
        tx,
      );
      if (Number(listed?.n ?? 0) !== toSave.length)
        return { ok: false, message: "That student is not enrolled in this class." };
      await writeGrades(tx, user.id, level.code, assignment.id, toSave);
      return { ok: true, message: `Saved ${toSave.length} grade(s)`, data: { saved: toSave.length } };
    });
    if (result.ok) refresh(level.code);
    return result;
  });
}
