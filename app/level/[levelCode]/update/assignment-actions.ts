"use server";

import { and, eq } from "drizzle-orm";
import { z } from "zod";
import type { ActionResult } from "@/lib/action-result";
import { classAction, classFormAction, guarded, idSchema, invalid, levelCodeField, refreshClass } from "@/lib/actions";
import { requireClassAccess } from "@/lib/auth/guards";
import { markdownField, titleField as title } from "@/lib/class-fields";
import { db } from "@/lib/db/client";
import { assignments } from "@/lib/db/schema";
import { MAX_SCORE_DEFAULT, MAX_SCORE_MIN } from "@/lib/domain/constants";
import { formatDateTime } from "@/lib/domain/format";
import { schoolTimeZone } from "@/lib/env";
import * as gradebook from "@/lib/gradebook/assignments";
import { getAssignmentInLevel, listSubmissionsForAssignment } from "@/lib/queries/teacher";

// Assignments of the class dashboard (spec §2 Assignments manager). Creating, deleting and
// re-dating go through lib/gradebook/assignments (a due date decides the term it counts in).

const description = markdownField("Description");
const MAX_SCORE_MESSAGE = "Max score must be a whole number of at least 1";
const fields = z.object({
  levelCode: levelCodeField,
  title,
  description,
  maxScore: z.coerce
    .number({ message: MAX_SCORE_MESSAGE })
    .int(MAX_SCORE_MESSAGE)
    .min(MAX_SCORE_MIN, MAX_SCORE_MESSAGE)
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
const refresh = { revalidate: refreshClass };
const assignmentOf = ({ title, description, maxScore, dueDate, categoryId }: z.output<typeof fields>) => ({
  title,
  description,
  maxScore,
  dueDate,
  categoryId,
});

export const createAssignment = classFormAction(
  fields,
  (v, { user, level }) => gradebook.createAssignment(user, level, assignmentOf(v)),
  refresh,
);

/** Edit Full (all fields) — the form posts every field. */
export const updateAssignment = classFormAction(
  fields.extend({ assignmentId: idSchema }),
  (v, { user, level }) => gradebook.updateAssignment(user, level, v.assignmentId, assignmentOf(v)),
  refresh,
);

/** Inline edit of the title or the description (neither changes a grade). */
export const editAssignmentText = classAction(
  z
    .object({
      levelCode: levelCodeField,
      assignmentId: idSchema,
      title: title.optional(),
      description: description.optional(),
    })
    .refine((v) => v.title !== undefined || v.description !== undefined, "Nothing to change"),
  async (v, { level }) => {
    const set: { title?: string; description?: string } = {};
    if (v.title !== undefined) set.title = v.title;
    if (v.description !== undefined) set.description = v.description;
    const done = await db()
      .update(assignments)
      .set(set)
      .where(and(eq(assignments.id, v.assignmentId), eq(assignments.levelCode, level.code)))
      .returning({ id: assignments.id });
    return done.length ? { ok: true, message: "Assignment updated" } : gradebook.NOT_IN_CLASS_RESULT;
  },
  refresh,
);

/** Delete an assignment: refused when students' work is attached or its term is published. */
export const deleteAssignment = classAction(
  z.object({ levelCode: levelCodeField, assignmentId: idSchema }),
  (v, { user, level }) => gradebook.deleteAssignment(user, level, v.assignmentId),
  refresh,
);

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
