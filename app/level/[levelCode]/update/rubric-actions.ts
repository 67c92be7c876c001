"use server";

import { z } from "zod";
import { classAction, idSchema, levelCodeField, refreshClass } from "@/lib/actions";
import { CONTENT_MAX_LENGTH } from "@/lib/domain/constants";
import { RUBRIC_LIMITS } from "@/lib/domain/rubrics";
import * as bank from "@/lib/gradebook/rubric-bank";
import { saveRubricScore } from "@/lib/gradebook/rubric-scores";
import { zmsg } from "@/lib/i18n/message";

// Rubrics (issue 44, decision 033): the bank, managed from a class's dashboard (its teacher, or an
// admin, who alone makes and changes the school's shared rubrics), and scoring a grade with an
// assignment's rubric. Who may change which rubric is lib/auth/policy's rubricEditAccess; the
// rubric's own bounds are lib/domain/rubrics parseRubric, read in lib/gradebook.

const refresh = { revalidate: refreshClass };
const L = RUBRIC_LIMITS;

// The rubric as the editor sends it (an object); parseRubric decides its shape and bounds.
const rubric = z.unknown();

export const createBankRubric = classAction(
  z.object({ levelCode: levelCodeField, rubric, shared: z.boolean().default(false) }),
  (v, { user }) => bank.createRubric(user, v),
  refresh,
);

export const updateBankRubric = classAction(
  z.object({ levelCode: levelCodeField, rubricId: idSchema, rubric }),
  (v, { user }) => bank.updateRubric(user, v),
  refresh,
);

export const deleteBankRubric = classAction(
  z.object({ levelCode: levelCodeField, rubricId: idSchema }),
  (v, { user }) => bank.deleteRubric(user, v),
  refresh,
);

const criterionId = z.string().max(L.id, zmsg("rubrics.errors.badId"));
const selections = z
  .record(
    criterionId,
    z.object({
      level: z.string().max(L.id, zmsg("rubrics.errors.badId")),
      comment: z
        .string()
        .max(L.comment, zmsg("rubrics.errors.commentTooLong", { max: L.comment }))
        .optional(),
    }),
  )
  .refine((s) => Object.keys(s).length <= L.criteria.max, zmsg("rubrics.errors.unknownCriterion"));

/**
 * Scores one student's work with the assignment's rubric: the score is the chosen levels' sum, or
 * the teacher's override (`score`, points to 0.01). The grading screen shows the change already,
 * so nothing is re-rendered (as the grid's saveGrade).
 */
export const scoreRubric = classAction(
  z.object({
    levelCode: levelCodeField,
    assignmentId: idSchema,
    studentId: idSchema,
    selections,
    // Parsed against the assignment's maximum under its lock (lib/domain/scores parseScore).
    score: z
      .union([z.number(), z.string().max(20)])
      .nullable()
      .optional(),
    feedback: z
      .string()
      .max(CONTENT_MAX_LENGTH, zmsg("gradesServer.actions.feedbackTooLong", { max: CONTENT_MAX_LENGTH }))
      .optional()
      .transform((s) => (s === undefined ? undefined : s.trim() === "" ? null : s.trim())),
  }),
  (v, { user, level }) => saveRubricScore(user, level, v),
);
