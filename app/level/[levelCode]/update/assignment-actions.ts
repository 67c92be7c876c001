"use server";

import { z } from "zod";
import type { ActionResult } from "@/lib/action-result";
import { classAction, classFormAction, idSchema, levelCodeField, refreshClass } from "@/lib/actions";
import { markdownField, titleField as title } from "@/lib/class-fields";
import { MAX_SCORE_DEFAULT, MAX_SCORE_MIN } from "@/lib/domain/constants";
import * as gradebook from "@/lib/gradebook/assignments";
import { POST_POLICIES } from "@/lib/domain/drafts";
import type { AssignmentFields, RubricChoice } from "@/lib/gradebook/assignments";
import { intlLocaleOf } from "@/lib/i18n/locales";
import { zmsg } from "@/lib/i18n/message";
import { requestLocale } from "@/lib/i18n/request-locale";

// Assignments of the class dashboard (spec §2 Assignments manager). Creating, deleting and
// re-dating go through lib/gradebook/assignments (a due date decides the term it counts in).

const description = markdownField("Description");
/** A rubric's JSON at its bounds (10 criteria of 6 levels, every text full) is well under this. */
const RUBRIC_JSON_MAX = 100_000;
const MAX_SCORE_MESSAGE = zmsg("teacherActions.maxScoreWhole");
const fields = z.object({
  levelCode: levelCodeField,
  title,
  description,
  maxScore: z.coerce
    .number({ message: MAX_SCORE_MESSAGE })
    .int(MAX_SCORE_MESSAGE)
    .min(MAX_SCORE_MIN, MAX_SCORE_MESSAGE)
    .max(100_000, zmsg("teacherActions.maxScoreTooLarge"))
    .default(MAX_SCORE_DEFAULT),
  dueDate: z
    .string()
    .trim()
    .min(1, zmsg("teacherActions.dueRequired"))
    .transform((s) => new Date(s))
    .refine(
      (d) => !Number.isNaN(d.getTime()) && d.getUTCFullYear() >= 2000 && d.getUTCFullYear() <= 2200,
      zmsg("teacherActions.dueInvalid"),
    ),
  categoryId: z
    .string()
    .optional()
    .transform((s) => (s && s.trim() !== "" ? Number(s) : null))
    .refine((n) => n === null || (Number.isInteger(n) && n > 0), zmsg("teacherActions.invalidCategory")),
  // "When do students see grades?" (issue 44, decision 033). Left out: at once for a new
  // assignment, unchanged for an edited one.
  postPolicy: z.enum(POST_POLICIES, { error: zmsg("returns.policyInvalid") }).optional(),
  // Issue 44: "Rubric" — none, from the bank (rubricId), or built in the form (rubric, JSON); no
  // rubricMode keeps the assignment's rubric as it is. lib/gradebook/assignments checks the rest.
  rubricMode: z.enum(["none", "bank", "custom"], { error: zmsg("rubrics.errors.unreadable") }).optional(),
  rubricId: z
    .string()
    .optional()
    .transform((s) => (s && s.trim() !== "" ? Number(s) : null))
    .refine(
      (n) => n === null || (Number.isSafeInteger(n) && n > 0 && n <= 2_147_483_647),
      zmsg("rubrics.errors.notFound"),
    ),
  rubric: z
    .string()
    .max(RUBRIC_JSON_MAX, zmsg("rubrics.errors.unreadable"))
    .optional()
    .transform((s, ctx) => {
      if (s === undefined || s.trim() === "") return undefined;
      try {
        return JSON.parse(s) as unknown;
      } catch {
        ctx.addIssue({ code: "custom", message: zmsg("rubrics.errors.unreadable") });
        return z.NEVER;
      }
    }),
});
const refresh = { revalidate: refreshClass };

/** The form's rubric choice; undefined keeps the assignment's own (a form without the section). */
function rubricChoice(v: z.output<typeof fields>): RubricChoice | undefined {
  switch (v.rubricMode) {
    case "none":
      return { mode: "none" };
    case "bank":
      return { mode: "bank", rubricId: v.rubricId ?? 0 };
    case "custom":
      return { mode: "custom", rubric: v.rubric ?? null, rubricId: v.rubricId };
    default:
      return undefined;
  }
}

const assignmentOf = (v: z.output<typeof fields>): AssignmentFields => ({
  title: v.title,
  description: v.description,
  maxScore: v.maxScore,
  dueDate: v.dueDate,
  categoryId: v.categoryId,
  postPolicy: v.postPolicy,
  rubric: rubricChoice(v),
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
    .refine((v) => v.title !== undefined || v.description !== undefined, zmsg("teacherActions.nothingToChange")),
  (v, { level }) => gradebook.editAssignmentText(level, v.assignmentId, { title: v.title, description: v.description }),
  refresh,
);

/** Delete an assignment: refused when students' work is attached or its term is published. */
export const deleteAssignment = classAction(
  z.object({ levelCode: levelCodeField, assignmentId: idSchema }),
  (v, { user, level }) => gradebook.deleteAssignment(user, level, v.assignmentId),
  refresh,
);

export type ResponseEntry = gradebook.ResponseEntry;

// View Responses reads a concluded class's work too (issue 41).
const responsesOf = classAction(
  z.object({ levelCode: levelCodeField, assignmentId: idSchema }),
  async (v, { level }) => gradebook.assignmentResponses(level, v.assignmentId, intlLocaleOf(await requestLocale())),
  { reads: true },
);

/** View Responses: every submission to one assignment of this class, with the student's name. */
export async function loadAssignmentResponses(
  levelCode: string,
  assignmentId: number,
): Promise<ActionResult<ResponseEntry[]>> {
  return responsesOf({ levelCode, assignmentId });
}
