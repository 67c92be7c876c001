"use server";

import { z } from "zod";
import type { Answer } from "@/lib/action-result";
import { classAction, idSchema } from "@/lib/actions";
import { schoolTimeZone } from "@/lib/env";
import { loadStudentTermGrade } from "@/lib/gradebook/term-grades";
import { msg } from "@/lib/i18n/message";
import { gridTotal, type GridTotal } from "@/lib/queries/grade-grid";
import { isStudentEnrolled } from "@/lib/queries/levels";

// One student's term grade for the grade grid's total column (issue 19), read after the grid saved
// a score or a mark: the grid does not re-render the page after a save (a refresh would replace
// the cell the teacher is typing in), so it asks for the one number that changed. Reads only.

export const loadGridTotal = classAction(
  z.object({
    levelCode: z.string().min(1).max(100),
    studentId: idSchema,
    term: z.union([z.literal("year"), idSchema]),
  }),
  async ({ studentId, term }, { level }): Promise<Answer<GridTotal>> => {
    if (!(await isStudentEnrolled(studentId, level.code)))
      return { ok: false, message: msg("gradesServer.actions.notEnrolled") };
    const view = await loadStudentTermGrade(level.code, studentId, term, schoolTimeZone());
    return { ok: true, data: gridTotal(view) };
  },
  { reads: true },
);
