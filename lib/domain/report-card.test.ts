import { describe, expect, it } from "vitest";
import { buildReportCard, termAttendancePercent } from "./report-card";

describe("report card", () => {
  it("summarises each class with the 12-step scale and present-only attendance to one decimal", () => {
    const card = buildReportCard({
      student: { id: 1, name: "Ava" },
      classes: [
        { code: "ALG", name: "Algebra", period: "1" },
        { code: "ART", name: "Art", period: null },
      ],
      grades: [
        { levelCode: "ALG", title: "A1", score: 9, maxScore: 10, gradedOn: "Mar 1", feedback: null },
        { levelCode: "ALG", title: "A2", score: 17.5, maxScore: 20, gradedOn: "Mar 2", feedback: "ok" },
        { levelCode: "BIO", title: "other class", score: 0, maxScore: 100, gradedOn: "Mar 3", feedback: null },
      ],
      attendance: [
        { levelCode: "ALG", date: "2026-03-01", status: "present" },
        { levelCode: "ALG", date: "2026-03-02", status: "late" },
        { levelCode: "ALG", date: "2026-03-03", status: "present" },
      ],
    });
    const [alg, art] = card.classes;
    expect(alg).toMatchObject({
      percent: 88,
      letter: "B+",
      points: { earned: "26.50", possible: "30.00" },
      attendancePercent: 66.7,
      band: "fair",
    });
    expect(alg!.grades).toHaveLength(2);
    // Nothing graded and no attendance taken: "—", not 0 % F (issue 27).
    expect(art).toMatchObject({
      percent: null,
      letter: null,
      points: null,
      attendancePercent: null,
      band: null,
      grades: [],
      attendance: [],
    });
  });
  it("rounds half up on exact values: 8.95/10 is 90 % A-, points are summed exactly, attendance 50.25 % is 50.3", () => {
    const card = buildReportCard({
      student: { id: 1, name: "Ava" },
      classes: [{ code: "ALG", name: "Algebra", period: "1" }],
      grades: [
        { levelCode: "ALG", title: "A1", score: 8.95, maxScore: 10, gradedOn: "Mar 1", feedback: null },
        { levelCode: "ALG", title: "A2", score: 0.1, maxScore: 1, gradedOn: "Mar 2", feedback: null },
        { levelCode: "ALG", title: "A3", score: 0.2, maxScore: 1, gradedOn: "Mar 3", feedback: null },
      ],
      attendance: Array.from({ length: 400 }, (_, i) => ({
        levelCode: "ALG",
        date: `d${i}`,
        status: i < 201 ? "present" : "absent",
      })),
    });
    const [alg] = card.classes;
    expect(alg!.grades[0]).toMatchObject({ percent: 90 });
    expect(alg).toMatchObject({
      points: { earned: "9.25", possible: "12.00" },
      percent: 77,
      letter: "C+",
      attendancePercent: 50.3,
    });
    const one = buildReportCard({
      student: { id: 1, name: "Ava" },
      classes: [{ code: "ALG", name: "Algebra", period: "1" }],
      attendance: [],
      grades: [{ levelCode: "ALG", title: "A1", score: 8.95, maxScore: 10, gradedOn: "Mar 1", feedback: null }],
    });
    expect(one.classes[0]).toMatchObject({ percent: 90, letter: "A-" });
  });
});

describe("the attendance of a term", () => {
  const days = [
    { date: "2026-08-31", status: "absent" }, // the day before the term
    { date: "2026-09-01", status: "present" }, // its first day
    { date: "2026-10-15", status: "late" },
    { date: "2026-12-18", status: "present" }, // its last day
    { date: "2026-12-19", status: "absent" }, // the day after
  ];
  it("counts the days from the term's first to its last, both included (present-only, one decimal)", () => {
    expect(termAttendancePercent(days, { startDate: "2026-09-01", endDate: "2026-12-18" })).toBe(66.7);
  });
  it("is null ('—') when no day of the term has a record", () => {
    expect(termAttendancePercent(days, { startDate: "2027-01-04", endDate: "2027-03-26" })).toBeNull();
  });
});
