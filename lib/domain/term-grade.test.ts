import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { gradePercent } from "./grades";
import {
  computeTermGrade,
  daysLate,
  DEFAULT_GRADE_SETTINGS,
  gradeSettingsProblems,
  type GradeItem,
  type GradeSettings,
  type TermGrade,
} from "./term-grade";
import { explainTermGrade } from "./term-grade-why";
import { decimal, msg } from "@/lib/i18n/message";
import { render } from "@/lib/i18n/render";

/** The calculator's "why" lines as an English reader reads them. */
const english = (g: TermGrade) => explainTermGrade(g).map((line) => render(line, "en"));

const NOW = Date.UTC(2026, 10, 24);
const DAY = 86_400_000;
let nextId = 1;
function item(score: number | null, maxScore: number, extra: Partial<GradeItem> = {}): GradeItem {
  const id = nextId++;
  return {
    id,
    title: `A${id}`,
    categoryId: null,
    maxScore,
    dueAt: NOW - DAY,
    score,
    excused: false,
    missing: false,
    late: false,
    daysLate: 0,
    ...extra,
  };
}
const weighted = (
  ...cats: [id: number, name: string, weightPercent: number, dropLowest?: number][]
): GradeSettings => ({
  mode: "weighted",
  categories: cats.map(([id, name, w, d]) => ({ id, name, weight: w * 100, dropLowest: d ?? 0 })),
  latePolicy: null,
});
const grade = (items: GradeItem[], settings?: GradeSettings) => computeTermGrade(items, settings, null, NOW);

describe("defaults reproduce spec §9", () => {
  it("is Σscores / Σmax × 100 over the graded items, for any scores", () => {
    const score = fc.integer({ min: 0, max: 10000 }).map((h) => h / 100);
    const arb = fc.array(fc.tuple(fc.option(score, { nil: null }), fc.integer({ min: 1, max: 100 })), {
      maxLength: 30,
    });
    fc.assert(
      fc.property(arb, (rows) => {
        const items = rows.map(([s, max]) => item(s === null ? null : Math.min(s, max), max));
        const graded = items.filter((i) => i.score !== null).map((i) => ({ score: i.score!, maxScore: i.maxScore }));
        expect(computeTermGrade(items, DEFAULT_GRADE_SETTINGS, null, NOW).percent).toBe(gradePercent(graded));
      }),
      { numRuns: 300 },
    );
  });
  it("is 0 with nothing graded", () => {
    const g = grade([item(null, 10)]);
    expect([g.percent, g.exact]).toEqual([0, null]);
    expect(english(g)).toEqual(["No graded work yet"]);
  });
});

describe("weighted categories", () => {
  it("weights each category's percent, not its points", () => {
    // Homework 25 %: 9/10 = 90 %; Tests 75 %: 70/100 = 70 % → 22.5 + 52.5 = 75 (points would say 79/110 = 72).
    const g = grade(
      [item(9, 10, { categoryId: 1 }), item(70, 100, { categoryId: 2 })],
      weighted([1, "Homework", 25], [2, "Tests", 75]),
    );
    expect(g.percent).toBe(75);
    expect(grade([item(9, 10), item(70, 100)]).percent).toBe(72);
  });
  it("leaves out a category with nothing graded and says so", () => {
    const g = grade(
      [item(8, 10, { categoryId: 1 }), item(null, 100, { categoryId: 2 })],
      weighted([1, "Homework", 40], [2, "Tests", 60]),
    );
    expect(g.percent).toBe(80);
    expect(g.leftOut).toEqual(["Tests"]);
    expect(english(g)).toContain("Nothing graded yet in Tests: left out, the other weights scaled up to 100 %");
    expect(english(g)).toEqual([
      "Weighted categories: 80 %",
      "Homework (weight 40 %): 8 of 10 = 80 % — counts 100 %",
      "Nothing graded yet in Tests: left out, the other weights scaled up to 100 %",
    ]);
  });
  it("does not count work outside the weighted categories, and shows it", () => {
    const g = grade(
      [item(10, 10, { categoryId: 1 }), item(0, 10, { title: "Quiz 0" })],
      weighted([1, "Homework", 100]),
    );
    expect(g.percent).toBe(100);
    expect(g.items[1]!.status).toBe("uncategorized");
    expect(english(g)).toContain("Not in a weighted category, not counted: Quiz 0");
  });
  it("rounds .5 up on the exact value where floats fall short", () => {
    // 8.95/10 = 89.5 % and 89.5/100 = 89.5 %, half and half: 89.5 → 90 (float maths gives 89.49999…).
    const g = grade(
      [item(8.95, 10, { categoryId: 1 }), item(89.5, 100, { categoryId: 2 })],
      weighted([1, "Homework", 50], [2, "Tests", 50]),
    );
    expect(g.percent).toBe(90);
    // In floats 8.95/10 × 100 and 17.9/20 × 100 are both 89.49999999999999: one category, and two halves.
    expect(grade([item(8.95, 10, { categoryId: 1 })], weighted([1, "Homework", 100])).percent).toBe(90);
    expect(
      grade(
        [item(8.95, 10, { categoryId: 1 }), item(17.9, 20, { categoryId: 2 })],
        weighted([1, "Homework", 50], [2, "Tests", 50]),
      ).percent,
    ).toBe(90);
    // Thirds: 1/3 of 100 + 1/3 of 50 + 1/3 of 50.5 = 66.8333… → 67; and a case landing on .5 exactly.
    expect(
      grade([item(10, 10, { categoryId: 1 }), item(5, 10, { categoryId: 2 }), item(5.05, 10, { categoryId: 3 })], {
        ...weighted([1, "A", 0], [2, "B", 0], [3, "C", 0]),
        categories: [1, 2, 3].map((id) => ({ id, name: `C${id}`, weight: id === 3 ? 3334 : 3333, dropLowest: 0 })),
      }).percent,
    ).toBe(67);
    expect(
      grade([item(0.01, 1, { categoryId: 1 }), item(0, 1, { categoryId: 2 })], {
        ...weighted([1, "A", 50], [2, "B", 50]),
      }).percent,
    ).toBe(1); // 0.5 → 1
  });
});

describe("drop the lowest", () => {
  it("drops by percentage, not by points (a case where they differ)", () => {
    // 5/10 = 50 %, 40/100 = 40 %, 90/100. By percent: drop 40/100 → 95/110 = 86 %. By points it would drop 5/10 → 130/200 = 65 %.
    const low = item(40, 100, { categoryId: 1, title: "Test 2" });
    const g = grade([item(5, 10, { categoryId: 1 }), low, item(90, 100, { categoryId: 1 })], {
      mode: "points",
      categories: [{ id: 1, name: "Tests", weight: 0, dropLowest: 1 }],
      latePolicy: null,
    });
    expect(g.percent).toBe(86);
    expect(g.items.find((i) => i.id === low.id)!.status).toBe("dropped");
    expect(english(g)).toContain("Dropped (lowest): Test 2");
  });
  it("never drops an excused item, and never every item", () => {
    const excused = item(0, 10, { categoryId: 1, excused: true, title: "Excused one" });
    const g = grade(
      [excused, item(3, 10, { categoryId: 1, title: "Low" }), item(9, 10, { categoryId: 1 })],
      weighted([1, "Homework", 100, 1]),
    );
    expect(g.items.map((i) => i.status)).toEqual(["excused", "dropped", "counted"]);
    expect(g.percent).toBe(90);
    const lines = english(g);
    expect(lines).toContain("Excused: Excused one");
    expect(lines).toContain("Dropped (lowest): Low");
    const all = grade(
      [item(3, 10, { categoryId: 1 }), item(5, 10, { categoryId: 1 })],
      weighted([1, "Homework", 100, 5]),
    );
    expect([all.categories[0]!.dropped, all.percent]).toEqual([1, 50]);
  });
  it("drops the earlier of two equal percentages", () => {
    const g = grade(
      [item(5, 10, { categoryId: 1 }), item(50, 100, { categoryId: 1 }), item(10, 10, { categoryId: 1 })],
      { mode: "points", categories: [{ id: 1, name: "Tests", weight: 0, dropLowest: 1 }], latePolicy: null },
    );
    expect(g.items.map((i) => i.status)).toEqual(["dropped", "counted", "counted"]);
    expect(g.percent).toBe(55); // 60/110
  });
});

describe("excused, missing, late", () => {
  it("excused leaves both sums", () => {
    expect(grade([item(0, 100, { excused: true }), item(9, 10)]).percent).toBe(90);
  });
  it("missing counts as 0 only once past due", () => {
    const before = grade([item(null, 10, { missing: true, dueAt: NOW + DAY }), item(9, 10)]);
    expect([before.percent, before.items[0]!.status, before.items[0]!.missingFlag]).toEqual([90, "ungraded", true]);
    const after = grade([item(null, 10, { missing: true, dueAt: NOW - 1, title: "Essay" }), item(9, 10)]);
    expect([after.percent, after.items[0]!.status]).toEqual([45, "missing"]);
    expect(english(after)).toContain("Missing, counted as 0: Essay");
    // Not flagged: an ungraded item past due is simply not graded yet (spec §9).
    expect(grade([item(null, 10, { dueAt: NOW - DAY }), item(9, 10)]).percent).toBe(90);
  });
  it("takes the late penalty per day down to the floor, only when a policy is set", () => {
    const late = (days: number) => item(10, 10, { late: true, daysLate: days, title: "Lab" });
    const policy: GradeSettings = { ...DEFAULT_GRADE_SETTINGS, latePolicy: { perDayPercent: 10, floorPercent: 70 } };
    expect(grade([late(2)], policy).percent).toBe(80);
    expect(grade([late(5)], policy).percent).toBe(70);
    expect(grade([late(5)]).percent).toBe(100);
    expect(english(grade([late(1)], policy))).toContain("Late penalty: Lab (kept 90 %)");
    // 8.95 × 90 % = 8.055 of 10 → 80.55 → 81, exactly.
    expect(grade([item(8.95, 10, { late: true, daysLate: 1 })], policy).percent).toBe(81);
  });
  it("counts days late from the due date", () => {
    expect(daysLate(NOW, NOW + 1)).toBe(1);
    expect(daysLate(NOW, NOW + DAY)).toBe(1);
    expect(daysLate(NOW, NOW + DAY + 1)).toBe(2);
    expect(daysLate(NOW, NOW - 5)).toBe(0);
    expect(daysLate(null, NOW)).toBe(0);
  });
});

describe("override", () => {
  it("is the grade shown, with the computed one and the reason kept", () => {
    const g = computeTermGrade(
      [item(7, 10)],
      DEFAULT_GRADE_SETTINGS,
      { percent: 89.5, reason: "Completed the make-up exam" },
      NOW,
    );
    expect([g.percent, g.computedPercent]).toEqual([90, 70]);
    expect(english(g)).toContain("Overridden by the teacher: 90 % (computed 70 %) — Completed the make-up exam");
  });
});

describe("settings validation", () => {
  it("accepts the defaults and a valid weighted setup", () => {
    expect(gradeSettingsProblems(DEFAULT_GRADE_SETTINGS)).toEqual([]);
    expect(gradeSettingsProblems(weighted([1, "Homework", 40], [2, "Tests", 60]))).toEqual([]);
  });
  it("says what is wrong", () => {
    expect(gradeSettingsProblems(weighted([1, "Homework", 40], [2, "Tests", 50]))).toEqual([
      msg("gradesServer.actions.weightTotal", { total: decimal(90) }),
    ]);
    expect(gradeSettingsProblems(weighted([1, "Tests", 50], [2, "tests", 50]))).toEqual([
      msg("gradesServer.actions.categoryTwice", { name: "tests" }),
    ]);
    expect(
      gradeSettingsProblems({ ...DEFAULT_GRADE_SETTINGS, latePolicy: { perDayPercent: 0, floorPercent: 120 } }),
    ).toEqual([msg("gradesServer.actions.lateRange"), msg("gradesServer.actions.floorRange")]);
  });
});
