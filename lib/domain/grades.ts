// Grade formulas of spec §9. Pure, unit-tested at every boundary.
import { DEFAULT_LETTER_SCALE, letterOn } from "./letter-scale";
import { ratioPercent, scorePercent, toHundredths } from "./percent";

export interface ScoredItem {
  score: number;
  maxScore: number;
}

/** Σscores / Σmax × 100 rounded half up to an integer, exactly (lib/domain/percent); 0 when there are no points. */
export function gradePercent(items: readonly ScoredItem[]): number {
  let earnedH = 0;
  let possibleH = 0;
  for (const i of items) {
    earnedH += toHundredths(i.score);
    possibleH += toHundredths(i.maxScore);
  }
  return ratioPercent(earnedH, possibleH);
}

/** One item's percent, rounded like the totals. */
export function itemPercent(score: number, maxScore: number): number {
  return scorePercent(score, maxScore);
}

/**
 * A percent's letter on spec §9's 12-step scale (percent rounded first), the default scale of every
 * school (decision 017); a school may choose its own (lib/domain/letter-scale, issue 42).
 */
export function teacherLetter(percent: number): string {
  return letterOn(DEFAULT_LETTER_SCALE, percent);
}

export type Band = "good" | "fair" | "poor" | "bad";

/** Colour band for a percent against a screen's thresholds (spec §9 lists them per screen). */
export function band(percent: number, t: { good: number; fair: number; poor?: number }): Band {
  if (percent >= t.good) return "good";
  if (percent >= t.fair) return "fair";
  if (t.poor !== undefined && percent >= t.poor) return "poor";
  return "bad";
}

/**
 * A class's average on one assignment (the grade grid's average row): Σscores / (n × max) × 100
 * over the students with a score, exactly; null when nobody has one yet.
 */
export function assignmentAveragePercent(scores: readonly number[], maxScore: number): number | null {
  if (scores.length === 0) return null;
  let earnedH = 0;
  for (const s of scores) earnedH += toHundredths(s);
  return ratioPercent(earnedH, scores.length * toHundredths(maxScore));
}
