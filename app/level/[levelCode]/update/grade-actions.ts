"use server";

import { z } from "zod";
import type { Answer } from "@/lib/action-result";
import { classAction, classFormAction, idSchema, levelCodeField, refreshClass } from "@/lib/actions";
import { CONTENT_MAX_LENGTH } from "@/lib/domain/constants";
import { GRADE_MARKS } from "@/lib/domain/grade-marks";
import { saveScore, saveScores, setMark } from "@/lib/gradebook/scores";
import { msg, zmsg } from "@/lib/i18n/message";

// Scores and E/M/L marks of the grade grid, gradebook, Add Grade and Bulk Grade. Who may change a
// grade, and when (a published term is locked), is decided in lib/gradebook (lib/auth/policy's
// gradeChangeAccess); these are the forms' shapes. Every answer is a descriptor of
// `gradesServer.actions` (issue 40), written in the reader's language as it leaves (lib/actions.ts).

const feedback = z
  .string()
  .max(CONTENT_MAX_LENGTH, zmsg("gradesServer.actions.feedbackTooLong", { max: CONTENT_MAX_LENGTH }))
  .optional()
  .transform((s) => (s === undefined ? undefined : s.trim() === "" ? null : s.trim()));

const cell = z.object({
  levelCode: levelCodeField,
  assignmentId: idSchema,
  studentId: idSchema,
  // Parsed against the assignment's maximum under its lock (lib/domain/scores parseScore).
  score: z.unknown(),
  feedback,
});

/**
 * One cell of the grid or gradebook. The grid already shows the new value, so the page is not
 * re-rendered: a refresh arriving while the teacher types in the next cell would replace the grid
 * and lose that edit.
 */
export const saveGrade = classAction(cell, (v, { user, level }) => saveScore(user, level, v));

const REQUIRED = zmsg("gradesServer.actions.required");
const INVALID_ID = zmsg("classPage.actions.invalidId");
const requiredId = z
  .string({ message: REQUIRED })
  .trim()
  .min(1, REQUIRED)
  .transform(Number)
  .pipe(z.number({ message: INVALID_ID }).int(INVALID_ID).positive(INVALID_ID).max(2_147_483_647, INVALID_ID));

/** Add Grade modal: student, assignment and score required. It adds a grade the grid does not show yet, so the page re-renders. */
export const addGrade = classFormAction(
  z.object({
    levelCode: levelCodeField,
    studentId: requiredId,
    assignmentId: requiredId,
    score: z.string({ message: REQUIRED }).trim().min(1, REQUIRED),
    feedback,
  }),
  (v, { user, level }) => saveScore(user, level, v),
  { revalidate: refreshClass },
);

const bulkRow = z.object({
  studentId: idSchema,
  score: z.string().max(50).optional(),
  feedback: z
    .string()
    .max(CONTENT_MAX_LENGTH, zmsg("gradesServer.actions.feedbackTooLong", { max: CONTENT_MAX_LENGTH }))
    .optional(),
});

/** How many students are listed more than once. */
function repeatedStudents(rows: readonly { studentId: number }[]): number {
  const seen = new Set<number>();
  const repeated = new Set<number>();
  for (const r of rows) (seen.has(r.studentId) ? repeated : seen).add(r.studentId);
  return repeated.size;
}

/** Bulk Grade: each student once; blank scores skipped, one out-of-range score refuses the batch. */
export const bulkGrade = classAction(
  z.object({ levelCode: levelCodeField, assignmentId: idSchema, rows: z.array(bulkRow).max(5000) }),
  async (v, { user, level }): Promise<Answer<{ saved: number }>> => {
    const repeated = repeatedStudents(v.rows);
    if (repeated > 0)
      return {
        ok: false,
        message:
          repeated === 1
            ? msg("gradesServer.actions.bulkRepeatedOne")
            : msg("gradesServer.actions.bulkRepeated", { count: repeated }),
      };
    return saveScores(user, level, v);
  },
  { revalidate: refreshClass },
);

/** A mark beside a score in the grade grid (issue 19): excused, missing or late, or none. Not re-rendered, like saveGrade. */
export const setGradeMark = classAction(
  z.object({
    levelCode: levelCodeField,
    assignmentId: idSchema,
    studentId: idSchema,
    mark: z.enum(["none", ...GRADE_MARKS], { message: zmsg("gradesServer.actions.markInvalid") }),
  }),
  (v, { user, level }) => setMark(user, level, v),
);
