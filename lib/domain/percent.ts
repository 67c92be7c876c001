// Exact percentages for every screen, report card and export (spec §9: "rounded to an integer",
// the report card's attendance "to one decimal"). Scores have a 0.01 step and counts are whole,
// so every percent the portal shows is an exact rational: it is computed in integers and rounded
// half up on the exact value. Binary floats are not: 8.95 / 10 × 100 is 89.49999999999999 and
// Math.round made that 89 % B while 179 / 200 showed 90 % A.

/** A score, or a sum of scores, as a whole number of hundredths (the scores' 0.01 step). */
export function toHundredths(value: number): number {
  return Math.round(value * 100);
}

/** Σ of scores, exact to the 0.01 step (a float sum of 0.01-step values drifts). */
export function sumScores(values: Iterable<number>): number {
  let h = 0;
  for (const v of values) h += toHundredths(v);
  return h / 100;
}

/** round_half_up(n / d) for whole n and d > 0, exactly (BigInt beyond the safe integers). */
export function divideRoundHalfUp(n: number, d: number): number {
  // floor((2n + d) / 2d) is n / d rounded half up (towards +∞) for any sign of n.
  const a = 2 * n + d;
  const b = 2 * d;
  if (Number.isSafeInteger(a) && Number.isSafeInteger(b)) {
    const r = ((a % b) + b) % b; // % of whole doubles is exact
    return (a - r) / b;
  }
  const A = BigInt(n) * BigInt(2) + BigInt(d);
  const B = BigInt(d) * BigInt(2);
  const q = A / B; // truncates towards zero
  return Number(A % B !== BigInt(0) && A < BigInt(0) ? q - BigInt(1) : q);
}

function assertWhole(n: number, what: string) {
  if (!Number.isInteger(n)) throw new RangeError(`${what} must be a whole number, got ${n}`);
}

/**
 * part / whole × 100, rounded half up to `decimals` places, computed on whole numbers (counts, or
 * scores in hundredths); 0 when the whole is 0 (spec §9: "0 if there are no points").
 */
export function ratioPercent(part: number, whole: number, decimals: 0 | 1 = 0): number {
  assertWhole(part, "part");
  assertWhole(whole, "whole");
  if (whole <= 0) return 0;
  const scale = decimals === 1 ? 1000 : 100;
  const scaled = divideRoundHalfUp(part * scale, whole);
  return decimals === 1 ? scaled / 10 : scaled;
}

/** The one grade percent: Σscores / Σmax × 100 on the exact 0.01-step values, rounded half up. */
export function scorePercent(earned: number, possible: number): number {
  return ratioPercent(toHundredths(earned), toHundredths(possible));
}

/**
 * A percent already computed elsewhere, rounded half up to an integer (the letter scales round
 * first). Binary noise below 1e-9 is taken off first, so 8.95 / 10 × 100 (89.49999999999999)
 * counts as the 89.5 it stands for. No 0.01-step score over an integer maximum below 5 × 10^8 is
 * within 1e-9 of a .5 boundary without being on it, so this never moves a genuine value.
 */
export function roundPercent(percent: number): number {
  if (Number.isInteger(percent)) return percent;
  return divideRoundHalfUp(Math.round(percent * 1e9), 1e9);
}

/** Mean of percents (0.01 step or whole) rounded half up, exactly; 0 for none. */
export function meanPercent(values: readonly number[]): number {
  if (values.length === 0) return 0;
  let h = 0;
  for (const v of values) h += toHundredths(v);
  return divideRoundHalfUp(h, values.length * 100);
}
