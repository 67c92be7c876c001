import { describe, expect, it } from "vitest";
import { teacherLetter } from "./grades";
import {
  DEFAULT_LETTER_SCALE,
  LETTER_SCALE_PRESETS,
  letterOn,
  MAX_STEPS,
  presetOf,
  scaleFromRows,
  storedScale,
} from "./letter-scale";

describe("a percent's letter on a school's scale", () => {
  it("applies each preset at its cut-offs, the percent rounded half up first", () => {
    const { letters, fivePoint, passFail } = LETTER_SCALE_PRESETS;
    expect([89.49, 89.5, 90, 79.99, 59.49, 0].map((p) => letterOn(letters, p))).toEqual(["B", "A", "A", "B", "F", "F"]);
    expect([100, 90, 89.5, 70, 69.4, 60, 12].map((p) => letterOn(fivePoint, p))).toEqual([
      "5",
      "5",
      "5",
      "3",
      "2",
      "2",
      "1",
    ]);
    expect([59.5, 59.49, 100].map((p) => letterOn(passFail, p))).toEqual(["P", "F", "P"]);
  });

  it("is spec §9's scale by default: teacherLetter is the default scale's letter", () => {
    for (let h = 0; h <= 10_000; h += 7) expect(letterOn(DEFAULT_LETTER_SCALE, h / 100)).toBe(teacherLetter(h / 100));
    expect(letterOn(DEFAULT_LETTER_SCALE, 92.5)).toBe("A");
    expect(letterOn(DEFAULT_LETTER_SCALE, 59.4)).toBe("F");
  });
});

describe("a scale from the admin's form", () => {
  const row = (min: string, label: string) => ({ min, label });

  it("takes rows in any order, skips blank ones and trims labels", () => {
    expect(scaleFromRows([row("70", " Pass "), row("", ""), row("90", "Merit")], " Fail ")).toEqual({
      scale: {
        steps: [
          { min: 90, label: "Merit" },
          { min: 70, label: "Pass" },
        ],
        below: "Fail",
      },
    });
  });

  it("says what is wrong, naming the row as the form showed it", () => {
    expect(scaleFromRows([], "F")).toEqual({ problem: "noSteps" });
    expect(scaleFromRows([row("", "")], "F")).toEqual({ problem: "noSteps" });
    expect(scaleFromRows([row("90", "A"), row("0", "Z")], "F")).toEqual({ problem: "cutoff", row: 2 });
    expect(scaleFromRows([row("101", "A")], "F")).toEqual({ problem: "cutoff", row: 1 });
    expect(scaleFromRows([row("85.5", "A")], "F")).toEqual({ problem: "cutoff", row: 1 });
    expect(scaleFromRows([row("90", "")], "F")).toEqual({ problem: "label", row: 1, max: 12 });
    expect(scaleFromRows([row("90", "Outstanding!!")], "F")).toEqual({ problem: "label", row: 1, max: 12 });
    expect(scaleFromRows([row("90", "A"), row("90", "B")], "F")).toEqual({ problem: "duplicate", min: 90 });
    expect(scaleFromRows([row("90", "A")], "  ")).toEqual({ problem: "below", max: 12 });
    const many = Array.from({ length: MAX_STEPS + 1 }, (_, i) => row(String(100 - i), `L${i}`));
    expect(scaleFromRows(many, "F")).toEqual({ problem: "tooManySteps", max: MAX_STEPS });
  });
});

describe("a stored scale read back", () => {
  it("is the default when nothing or something broken was stored, never half a scale", () => {
    expect(storedScale(null)).toBe(DEFAULT_LETTER_SCALE);
    expect(storedScale({ steps: [{ min: 50, label: "" }], below: "F" })).toBe(DEFAULT_LETTER_SCALE);
    expect(
      storedScale({
        steps: [
          { min: 50, label: "P" },
          { min: 70, label: "M" },
        ],
        below: "F",
      }),
    ).toBe(DEFAULT_LETTER_SCALE);
    expect(storedScale(LETTER_SCALE_PRESETS.passFail)).toEqual(LETTER_SCALE_PRESETS.passFail);
  });

  it("is recognised as the preset it is", () => {
    expect(presetOf(storedScale(null))).toBe("plusMinus");
    expect(presetOf({ steps: [{ min: 60, label: "P" }], below: "F" })).toBe("passFail");
    expect(presetOf({ steps: [{ min: 61, label: "P" }], below: "F" })).toBeNull();
  });
});
