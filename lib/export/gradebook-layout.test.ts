import { describe, expect, it } from "vitest";
import { computeTermGrade } from "@/lib/domain/term-grade";
import { DEFAULT_LETTER_SCALE } from "@/lib/domain/letter-scale";
import { storedTermGrade } from "@/lib/domain/stored-grade";
import { cellValue, gradebookRows } from "./gradebook-layout";

const assignments = [
  { id: 12, title: "Quiz 1", maxScore: 10 },
  { id: 13, title: "=cmd", maxScore: 20 },
  { id: 14, title: "Essay", maxScore: 200 },
];
const NONE = { present: 0, absent: 0, late: 0, excused: 0 };
const item = (
  id: number,
  maxScore: number,
  score: number | null,
  marks: Partial<{ excused: boolean; missing: boolean; late: boolean }> = {},
) => ({
  id,
  title: `A${id}`,
  categoryId: null,
  maxScore,
  dueAt: 0,
  score,
  excused: false,
  missing: false,
  late: false,
  daysLate: 1,
  ...marks,
});

describe("gradebook layout", () => {
  it("has the Canvas/Moodle shape with the calculator's figures: excused work left out, missing counted as 0", () => {
    const ava = storedTermGrade(
      computeTermGrade(
        [item(12, 10, 8.95), item(13, 20, null, { excused: true }), item(14, 200, 179)],
        undefined,
        null,
        1,
      ),
      NONE,
      null,
      DEFAULT_LETTER_SCALE,
    );
    const liam = storedTermGrade(
      computeTermGrade([item(12, 10, null, { missing: true })], undefined, null, 1),
      NONE,
      null,
      DEFAULT_LETTER_SCALE,
    );
    const rows = gradebookRows(assignments, [
      {
        name: "Ava Johnson",
        username: "ava.johnson",
        sisId: "S-1",
        cells: [
          { score: 8.95, mark: null },
          { score: null, mark: "excused" },
          { score: 179, mark: null },
        ],
        grade: ava,
      },
      {
        name: "Liam Okafor",
        username: "liam.okafor",
        sisId: null,
        cells: [
          { score: null, mark: "missing" },
          { score: null, mark: null },
          { score: null, mark: null },
        ],
        grade: liam,
      },
    ]);
    expect(rows[0]).toEqual([
      "Student",
      "Username",
      "SIS ID",
      "Quiz 1 (12)",
      "=cmd (13)",
      "Essay (14)",
      "Other %",
      "Counted Points",
      "Points Possible",
      "Percent",
      "Letter",
      "Overridden",
    ]);
    expect(rows[1]).toEqual(["Points Possible", "", "", 10, 20, 200, "", "", 230, "", "", ""]);
    // 187.95 / 210 = 89.5 % exactly: rounds half up to 90 (A-), as on the Summary.
    expect(rows[2]).toEqual(["Ava Johnson", "ava.johnson", "S-1", 8.95, "E", 179, 90, 187.95, 210, 90, "A-", ""]);
    // Missing past its due date counts as 0: 0 / 10.
    expect(rows[3]).toEqual(["Liam Okafor", "liam.okafor", "", "M", "", "", 0, 0, 10, 0, "F", ""]);
  });

  it("writes a mark where there is no score, and a late score with (L)", () => {
    expect(cellValue({ score: 9.5, mark: "late" })).toBe("9.5 (L)");
    expect(cellValue({ score: null, mark: "excused" })).toBe("E");
    expect(cellValue({ score: null, mark: null })).toBe("");
    expect(cellValue({ score: 7, mark: null })).toBe(7);
  });

  it("leaves the percent and letter empty when nothing is graded", () => {
    const none = storedTermGrade(
      computeTermGrade([item(12, 10, null)], undefined, null, 1),
      NONE,
      null,
      DEFAULT_LETTER_SCALE,
    );
    const [, , row] = gradebookRows(assignments.slice(0, 1), [
      { name: "N", username: "n", sisId: null, cells: [{ score: null, mark: null }], grade: none },
    ]);
    expect(row).toEqual(["N", "n", "", "", "", "", "", "", "", ""]);
  });
});
