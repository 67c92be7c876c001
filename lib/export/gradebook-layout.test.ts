import { describe, expect, it } from "vitest";
import { gradebookRows, studentTotals } from "./gradebook-layout";

const assignments = [
  { id: 12, title: "Quiz 1", maxScore: 10 },
  { id: 13, title: "=cmd", maxScore: 20 },
  { id: 14, title: "Essay", maxScore: 200 },
];

describe("gradebook layout", () => {
  it("has the Canvas/Moodle shape: a header with '<title> (<id>)', a Points Possible row, then a row per student", () => {
    const rows = gradebookRows(assignments, [
      { name: "Ava Johnson", username: "ava.johnson", sisId: "S-1", scores: [8.95, null, 179] },
      { name: "Liam Okafor", username: "liam.okafor", sisId: null, scores: [null, null, null] },
    ]);
    expect(rows[0]).toEqual([
      "Student",
      "Username",
      "SIS ID",
      "Quiz 1 (12)",
      "=cmd (13)",
      "Essay (14)",
      "Total Points",
      "Graded Points Possible",
      "Percent",
      "Letter",
    ]);
    expect(rows[1]).toEqual(["Points Possible", "", "", 10, 20, 200, 230, "", "", ""]);
    // 187.95 / 210 = 89.5 % exactly: rounds half up to 90 (A-), as on the Summary.
    expect(rows[2]).toEqual(["Ava Johnson", "ava.johnson", "S-1", 8.95, null, 179, 187.95, 210, 90, "A-"]);
    expect(rows[3]).toEqual(["Liam Okafor", "liam.okafor", "", null, null, null, 0, 0, 0, "F"]);
  });
  it("totals count graded items only and sum exactly to the 0.01 step", () => {
    expect(studentTotals([0.1, 0.2, null], assignments)).toEqual({
      earned: 0.3,
      possible: 30,
      percent: 1,
      letter: "F",
    });
    expect(studentTotals([8.95, null, null], assignments)).toEqual({
      earned: 8.95,
      possible: 10,
      percent: 90,
      letter: "A-",
    });
  });
});
