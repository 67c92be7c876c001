"use server";

import { sql } from "drizzle-orm";
import { z } from "zod";
import type { ActionResult } from "@/lib/action-result";
import { guarded, idSchema, invalid } from "@/lib/actions";
import { requireClassAccess } from "@/lib/auth/guards";
import { queryRows } from "@/lib/db/client";
import { schoolTimeZone } from "@/lib/env";
import { loadStudentTermGrade } from "@/lib/gradebook/term-grades";
import { gridTotal, type GridTotal } from "@/lib/queries/grade-grid";

// One student's term grade for the grade grid's total column (issue 19), read after the grid saved
// a score or a mark: the grid does not re-render the page after a save (a refresh would replace
// the cell the teacher is typing in), so it asks for the one number that changed. Reads only.

const input = z.object({
  levelCode: z.string().min(1).max(100),
  studentId: idSchema,
  term: z.union([z.literal("year"), idSchema]),
});

export async function loadGridTotal(raw: {
  levelCode: string;
  studentId: number;
  term: number | "year";
}): Promise<ActionResult<GridTotal>> {
  return guarded(async () => {
    const { level } = await requireClassAccess(String(raw?.levelCode ?? ""), "teach");
    const parsed = input.safeParse(raw);
    if (!parsed.success) return invalid(parsed.error);
    const { studentId, term } = parsed.data;
    const [enrolled] = await queryRows<{ one: number }>(
      sql`select 1 as one from student_enrollment where level_code = ${level.code} and student_id = ${studentId}`,
    );
    if (!enrolled) return { ok: false, message: "That student is not enrolled in this class." };
    const view = await loadStudentTermGrade(level.code, studentId, term, schoolTimeZone());
    return { ok: true, data: gridTotal(view) };
  });
}
