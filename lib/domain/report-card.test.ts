import { describe, expect, it } from "vitest";
import { buildReportCard } from "./report-card";

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
    expect(alg).toMatchObject({ percent: 88, letter: "B+", earned: 26.5, possible: 30, attendancePercent: 66.7, band: "fair" });
    expect(alg!.grades).toHaveLength(2);
    expect(art).toMatchObject({ percent: 0, letter: "F", attendancePercent: 0, band: "bad", grades: [], attendance: [] });
  });
});
