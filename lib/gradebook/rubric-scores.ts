// Scoring a grade with the assignment's rubric (issue 44, decision 033 "Rubrics"). The score is
// exactly the chosen levels' sum, unless the teacher types another (an override: stored beside the
// rubric's total, audited, shown "Rubric 14.5, score 15"). Written as saveScore writes a score:
// the assignment's row lock, the enrollment and published-term checks, the score and its audit
// through writeGrades, in one transaction; the levels and the rubric's total beside it.
import "server-only";
import { sql } from "drizzle-orm";
import type { Answer } from "@/lib/action-result";
import type { Actor, LevelFacts } from "@/lib/auth/policy";
import { audit } from "@/lib/audit";
import { db, queryRows } from "@/lib/db/client";
import type { RubricBody, RubricSelections } from "@/lib/domain/rubric-types";
import { RUBRIC_LIMITS, parseRubric, rubricScoreHundredths, staleSelections } from "@/lib/domain/rubrics";
import { decimalHundredths, parseScore, scoreRangeMessage } from "@/lib/domain/scores";
import { schoolTimeZone } from "@/lib/env";
import { msg } from "@/lib/i18n/message";
import { gradeWriteRefusal } from "./lock";
import { NOT_ENROLLED, NOT_IN_CLASS, lockAssignment, writeGrades } from "./scores";

export interface RubricScoreInput {
  assignmentId: number;
  studentId: number;
  selections: RubricSelections;
  /** The teacher's override, in points (0.01 step); absent or null: the rubric's total. */
  score?: number | string | null;
  /** The grade's feedback; absent keeps the feedback already there (as saveScore). */
  feedback?: string | null;
}

/** The selections as stored: only {level, comment}, comments trimmed, empty ones left out. */
function cleanSelections(selections: RubricSelections): RubricSelections {
  const out: RubricSelections = {};
  for (const [criterionId, chosen] of Object.entries(selections)) {
    const comment = chosen.comment?.trim();
    out[criterionId] = comment ? { level: chosen.level, comment } : { level: chosen.level };
  }
  return out;
}

export async function saveRubricScore(actor: Actor, level: LevelFacts, input: RubricScoreInput): Promise<Answer> {
  const { assignmentId, studentId } = input;
  return db().transaction(async (tx): Promise<Answer> => {
    const assignment = await lockAssignment(tx, assignmentId, level.code, "no key update", studentId);
    if (!assignment) return NOT_IN_CLASS;
    if (!assignment.enrolled) return NOT_ENROLLED;
    const refused = await gradeWriteRefusal(tx, actor, level, { assignmentId }, schoolTimeZone());
    if (refused) return refused;
    const [row] = await queryRows<{ rubric: RubricBody | null }>(
      sql`select rubric from assignments where id = ${assignmentId}`,
      tx,
    );
    const parsed = row?.rubric ? parseRubric(row.rubric) : null;
    if (!parsed?.ok) return { ok: false, message: msg("rubrics.errors.noRubric") };
    const rubric = parsed.rubric;
    const ids = new Set(rubric.criteria.map((c) => c.id));
    if (Object.keys(input.selections).some((id) => !ids.has(id)))
      return { ok: false, message: msg("rubrics.errors.unknownCriterion") };
    const total = rubricScoreHundredths(rubric, input.selections);
    if (total === null) return { ok: false, message: msg("rubrics.errors.chooseEveryLevel") };
    // An assignment's rubric totals its max score when attached (assignments.ts); kept as a guard.
    if (total > assignment.maxScore * 100) return { ok: false, message: scoreRangeMessage(assignment.maxScore) };
    let score = total;
    if (input.score !== undefined && input.score !== null && String(input.score).trim() !== "") {
      const typed = parseScore(input.score, assignment.maxScore);
      if (typed.kind === "invalid") return { ok: false, message: typed.message };
      // Read again as whole hundredths from the digits typed, never through a binary float.
      if (typed.kind === "ok") score = decimalHundredths(String(input.score).trim()) as number;
    }
    const selections = cleanSelections(input.selections);
    const [old] = await queryRows<{ rubric_levels: RubricSelections | null; rubric_score: string | null }>(
      sql`select rubric_levels, rubric_score from grades where assignment_id = ${assignmentId} and student_id = ${studentId}`,
      tx,
    );
    await writeGrades(tx, actor.id, level.code, assignmentId, [
      { studentId, score: score / 100, feedback: input.feedback },
    ]);
    const levelsJson = JSON.stringify(selections);
    await tx.execute(
      sql`update grades set rubric_levels = ${levelsJson}::jsonb, rubric_score = ${total / 100}
          where assignment_id = ${assignmentId} and student_id = ${studentId}`,
    );
    const sameLevels = old?.rubric_levels != null && JSON.stringify(old.rubric_levels) === levelsJson;
    const sameTotal = old?.rubric_score != null && decimalHundredths(String(old.rubric_score)) === total;
    if (!sameLevels || !sameTotal || score !== total) {
      // The rubric's part of the change (writeGrades audited the score old → new): its total, and
      // whether the score overrides it.
      await audit(tx, {
        action: "grade.changed",
        actorId: actor.id,
        levelCode: level.code,
        detail: {
          assignmentId,
          studentId,
          rubric: "scored",
          rubricScore: total / 100,
          score: score / 100,
          override: score !== total,
          levels: Object.fromEntries(Object.entries(selections).map(([c, s]) => [c, s.level])),
        },
      });
    }
    return { ok: true, message: msg("rubrics.actions.scored") };
  });
}

/** The bound on a per-criterion comment (the action's schema reads it). */
export const RUBRIC_COMMENT_MAX = RUBRIC_LIMITS.comment;

/** One grade of an assignment scored with its rubric, as the grading screens show it. */
export interface RubricGrade {
  studentId: number;
  /** The grade's score: what every calculator, card and export counts. */
  score: number;
  /** The rubric's total when it was scored (hundredths), and the levels chosen then. */
  rubricHundredths: number;
  selections: RubricSelections;
  /** The score is not the rubric's total: "Rubric 14.5, score 15". */
  override: boolean;
  /** The assignment's rubric changed since: "rubric changed — re-score" (decision 033). */
  stale: boolean;
}

/**
 * The grades of one assignment of this class that were scored with a rubric, with whether each is
 * an override or stale: one statement. Staff screens only (drafts included).
 */
export async function loadRubricGrades(
  level: LevelFacts,
  assignmentId: number,
): Promise<{ rubric: RubricBody | null; grades: RubricGrade[] }> {
  const rows = await queryRows<{
    rubric: RubricBody | null;
    student_id: number | null;
    score_h: number | null;
    rubric_h: number | null;
    levels: RubricSelections | null;
  }>(sql`
    select a.rubric, g.student_id, (g.score * 100)::int as score_h, (g.rubric_score * 100)::int as rubric_h, g.rubric_levels as levels
    from assignments a left join grades g on g.assignment_id = a.id and g.rubric_levels is not null and g.rubric_score is not null
    where a.id = ${assignmentId} and a.level_code = ${level.code}
    order by g.student_id`);
  const rubric = rows[0]?.rubric ?? null;
  const grades = rows
    .filter((r) => r.student_id !== null && r.levels !== null)
    .map((r) => ({
      studentId: Number(r.student_id),
      score: Number(r.score_h) / 100,
      rubricHundredths: Number(r.rubric_h),
      selections: r.levels!,
      override: Number(r.score_h) !== Number(r.rubric_h),
      stale: rubric === null || staleSelections(rubric, r.levels!),
    }));
  return { rubric, grades };
}
