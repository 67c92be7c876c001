"use server";

import { inArray, and, eq } from "drizzle-orm";
import { z } from "zod";
import type { ActionResult } from "@/lib/action-result";
import { guarded, idSchema, invalid } from "@/lib/actions";
import { requireClassAccess } from "@/lib/auth/guards";
import { db } from "@/lib/db/client";
import { assignmentSubmissions, grades } from "@/lib/db/schema";
import { inReaderLanguage } from "@/lib/i18n/action-message";
import { filesOfSubmissions, filesOfTarget, targetInLevel, type FileView } from "@/lib/files/records";

const levelCode = z.string().trim().min(1).max(100);

export interface ResponseFiles {
  /** submission id → the student and that submission's files */
  submissions: Record<number, { studentId: number; files: FileView[] }>;
  /** student id → current score */
  scores: Record<number, number>;
}

/** View Responses (issue 33): each submission's files and the student's score, for grading beside them. */
export async function loadResponseFiles(input: {
  levelCode: string;
  assignmentId: number;
}): Promise<ActionResult<ResponseFiles>> {
  return guarded(async () => {
    const parsed = z.object({ levelCode, assignmentId: idSchema }).safeParse(input);
    if (!parsed.success) return invalid(parsed.error);
    const { level } = await requireClassAccess(parsed.data.levelCode, "teach");
    if (!(await targetInLevel("assignment", parsed.data.assignmentId, level.code)))
      return { ok: false, message: "That assignment is not in this class." };
    const subs = await db()
      .select({ id: assignmentSubmissions.id, studentId: assignmentSubmissions.studentId })
      .from(assignmentSubmissions)
      .where(eq(assignmentSubmissions.assignmentId, parsed.data.assignmentId));
    const byId = await filesOfSubmissions(subs.map((s) => s.id));
    const studentIds = [...new Set(subs.map((s) => s.studentId))];
    const scoreRows = studentIds.length
      ? await db()
          .select({ studentId: grades.studentId, score: grades.score })
          .from(grades)
          .where(and(eq(grades.assignmentId, parsed.data.assignmentId), inArray(grades.studentId, studentIds)))
      : [];
    return {
      ok: true,
      data: {
        submissions: Object.fromEntries(
          subs.map((s) => [s.id, { studentId: s.studentId, files: byId.get(s.id) ?? [] }]),
        ),
        scores: Object.fromEntries(scoreRows.map((g) => [g.studentId, Number(g.score)])),
      },
    };
  });
}

/** An assignment's or announcement's own files (the teacher's handouts): whoever sees the class page. */
export async function loadAttachments(input: {
  levelCode: string;
  kind: "assignment" | "announcement";
  id: number;
}): Promise<ActionResult<FileView[]>> {
  return inReaderLanguage(loadAttachmentsInEnglish(input));
}

async function loadAttachmentsInEnglish(input: {
  levelCode: string;
  kind: "assignment" | "announcement";
  id: number;
}): Promise<ActionResult<FileView[]>> {
  return guarded(async () => {
    const parsed = z.object({ levelCode, kind: z.enum(["assignment", "announcement"]), id: idSchema }).safeParse(input);
    if (!parsed.success) return invalid(parsed.error);
    const { level } = await requireClassAccess(parsed.data.levelCode, "view");
    if (!(await targetInLevel(parsed.data.kind, parsed.data.id, level.code)))
      return { ok: false, message: `That ${parsed.data.kind} is not in this class.` };
    return { ok: true, data: await filesOfTarget(parsed.data.kind, parsed.data.id) };
  });
}
