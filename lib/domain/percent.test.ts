import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  divideRoundHalfUp,
  meanPercent,
  ratioPercent,
  roundPercent,
  scorePercent,
  sumScores,
  toHundredths,
} from "./percent";

// Every x.5 from 0.5 to 99.5, as a 0.01-step score over maxima where most are not exact in binary
// (8.95 is 8.949999999999999289… as a double).
const HALVES = Array.from({ length: 100 }, (_, k) => k + 0.5);
const hundredths = (n: number) => n / 100;

/** The reference: round_half_up(S × 100 / P) with S, P in hundredths, in BigInt. */
function reference(earnedH: bigint, possibleH: bigint): number {
  if (possibleH === BigInt(0)) return 0;
  const num = earnedH * BigInt(200) + possibleH;
  return Number(num / (possibleH * BigInt(2)));
}

describe("scorePercent: exact half-up at every .5 boundary", () => {
  it.each([10, 20, 30, 40, 200])("max %i: each x.5 percent rounds up, 0.01 point below it rounds down", (max) => {
    for (const p of HALVES) {
      const scoreH = Math.round(p * max); // p/100 × max in hundredths: whole for these maxima
      const score = hundredths(scoreH);
      expect(scorePercent(score, max), `${score}/${max}`).toBe(Math.ceil(p));
      if (scoreH > 0)
        expect(scorePercent(hundredths(scoreH - 1), max), `${hundredths(scoreH - 1)}/${max}`).toBe(Math.floor(p));
    }
  });
  it("fixes the reported cases: 8.95/10 and 187.95/210 are 89.5 %, so 90, like 179/200", () => {
    expect(Math.round((8.95 / 10) * 100)).toBe(89); // the float bug this replaces
    expect(scorePercent(8.95, 10)).toBe(90);
    expect(scorePercent(187.95, 210)).toBe(90);
    expect(scorePercent(179, 200)).toBe(90);
  });
  it("is 0 with no points possible, 100 at full marks, and half-up at 0.5", () => {
    expect(scorePercent(0, 0)).toBe(0);
    expect(scorePercent(5, 0)).toBe(0);
    expect(scorePercent(10, 10)).toBe(100);
    expect(scorePercent(0.05, 10)).toBe(1);
    expect(scorePercent(0.04, 10)).toBe(0);
  });
  it("matches a BigInt reference for any 0.01-step score over any maximum", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100_000 }), fc.integer({ min: 0, max: 10_000_000 }), (max, raw) => {
        const scoreH = raw % (max * 100 + 1);
        expect(scorePercent(scoreH / 100, max)).toBe(reference(BigInt(scoreH), BigInt(max * 100)));
      }),
      { numRuns: 2000 },
    );
  });
  it("is exact for a class's totals far beyond one assignment", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2_000_000 }), fc.integer({ min: 0, max: 2 ** 40 }), (possible, raw) => {
        const earnedH = raw % (possible * 100 + 1);
        expect(scorePercent(earnedH / 100, possible)).toBe(reference(BigInt(earnedH), BigInt(possible * 100)));
      }),
      { numRuns: 1000 },
    );
  });
});

describe("exact helpers", () => {
  it("toHundredths and sumScores take binary noise off 0.01-step values", () => {
    expect(toHundredths(8.95)).toBe(895);
    expect(toHundredths(0.1 + 0.2)).toBe(30);
    expect(0.1 + 0.2).not.toBe(0.3); // 0.30000000000000004 as floats
    expect(sumScores([0.1, 0.2])).toBe(0.3);
    expect(sumScores([90.35, 88.3, 9.3])).toBe(187.95);
    expect(sumScores([])).toBe(0);
  });
  it("divideRoundHalfUp is exact beyond the safe integers and for negatives", () => {
    expect(divideRoundHalfUp(5, 2)).toBe(3);
    expect(divideRoundHalfUp(-5, 2)).toBe(-2);
    expect(divideRoundHalfUp(7, 3)).toBe(2);
    expect(divideRoundHalfUp(2 ** 53 + 2, 4)).toBe(2 ** 51 + 1); // 2^51 + 0.5 → up
  });
  it("ratioPercent rounds counts half up, to an integer or one decimal", () => {
    expect(Math.round((23 / 40) * 100)).toBe(57); // float: 57.49999999999999
    expect(ratioPercent(23, 40)).toBe(58); // 57.5
    expect(Math.round((201 / 400) * 1000) / 10).toBe(50.2); // float: 502.49999999999994
    expect(ratioPercent(201, 400, 1)).toBe(50.3); // 50.25
    expect(ratioPercent(2, 3, 1)).toBe(66.7);
    expect(ratioPercent(1, 3)).toBe(33);
    expect(ratioPercent(0, 0)).toBe(0);
    expect(() => ratioPercent(0.5, 2)).toThrow(RangeError);
  });
  it("roundPercent takes binary noise off a percent computed as a float, and rounds half up", () => {
    expect(roundPercent((8.95 / 10) * 100)).toBe(90);
    expect(roundPercent(89.5)).toBe(90);
    expect(roundPercent(89.49)).toBe(89);
    expect(roundPercent(89.499)).toBe(89);
    expect(roundPercent(89)).toBe(89);
    for (const p of HALVES) expect(roundPercent((hundredths(Math.round(p * 10)) / 10) * 100)).toBe(Math.ceil(p));
  });
  it("meanPercent averages exactly and rounds half up", () => {
    expect(meanPercent([])).toBe(0);
    expect(meanPercent([80, 85])).toBe(83);
    expect(meanPercent([89, 90])).toBe(90);
    expect(meanPercent([89, 89, 90])).toBe(89);
  });
});
