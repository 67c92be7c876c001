"use server";

import { z } from "zod";
import type { ActionResult } from "@/lib/action-result";
import { classAction, classFormAction, idSchema, levelCodeField, refreshClass } from "@/lib/actions";
import { CONTENT_MAX_LENGTH } from "@/lib/domain/constants";
import { GRADE_MARKS } from "@/lib/domain/grade-marks";
import { saveScore, saveScores, setMark } from "@/lib/gradebook/scores";
import { translatedAction } from "@/lib/i18n/action-message";
import { translateGradeMessage } from "@/lib/i18n/grade-action-message";

// Scores and E/M/L marks of the grade grid, gradebook, Add Grade and Bulk Grade. Who may change a
// grade, and when (a published term is locked), is decided in lib/gradebook (lib/auth/policy's
// gradeChangeAccess); these are the forms' shapes. The grid's, Add Grade's and the marks' answers are
// in the reader's language (translateGradeMessage finds the English below in the catalog).

const feedback = z
  .string()
  .max(CONTENT_MAX_LENGTH, `Feedback must be at most ${CONTENT_MAX_LENGTH} characters`)
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
export const saveGrade = translatedAction(
  classAction(cell, (v, { user, level }) => saveScore(user, level, v)),
  translateGradeMessage,
);

const REQUIRED = "Student, assignment and score are required";
const requiredId = z
  .string({ message: REQUIRED })
  .trim()
  .min(1, REQUIRED)
  .transform(Number)
  .pipe(z.number().int("Invalid id").positive("Invalid id").max(2_147_483_647, "Invalid id"));

/** Add Grade modal: student, assignment and score required. It adds a grade the grid does not show yet, so the page re-renders. */
export const addGrade = translatedAction(
  classFormAction(
    z.object({
      levelCode: levelCodeField,
      studentId: requiredId,
      assignmentId: requiredId,
      score: z.string().trim().min(1, REQUIRED),
      feedback,
    }),
    (v, { user, level }) => saveScore(user, level, v),
    { revalidate: refreshClass },
  ),
  translateGradeMessage,
);

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

/** Bulk Grade: each student once; blank scores skipped, one out-of-range score refuses the batch. */
export const bulkGrade = translatedAction(
  classAction(
    z.object({ levelCode: levelCodeField, assignmentId: idSchema, rows: z.array(bulkRow).max(5000) }),
    async (v, { user, level }): Promise<ActionResult<{ saved: number }>> => {
      const repeated = repeatedStudents(v.rows);
      if (repeated > 0)
        return {
          ok: false,
          message: `${repeated} ${repeated === 1 ? "student appears" : "students appear"} more than once. Each student can be graded once per bulk grade.`,
        };
      return saveScores(user, level, v);
    },
    { revalidate: refreshClass },
  ),
  translateGradeMessage,
);

/** A mark beside a score in the grade grid (issue 19): excused, missing or late, or none. Not re-rendered, like saveGrade. */
export const setGradeMark = translatedAction(
  classAction(
    z.object({
      levelCode: levelCodeField,
      assignmentId: idSchema,
      studentId: idSchema,
      mark: z.enum(["none", ...GRADE_MARKS], { message: "Choose excused, missing, late or none" }),
    }),
    (v, { user, level }) => setMark(user, level, v),
  ),
  translateGradeMessage,
);
