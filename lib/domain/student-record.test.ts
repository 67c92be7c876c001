import { describe, expect, it } from "vitest";
import type { StoredTermGrade } from "./stored-grade";
import { recordByYear } from "./student-record";

const card = (percent: number) => ({ percent, letter: "B" }) as unknown as StoredTermGrade;
const years = [
  { id: 1, title: "2024–2025", startDate: "2024-08-20", closed: true },
  { id: 2, title: "2025–2026", startDate: "2025-08-20", closed: false },
];

describe("a student's record by school year (issue 41)", () => {
  it("puts each class under its year, newest first, a class without a year under the current one", () => {
    const record = recordByYear(
      years,
      2,
      [
        { code: "OLD", name: "Pre-Algebra", period: "2", teacher: "E", yearId: 1 },
        { code: "NOW-B", name: "Biology", period: null, teacher: null, yearId: null },
        { code: "NOW-A", name: "Algebra", period: null, teacher: null, yearId: 2 },
      ],
      [],
      [],
    );
    expect(record.map((y) => [y.title, y.current, y.closed, y.classes.map((c) => c.code)])).toEqual([
      ["2025–2026", true, false, ["NOW-A", "NOW-B"]],
      ["2024–2025", false, true, ["OLD"]],
    ]);
  });

  it("lists a class's cards of its own year's terms, oldest term first, and counts each year's attendance", () => {
    const [last] = recordByYear(
      years.slice(0, 1),
      null,
      [{ code: "OLD", name: "Pre-Algebra", period: null, teacher: null, yearId: 1 }],
      [
        { termId: 8, termTitle: "Spring", termStart: "2025-01-10", termYearId: 1, levelCode: "OLD", card: card(85) },
        { termId: 7, termTitle: "Fall", termStart: "2024-08-20", termYearId: null, levelCode: "OLD", card: card(70) },
        // A later year's term, stored for every class when it was published: not this class's.
        { termId: 9, termTitle: "Next fall", termStart: "2025-08-20", termYearId: 2, levelCode: "OLD", card: card(0) },
      ],
      [
        { levelCode: "OLD", status: "present", count: 3 },
        { levelCode: "OLD", status: "absent", count: 1 },
        { levelCode: "ELSEWHERE", status: "absent", count: 9 },
      ],
    );
    expect(last!.classes[0]!.cards.map((c) => c.termTitle)).toEqual(["Fall", "Spring"]);
    expect(last!.attendance).toEqual({ present: 3, absent: 1, late: 0, excused: 0 });
    expect(last!.attendancePercent).toBe(75);
  });

  it("has no year for a school without years, and none at all for a student with no class", () => {
    expect(recordByYear([], null, [], [], [])).toEqual([]);
    const [only] = recordByYear(
      [],
      null,
      [{ code: "A", name: "A", period: null, teacher: null, yearId: null }],
      [],
      [],
    );
    expect([only!.id, only!.title, only!.current, only!.attendancePercent]).toEqual([null, null, true, null]);
  });
});
