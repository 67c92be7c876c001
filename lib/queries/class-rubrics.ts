import "server-only";
import { sql } from "drizzle-orm";
import { jsonColumn, queryRows } from "@/lib/db/client";
import type { RubricBody, RubricSelections } from "@/lib/domain/rubric-types";
import { staleSelections } from "@/lib/domain/rubrics";

// The class page's rubrics (issue 44): each assignment's own copy, shown to everyone who sees the
// assignment, and for a student their own levels and comments once the grade is returned
// (grades.returned_at set; a draft's levels stay with the class's staff). One statement.

export interface ClassRubric {
  rubric: RubricBody;
  /** The student's returned scoring (null: none, a draft, or a staff viewer). */
  selections: RubricSelections | null;
  /** The rubric changed since the scoring: its levels are shown as they still fit. */
  stale: boolean;
  /** The returned grade's score and the rubric's total then, in hundredths (an override differs). */
  scoreHundredths: number | null;
  rubricHundredths: number | null;
}

export async function listClassRubrics(levelCode: string, studentId: number | null): Promise<Map<number, ClassRubric>> {
  const rows = await queryRows<{
    id: number;
    rubric: RubricBody | string;
    levels: RubricSelections | string | null;
    score_h: number | null;
    rubric_h: number | null;
  }>(sql`
    select a.id, a.rubric, g.rubric_levels as levels, (g.score * 100)::int as score_h, (g.rubric_score * 100)::int as rubric_h
    from assignments a
    left join grades g on g.assignment_id = a.id and g.student_id = ${studentId ?? -1}
      and g.returned_at is not null and g.rubric_levels is not null
    where a.level_code = ${levelCode} and a.rubric is not null`);
  const out = new Map<number, ClassRubric>();
  for (const r of rows) {
    const rubric = jsonColumn(r.rubric)!;
    const selections = jsonColumn(r.levels);
    out.set(Number(r.id), {
      rubric,
      selections,
      stale: selections !== null && staleSelections(rubric, selections),
      scoreHundredths: selections === null || r.score_h === null ? null : Number(r.score_h),
      rubricHundredths: selections === null || r.rubric_h === null ? null : Number(r.rubric_h),
    });
  }
  return out;
}
