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
import { audit } from "@/lib/audit";
import { parseScore } from "@/lib/domain/scores";
import { schoolTimeZone } from "@/lib/env";
import { getAssignmentInLevel, listSubmissionsForAssignment } from "@/lib/queries/teacher";
import { isStudentEnrolled } from "@/lib/queries/levels";
import { updateInLevel } from "@/lib/queries/class-page";

// Every action: authorise for this level ("teach": its instructor or an admin) → validate →
// check every id belongs to the level → write (in a transaction when several rows) → revalidate.

const levelCode = z.string().trim().min(1).max(100);
const title = z.string().trim().min(1, "Title is required").max(TITLE_MAX_LENGTH, `Title must be at most ${TITLE_MAX_LENGTH} characters`);
const content = z.string().trim().min(1, "Content is required").max(CONTENT_MAX_LENGTH, `Content must be at most ${CONTENT_MAX_LENGTH} characters`);

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
    await db().insert(updates).values({ levelCode: level.code, teacherId: user.id, title: input.data.title, content: input.data.content });
    refresh(level.code);
    return { ok: true, message: "Announcement posted" };
  });
}

const announcementEdit = z
  .object({ levelCode, updateId: idSchema, title: title.optional(), content: content.optional() })
  .refine((v) => v.title !== undefined || v.content !== undefined, "Nothing to change");

/** Inline edit and Edit Full: either field or both, trimmed; empty values are refused. */
export async function editAnnouncement(input: { levelCode: string; updateId: number; title?: string; content?: string }): Promise<ActionResult> {
  return guarded(async () => {
    const { level } = await requireClassAccess(String(input?.levelCode ?? ""), "teach");
    const parsed = announcementEdit.safeParse(input);
    if (!parsed.success) return invalid(parsed.error);
    if (!(await updateInLevel(parsed.data.updateId, level.code))) return { ok: false, message: "That announcement is not in this class." };
    const set: { title?: string; content?: string } = {};
    if (parsed.data.title !== undefined) set.title = parsed.data.title;
    if (parsed.data.content !== undefined) set.content = parsed.data.content;
    await db().update(updates).set(set).where(and(eq(updates.id, parsed.data.updateId), eq(updates.levelCode, level.code)));
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
  description: z.string().trim().min(1, "Description is required").max(CONTENT_MAX_LENGTH, `Description must be at most ${CONTENT_MAX_LENGTH} characters`),
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
    .refine((d) => !Number.isNaN(d.getTime()) && d.getUTCFullYear() >= 2000 && d.getUTCFullYear() <= 2200, "Due date is not a valid date"),
  categoryId: z
    .string()
    .optional()
    .transform((s) => (s && s.trim() !== "" ? Number(s) : null))
    .refine((n) => n === null || (Number.isInteger(n) && n > 0), "Invalid category"),
});

async function categoryExists(id: number | null): Promise<boolean> {
  if (id === null) return true;
  const rows = await db().select({ id: gradeCategories.id }).from(gradeCategories).where(eq(gradeCategories.id, id));
  return rows.length > 0;
}

export async function createAssignment(_prev: ActionResult, formData: FormData): Promise<ActionResult> {
  return guarded(async () => {
    const { user, level } = await requireClassAccess(String(formData.get("levelCode") ?? ""), "teach");
    const parsed = assignmentFields.safeParse(formObject(formData));
    if (!parsed.success) return invalid(parsed.error);
    const v = parsed.data;
    if (!(await categoryExists(v.categoryId))) return { ok: false, message: "Invalid category" };
    await db().insert(assignments).values({ levelCode: level.code, teacherId: user.id, title: v.title, description: v.description, maxScore: v.maxScore, dueDate: v.dueDate, categoryId: v.categoryId });
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
    const current = await getAssignmentInLevel(v.assignmentId, level.code);
    if (!current) return { ok: false, message: "That assignment is not in this class." };
    if (!(await categoryExists(v.categoryId))) return { ok: false, message: "Invalid category" };
    // Lowering the max score below an existing grade would make that grade impossible.
    const [over] = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(grades)
      .where(and(eq(grades.assignmentId, v.assignmentId), sql`${grades.score} > ${v.maxScore}`));
    if ((over?.n ?? 0) > 0) return { ok: false, message: `Max score cannot be lower than an existing grade (${over!.n} grade(s) are above ${v.maxScore}).` };
    await db()
      .update(assignments)
      .set({ title: v.title, description: v.description, maxScore: v.maxScore, dueDate: v.dueDate, categoryId: v.categoryId })
      .where(and(eq(assignments.id, v.assignmentId), eq(assignments.levelCode, level.code)));
    refresh(level.code);
    return { ok: true, message: "Assignment updated" };
  });
}

/** Inline edit of the title or the description. */
export async function editAssignmentText(input: { levelCode: string; assignmentId: number; title?: string; description?: string }): Promise<ActionResult> {
  return guarded(async () => {
    const { level } = await requireClassAccess(String(input?.levelCode ?? ""), "teach");
    const parsed = z
      .object({ assignmentId: idSchema, title: title.optional(), description: content.optional() })
      .refine((v) => v.title !== undefined || v.description !== undefined, "Nothing to change")
      .safeParse(input);
    if (!parsed.success) return invalid(parsed.error);
    if (!(await getAssignmentInLevel(parsed.data.assignmentId, level.code))) return { ok: false, message: "That assignment is not in this class." };
    const set: { title?: string; description?: string } = {};
    if (parsed.data.title !== undefined) set.title = parsed.data.title;
    if (parsed.data.description !== undefined) set.description = parsed.data.description;
    await db().update(assignments).set(set).where(and(eq(assignments.id, parsed.data.assignmentId), eq(assignments.levelCode, level.code)));
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
    if (!(await getAssignmentInLevel(id, level.code))) return { ok: false, message: "That assignment is not in this class." };
    const [work] = await queryRows<{ subs: number; graded: number }>(sql`
      select (select count(*) from assignment_submissions where assignment_id = ${id})::int as subs,
             (select count(*) from grades where assignment_id = ${id})::int as graded`);
    if (work && (work.subs > 0 || work.graded > 0)) {
      return { ok: false, message: `This assignment has ${work.subs} submission(s) and ${work.graded} grade(s), so it cannot be deleted: students' work is kept.` };
    }
    await db().delete(assignments).where(and(eq(assignments.id, id), eq(assignments.levelCode, level.code)));
    refresh(level.code);
    return { ok: true, message: "Assignment deleted" };
  });
}

export interface ResponseEntry {
  id: number;
  studentName: string;
  content: string;
  submittedAt: string;
}

/** View Responses: every submission to one assignment of this class, with the student's name. */
export async function loadAssignmentResponses(code: string, assignmentId: number): Promise<ActionResult<ResponseEntry[]>> {
  return guarded(async () => {
    const { level } = await requireClassAccess(String(code ?? ""), "teach");
    const parsed = idSchema.safeParse(assignmentId);
    if (!parsed.success) return invalid(parsed.error);
    if (!(await getAssignmentInLevel(parsed.data, level.code))) return { ok: false, message: "That assignment is not in this class." };
    const tz = schoolTimeZone();
    const rows = await listSubmissionsForAssignment(parsed.data);
    return { ok: true, data: rows.map((r) => ({ id: r.id, studentName: r.studentName, content: r.content, submittedAt: formatDateTime(r.submittedAt, tz) })) };
  });
}

/* ---------- grades ---------- */

const feedback = z
  .string()
  .max(CONTENT_MAX_LENGTH, `Feedback must be at most ${CONTENT_MAX_LENGTH} characters`)
  .optional()
  .transform((s) => (s === undefined ? undefined : s.trim() === "" ? null : s.trim()));

type Tx = Parameters<Parameters<ReturnType<typeof db>["transaction"]>[0]>[0];

/** Upsert one grade and record old → new in the audit log, in the caller's transaction. */
async function upsertGrade(tx: Tx, actorId: number, levelCode: string, assignmentId: number, studentId: number, score: number, fb: string | null | undefined) {
  const [old] = await tx.select({ score: grades.score }).from(grades).where(and(eq(grades.assignmentId, assignmentId), eq(grades.studentId, studentId)));
  await audit(tx, { action: "grade.changed", actorId, levelCode, detail: { assignmentId, studentId, old: old?.score ?? null, new: score } });
  await tx
    .insert(grades)
    .values({ assignmentId, studentId, score, feedback: fb ?? null, gradedAt: new Date() })
    .onConflictDoUpdate({
      target: [grades.assignmentId, grades.studentId],
      // Feedback left out of a save keeps the feedback already there.
      set: fb === undefined ? { score, gradedAt: new Date() } : { score, feedback: fb, gradedAt: new Date() },
    });
}

type GradeInput = { levelCode: string; assignmentId: number | string; studentId: number | string; score: unknown; feedback?: string };

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
    const assignment = await getAssignmentInLevel(parsed.data.assignmentId, level.code);
    if (!assignment) return { ok: false, message: "That assignment is not in this class." };
    if (!(await isStudentEnrolled(parsed.data.studentId, level.code))) return { ok: false, message: "That student is not enrolled in this class." };
    const score = parseScore(input.score, assignment.maxScore);
    if (score.kind !== "ok") return { ok: false, message: score.kind === "invalid" ? score.message : `Please enter a valid score between 0 and ${assignment.maxScore}` };
    await db().transaction((tx) => upsertGrade(tx, user.id, level.code, assignment.id, parsed.data.studentId, score.value, parsed.data.feedback));
    if (refreshPage) refresh(level.code);
    return { ok: true, message: "Grade saved" };
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
  return saveOneGrade({ levelCode: f.levelCode ?? "", assignmentId: f.assignmentId, studentId: f.studentId, score: f.score, feedback: f.feedback }, true);
}

const bulkRow = z.object({ studentId: idSchema, score: z.string().max(50).optional(), feedback: z.string().max(CONTENT_MAX_LENGTH).optional() });

/**
 * Bulk Grade: blank or non-numeric scores are skipped (spec §5); one out-of-range score refuses
 * the whole batch, so nothing is half-saved. Valid rows are upserted in one transaction.
 */
export async function bulkGrade(input: { levelCode: string; assignmentId: number; rows: { studentId: number; score?: string; feedback?: string }[] }): Promise<ActionResult<{ saved: number }>> {
  return guarded(async () => {
    const { user, level } = await requireClassAccess(String(input?.levelCode ?? ""), "teach");
    const parsed = z.object({ assignmentId: idSchema, rows: z.array(bulkRow).max(5000) }).safeParse(input);
    if (!parsed.success) return invalid(parsed.error);
    const assignment = await getAssignmentInLevel(parsed.data.assignmentId, level.code);
    if (!assignment) return { ok: false, message: "That assignment is not in this class." };
    const toSave: { studentId: number; score: number; feedback: string | null | undefined }[] = [];
    for (const row of parsed.data.rows) {
      const score = parseScore(row.score, assignment.maxScore);
      if (score.kind === "invalid") return { ok: false, message: score.message };
      if (score.kind === "ok") toSave.push({ studentId: row.studentId, score: score.value, feedback: row.feedback === undefined ? undefined : row.feedback.trim() || null });
    }
    if (toSave.length === 0) return { ok: false, message: "Enter at least one score" };
    const enrolled = await queryRows<{ student_id: number }>(sql`select student_id from student_enrollment where level_code = ${level.code}`);
    const ids = new Set(enrolled.map((r) => Number(r.student_id)));
    if (toSave.some((r) => !ids.has(r.studentId))) return { ok: false, message: "That student is not enrolled in this class." };
    await db().transaction(async (tx) => {
      for (const r of toSave) await upsertGrade(tx, user.id, level.code, assignment.id, r.studentId, r.score, r.feedback);
    });
    refresh(level.code);
    return { ok: true, message: `Saved ${toSave.length} grade(s)`, data: { saved: toSave.length } };
  });
}
