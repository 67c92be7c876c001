import { describe, expect, it } from "vitest";
import { assignmentAveragePercent, band, gradePercent, itemPercent, teacherLetter } from "./grades";

describe("gradePercent (Σscores/Σmax, rounded)", () => {
  it("is 0 with no graded items", () => {
    expect(gradePercent([])).toBe(0);
  });
  it("weights by points, not by item", () => {
    expect(
      gradePercent([
        { score: 10, maxScore: 10 },
        { score: 0, maxScore: 30 },
      ]),
    ).toBe(25);
  });
  it("rounds half up", () => {
    expect(gradePercent([{ score: 89.5, maxScore: 100 }])).toBe(90);
    expect(gradePercent([{ score: 2, maxScore: 3 }])).toBe(67);
  });
  it("item percent", () => {
    expect(itemPercent(7.5, 10)).toBe(75);
    expect(itemPercent(1, 0)).toBe(0);
  });
  it("is exact at every .5 boundary with scores that are not exact in binary", () => {
    for (let k = 0; k < 100; k++) {
      const score = (10 * k + 5) / 100; // (k + 0.5) % of 10: 0.05, 0.15, … 8.95, 9.95
      expect(itemPercent(score, 10), `${score}/10`).toBe(k + 1);
      expect(gradePercent([{ score, maxScore: 10 }]), `${score}/10`).toBe(k + 1);
      expect(itemPercent(score - 0.01, 10), `${score - 0.01}/10`).toBe(k);
    }
    // 8.95/10 is 89.5 %: 90 % and an A / A-, like 179/200 (the float maths said 89 % B).
    expect(gradePercent([{ score: 8.95, maxScore: 10 }])).toBe(90);
    expect(gradePercent([{ score: 179, maxScore: 200 }])).toBe(90);
    // Σ of several 0.01-step scores: 187.95/210 = 89.5 %.
    expect(
      gradePercent([
        { score: 90.35, maxScore: 100 },
        { score: 88.3, maxScore: 100 },
        { score: 9.3, maxScore: 10 },
      ]),
    ).toBe(90);
  });
});

describe("letters from a percent computed as a float", () => {
  it("read 8.95/10 × 100 (89.49999999999999) as the 89.5 it is", () => {
    expect(teacherLetter((8.95 / 10) * 100)).toBe("A-");
    expect(teacherLetter((9.25 / 10) * 100)).toBe("A");
    expect(teacherLetter((5.95 / 10) * 100)).toBe("D-");
  });
});

describe("teacher 12-step scale", () => {
  it.each([
    [100, "A"],
    [93, "A"],
    [92.5, "A"],
    [92.49, "A-"],
    [90, "A-"],
    [89.99, "A-"],
    [89.49, "B+"],
    [87, "B+"],
    [86.5, "B+"],
    [86.49, "B"],
    [83, "B"],
    [82.5, "B"],
    [82.4, "B-"],
    [80, "B-"],
    [79.5, "B-"],
    [79.4, "C+"],
    [77, "C+"],
    [76.5, "C+"],
    [76.4, "C"],
    [73, "C"],
    [72.5, "C"],
    [72.4, "C-"],
    [70, "C-"],
    [69.5, "C-"],
    [69.4, "D+"],
    [67, "D+"],
    [66.5, "D+"],
    [66.4, "D"],
    [63, "D"],
    [62.5, "D"],
    [62.4, "D-"],
    [60, "D-"],
    [59.5, "D-"],
    [59.4, "F"],
    [0, "F"],
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

describe("assignmentAveragePercent (the grid's class average row)", () => {
  it("is null before anyone has a score", () => {
    expect(assignmentAveragePercent([], 10)).toBeNull();
  });
  it("averages the scores entered, exactly, rounded half up once", () => {
    // 8.95 + 9 = 17.95 of 20 = 89.75 % → 90; a float mean of the rounded item percents (90, 90) agrees,
    // but 8.95 alone (89.5 %) must be 90, not the 89 a binary division gives.
    expect(assignmentAveragePercent([8.95], 10)).toBe(90);
    expect(assignmentAveragePercent([8.95, 9], 10)).toBe(90);
    expect(assignmentAveragePercent([10, 0, 5], 10)).toBe(50);
    expect(assignmentAveragePercent([1, 2], 3)).toBe(50);
  });
});
