// Rubrics (issue 44, decision 033 "Rubrics"): what a rubric may hold, its highest total, and the
// score a set of chosen levels makes. Pure: points are integer hundredths (2.5 points = 250), so a
// total is a sum of whole numbers, exact at every boundary (no float ever adds 0.1 and 0.2).
import { z } from "zod";
import { msg, zmsg, messageOfIssue, type Message } from "@/lib/i18n/message";
import type { RubricBody, RubricCriterion, RubricSelections } from "./rubric-types";

export const RUBRIC_LIMITS = {
  criteria: { min: 1, max: 10 },
  levels: { min: 2, max: 6 },
  title: 120,
  label: 60,
  description: 500,
  /** Hundredths: a level is worth 0 to 1,000 points. */
  points: 100_000,
  /** An id is ours (newRubricId) or a browser's: short, plain. */
  id: 40,
  /** A per-criterion comment on a scored grade. */
  comment: 1_000,
} as const;

const L = RUBRIC_LIMITS;
const id = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{1,40}$/, zmsg("rubrics.errors.badId"));
const text = (max: number, tooLong: string, required?: string) =>
  required ? z.string().trim().min(1, required).max(max, tooLong) : z.string().trim().max(max, tooLong);

const level = z.object({
  id,
  label: text(L.label, zmsg("rubrics.errors.labelTooLong", { max: L.label }), zmsg("rubrics.errors.labelRequired")),
  points: z
    .number({ message: zmsg("rubrics.errors.pointsRange") })
    .int(zmsg("rubrics.errors.pointsRange"))
    .min(0, zmsg("rubrics.errors.pointsRange"))
    .max(L.points, zmsg("rubrics.errors.pointsRange")),
});

const criterion = z.object({
  id,
  title: text(L.label, zmsg("rubrics.errors.labelTooLong", { max: L.label }), zmsg("rubrics.errors.criterionRequired")),
  description: text(L.description, zmsg("rubrics.errors.descriptionTooLong", { max: L.description })).default(""),
  levels: z
    .array(level)
    .min(L.levels.min, zmsg("rubrics.errors.levelCount", { min: L.levels.min, max: L.levels.max }))
    .max(L.levels.max, zmsg("rubrics.errors.levelCount", { min: L.levels.min, max: L.levels.max })),
});

const body = z.object({
  title: text(L.title, zmsg("rubrics.errors.titleTooLong", { max: L.title }), zmsg("rubrics.errors.titleRequired")),
  criteria: z
    .array(criterion)
    .min(L.criteria.min, zmsg("rubrics.errors.criterionCount", { min: L.criteria.min, max: L.criteria.max }))
    .max(L.criteria.max, zmsg("rubrics.errors.criterionCount", { min: L.criteria.min, max: L.criteria.max })),
});

export type ParsedRubric = { ok: true; rubric: RubricBody } | { ok: false; message: Message };

/**
 * A rubric as a form, a bank row or an assignment's copy sends it: within the bounds above, every
 * criterion id distinct, every level id distinct within its criterion (a grade names a level by
 * criterion and level id). Text is trimmed; points must already be whole hundredths.
 */
export function parseRubric(input: unknown): ParsedRubric {
  const parsed = body.safeParse(input);
  if (!parsed.success) return { ok: false, message: messageOfIssue(parsed.error.issues[0]!.message) };
  const rubric: RubricBody = parsed.data;
  const criterionIds = new Set(rubric.criteria.map((c) => c.id));
  if (criterionIds.size !== rubric.criteria.length) return { ok: false, message: msg("rubrics.errors.duplicateId") };
  for (const c of rubric.criteria)
    if (new Set(c.levels.map((l) => l.id)).size !== c.levels.length)
      return { ok: false, message: msg("rubrics.errors.duplicateId") };
  return { ok: true, rubric };
}

/** A criterion's best level, in hundredths (levels are listed best first, but the points decide). */
const best = (c: RubricCriterion) => Math.max(...c.levels.map((l) => l.points));

/** The highest total a rubric can give: the sum of each criterion's best level, in hundredths. */
export function rubricMaxHundredths(rubric: RubricBody): number {
  return rubric.criteria.reduce((sum, c) => sum + best(c), 0);
}

/**
 * The score the chosen levels make, in hundredths: exactly the sum of their points. null unless
 * every criterion has a level chosen that it still has (a partial or stale scoring has no total).
 */
export function rubricScoreHundredths(rubric: RubricBody, selections: RubricSelections): number | null {
  let sum = 0;
  for (const c of rubric.criteria) {
    const chosen = Object.hasOwn(selections, c.id) ? selections[c.id] : undefined;
    const level = chosen && c.levels.find((l) => l.id === chosen.level);
    if (!level) return null;
    sum += level.points;
  }
  return sum;
}

/**
 * A stored scoring that no longer fits the assignment's rubric (decision 033): a criterion it chose
 * for is gone, a level it chose is gone, or a criterion has been added that it never scored. The
 * stored score stands; the screens say "rubric changed — re-score" until the teacher scores again.
 */
export function staleSelections(rubric: RubricBody, selections: RubricSelections): boolean {
  const criteria = new Map(rubric.criteria.map((c) => [c.id, c]));
  for (const [criterionId, chosen] of Object.entries(selections)) {
    const c = criteria.get(criterionId);
    if (!c || !c.levels.some((l) => l.id === chosen.level)) return true;
  }
  return rubric.criteria.some((c) => !Object.hasOwn(selections, c.id));
}

/** The level chosen for one criterion, if it still exists. */
export function chosenLevel(c: RubricCriterion, selections: RubricSelections | null | undefined) {
  const chosen = selections && Object.hasOwn(selections, c.id) ? selections[c.id] : undefined;
  return chosen ? c.levels.find((l) => l.id === chosen.level) : undefined;
}

let counter = 0;
/**
 * A new criterion or level id: short, unique within its rubric (the editor makes them as rows are
 * added; a time and a counter, so two rows added in the same millisecond differ). Each part has a
 * fixed width: unpadded, counter 1 with random "ab" and counter "1a" with random "b" made one id.
 */
export function newRubricId(prefix: "c" | "l" = "c"): string {
  counter = (counter + 1) % 1_000_000;
  const random = Math.floor(Math.random() * 1296);
  return `${prefix}${Date.now().toString(36)}${counter.toString(36).padStart(4, "0")}${random.toString(36).padStart(2, "0")}`;
}

/** Points typed as text ("2.5", "2,5", "0.01") as hundredths, or null when not a 0.01-step number in range. */
export function pointsHundredths(text: string): number | null {
  const m = /^(\d{1,4})(?:[.,](\d{1,2}))?$/.exec(text.trim());
  if (!m) return null;
  const value = Number(m[1]) * 100 + Number((m[2] ?? "").padEnd(2, "0"));
  return value <= L.points ? value : null;
}

/** Hundredths written as points with no trailing zeros: 250 → "2.5", 1 → "0.01", 1500 → "15". */
export function hundredthsText(h: number): string {
  const sign = h < 0 ? "-" : "";
  const a = Math.abs(h);
  const whole = Math.floor(a / 100);
  const frac = a % 100;
  return frac === 0 ? `${sign}${whole}` : `${sign}${whole}.${String(frac).padStart(2, "0").replace(/0$/, "")}`;
}
