import { describe, expect, it } from "vitest";
import type { RubricBody } from "./rubric-types";
import {
  hundredthsText,
  newRubricId,
  parseRubric,
  pointsHundredths,
  rubricMaxHundredths,
  rubricScoreHundredths,
  staleSelections,
} from "./rubrics";

const levels = (...points: number[]) => points.map((p, i) => ({ id: `l${i}`, label: `L${i}`, points: p }));
const rubric = (...criteria: number[][]): RubricBody => ({
  title: "Essay",
  criteria: criteria.map((pts, i) => ({ id: `c${i}`, title: `C${i}`, description: "", levels: levels(...pts) })),
});

describe("parseRubric", () => {
  const ok = rubric([400, 250, 0], [100, 1]);
  it("accepts a rubric within every bound and trims its text", () => {
    const r = parseRubric({ ...ok, title: "  Essay  " });
    expect(r.ok && r.rubric.title).toBe("Essay");
  });
  it("refuses 0 and 11 criteria, and accepts 1 and 10", () => {
    expect(parseRubric(rubric()).ok).toBe(false);
    expect(parseRubric(rubric(...Array.from({ length: 11 }, () => [1, 0]))).ok).toBe(false);
    expect(parseRubric(rubric([1, 0])).ok).toBe(true);
    expect(parseRubric(rubric(...Array.from({ length: 10 }, () => [1, 0]))).ok).toBe(true);
  });
  it("refuses 1 and 7 levels, and accepts 2 and 6", () => {
    expect(parseRubric(rubric([1])).ok).toBe(false);
    expect(parseRubric(rubric([1, 1, 1, 1, 1, 1, 1])).ok).toBe(false);
    expect(parseRubric(rubric([1, 0])).ok).toBe(true);
    expect(parseRubric(rubric([6, 5, 4, 3, 2, 1])).ok).toBe(true);
  });
  it("holds points to whole hundredths from 0 to 100000", () => {
    expect(parseRubric(rubric([100_000, 0])).ok).toBe(true);
    expect(parseRubric(rubric([100_001, 0])).ok).toBe(false);
    expect(parseRubric(rubric([-1, 0])).ok).toBe(false);
    expect(parseRubric(rubric([2.5, 0])).ok).toBe(false);
    expect(parseRubric(rubric(["1" as unknown as number, 0])).ok).toBe(false);
  });
  it("bounds the title (120), labels (60) and descriptions (500)", () => {
    expect(parseRubric({ ...ok, title: "x".repeat(120) }).ok).toBe(true);
    expect(parseRubric({ ...ok, title: "x".repeat(121) }).ok).toBe(false);
    expect(parseRubric({ ...ok, title: " " }).ok).toBe(false);
    const c = ok.criteria[0]!;
    const with_ = (patch: object) => parseRubric({ ...ok, criteria: [{ ...c, ...patch }] });
    expect(with_({ title: "x".repeat(60) }).ok).toBe(true);
    expect(with_({ title: "x".repeat(61) }).ok).toBe(false);
    expect(with_({ description: "x".repeat(500) }).ok).toBe(true);
    expect(with_({ description: "x".repeat(501) }).ok).toBe(false);
    expect(with_({ levels: [{ id: "a", label: "x".repeat(61), points: 1 }, ...c.levels.slice(1)] }).ok).toBe(false);
  });
  it("refuses repeated criterion ids and repeated level ids within a criterion", () => {
    const twice = parseRubric({ ...ok, criteria: [ok.criteria[0], ok.criteria[0]] });
    expect(twice).toMatchObject({ ok: false, message: { key: "rubrics.errors.duplicateId" } });
    const c = ok.criteria[0]!;
    expect(parseRubric({ ...ok, criteria: [{ ...c, levels: [c.levels[0], c.levels[0]] }] }).ok).toBe(false);
    // The same level id in two criteria is fine: a grade names the criterion too.
    expect(parseRubric(rubric([1, 0], [1, 0])).ok).toBe(true);
  });
  it("answers a message descriptor, never throws, on anything", () => {
    for (const bad of [null, 1, "x", [], { title: "T" }, { title: "T", criteria: "no" }]) {
      const parsed = parseRubric(bad);
      expect(parsed.ok).toBe(false);
      expect(parsed.ok ? null : typeof parsed.message.key).toBe("string");
    }
  });
});

describe("rubric maths, exact in hundredths", () => {
  it("the highest total is each criterion's best level summed, whatever the order", () => {
    expect(rubricMaxHundredths(rubric([400, 250, 0], [1, 100]))).toBe(500);
    expect(rubricMaxHundredths(rubric([25, 0], [25, 0], [25, 0], [25, 0]))).toBe(100);
  });
  it("a score is exactly the chosen levels' sum (0.1 + 0.2 is 0.3 here)", () => {
    const r = rubric([10, 0], [20, 0]);
    expect(rubricScoreHundredths(r, { c0: { level: "l0" }, c1: { level: "l0" } })).toBe(30);
    const decimals = rubric([250, 0], [25, 0], [1, 0]);
    expect(rubricScoreHundredths(decimals, { c0: { level: "l0" }, c1: { level: "l0" }, c2: { level: "l0" } })).toBe(
      276,
    );
    expect(hundredthsText(276)).toBe("2.76");
  });
  it("is null unless every criterion has a level it still has", () => {
    const r = rubric([250, 0], [100, 0]);
    expect(rubricScoreHundredths(r, { c0: { level: "l0" } })).toBeNull();
    expect(rubricScoreHundredths(r, { c0: { level: "l0" }, c1: { level: "gone" } })).toBeNull();
    expect(rubricScoreHundredths(r, { c0: { level: "l1" }, c1: { level: "l1" } })).toBe(0);
  });
  it("does not read a criterion id from the object's prototype", () => {
    const r: RubricBody = {
      title: "T",
      criteria: [{ id: "toString", title: "x", description: "", levels: levels(1, 0) }],
    };
    expect(rubricScoreHundredths(r, {})).toBeNull();
    expect(staleSelections(r, {})).toBe(true);
  });
  it("stale: a chosen criterion or level gone, or a criterion never scored", () => {
    const r = rubric([250, 0], [100, 0]);
    const full = { c0: { level: "l0" }, c1: { level: "l1" } };
    expect(staleSelections(r, full)).toBe(false);
    expect(staleSelections(r, { ...full, c9: { level: "l0" } })).toBe(true);
    expect(staleSelections(r, { ...full, c1: { level: "l9" } })).toBe(true);
    expect(staleSelections(r, { c0: { level: "l0" } })).toBe(true);
  });
});

describe("points as text", () => {
  it("reads 0.01-step points with a point or a comma, exactly", () => {
    expect(pointsHundredths("2.5")).toBe(250);
    expect(pointsHundredths("2,5")).toBe(250);
    expect(pointsHundredths("0.25")).toBe(25);
    expect(pointsHundredths("0.01")).toBe(1);
    expect(pointsHundredths("1000")).toBe(100_000);
    expect(pointsHundredths("1000.01")).toBeNull();
    expect(pointsHundredths("0.001")).toBeNull();
    expect(pointsHundredths("-1")).toBeNull();
    expect(pointsHundredths("")).toBeNull();
  });
  it("writes hundredths without trailing zeros", () => {
    expect(hundredthsText(1500)).toBe("15");
    expect(hundredthsText(1450)).toBe("14.5");
    expect(hundredthsText(1)).toBe("0.01");
    expect(hundredthsText(0)).toBe("0");
  });
  it("makes distinct ids that parseRubric accepts", () => {
    const ids = new Set(Array.from({ length: 500 }, () => newRubricId("l")));
    expect(ids.size).toBe(500);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_-]{1,40}$/);
  });
});
