import { describe, expect, it } from "vitest";
import { band, gradePercent, itemPercent, studentLetter, teacherLetter } from "./grades";

describe("gradePercent (Σscores/Σmax, rounded)", () => {
  it("is 0 with no graded items", () => {
    expect(gradePercent([])).toBe(0);
  });
  it("weights by points, not by item", () => {
    expect(gradePercent([{ score: 10, maxScore: 10 }, { score: 0, maxScore: 30 }])).toBe(25);
  });
  it("rounds half up", () => {
    expect(gradePercent([{ score: 89.5, maxScore: 100 }])).toBe(90);
    expect(gradePercent([{ score: 2, maxScore: 3 }])).toBe(67);
  });
  it("item percent", () => {
    expect(itemPercent(7.5, 10)).toBe(75);
    expect(itemPercent(1, 0)).toBe(0);
  });
});

describe("student letter scale", () => {
  it.each([
    [100, "A"], [90, "A"], [89.5, "A"], [89.4, "B"], [80, "B"], [79.99, "B"], [79.4, "C"],
    [70, "C"], [69.5, "C"], [60, "D"], [59.49, "F"], [0, "F"],
  ])("%f → %s", (p, letter) => {
    expect(studentLetter(p)).toBe(letter);
  });
});

describe("teacher 12-step scale", () => {
  it.each([
    [100, "A"], [93, "A"], [92.5, "A"], [92.49, "A-"], [90, "A-"], [89.99, "A-"], [89.49, "B+"],
    [87, "B+"], [86.5, "B+"], [86.49, "B"], [83, "B"], [82.5, "B"], [82.4, "B-"], [80, "B-"],
    [79.5, "B-"], [79.4, "C+"], [77, "C+"], [76.5, "C+"], [76.4, "C"], [73, "C"], [72.5, "C"],
    [72.4, "C-"], [70, "C-"], [69.5, "C-"], [69.4, "D+"], [67, "D+"], [66.5, "D+"], [66.4, "D"],
    [63, "D"], [62.5, "D"], [62.4, "D-"], [60, "D-"], [59.5, "D-"], [59.4, "F"], [0, "F"],
  ])("%f → %s", (p, letter) => {
    expect(teacherLetter(p)).toBe(letter);
  });
});

describe("colour bands", () => {
  it("teacher dashboard 80/60", () => {
    const t = { good: 80, fair: 60 };
    expect([80, 79, 60, 59].map((p) => band(p, t))).toEqual(["good", "fair", "fair", "bad"]);
  });
  it("simple gradebook 90/70/50", () => {
    const t = { good: 90, fair: 70, poor: 50 };
    expect([90, 89, 70, 69, 50, 49].map((p) => band(p, t))).toEqual(["good", "fair", "fair", "poor", "poor", "bad"]);
  });
});
