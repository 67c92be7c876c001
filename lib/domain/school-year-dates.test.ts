import { describe, expect, it } from "vitest";
import { nextYearFrom, overlappingYear, withinYear } from "./school-years";

const year = (id: number, startDate: string, endDate: string) => ({ id, startDate, endDate });

describe("overlappingYear", () => {
  const years = [year(1, "2025-08-25", "2026-06-12"), year(2, "2026-08-24", "2027-06-11")];

  it("finds a year sharing even one day, the first and last days included", () => {
    expect(overlappingYear({ startDate: "2026-06-12", endDate: "2026-08-01" }, years)?.id).toBe(1);
    expect(overlappingYear({ startDate: "2026-07-01", endDate: "2026-08-24" }, years)?.id).toBe(2);
  });

  it("finds none in the summer between two years", () => {
    expect(overlappingYear({ startDate: "2026-06-13", endDate: "2026-08-23" }, years)).toBeNull();
  });

  it("leaves out the year being edited", () => {
    expect(overlappingYear({ startDate: "2025-09-01", endDate: "2026-06-30" }, years, 1)).toBeNull();
  });
});

describe("withinYear", () => {
  const y = { startDate: "2026-08-24", endDate: "2027-06-11" };
  it("holds a term on the year's first and last days", () => {
    expect(withinYear({ startDate: "2026-08-24", endDate: "2027-06-11" }, y)).toBe(true);
  });
  it("refuses a term a day early or a day late", () => {
    expect(withinYear({ startDate: "2026-08-23", endDate: "2027-01-15" }, y)).toBe(false);
    expect(withinYear({ startDate: "2027-01-19", endDate: "2027-06-12" }, y)).toBe(false);
  });
});

describe("nextYearFrom", () => {
  it("moves a term ending on 29 February to 28 February and keeps the names", () => {
    const next = nextYearFrom({ title: "2023–2024", startDate: "2023-09-01", endDate: "2024-06-30" }, [
      { title: "Winter", type: "term", startDate: "2023-12-01", endDate: "2024-02-29" },
    ]);
    expect(next).toEqual({
      title: "2024–2025",
      startDate: "2024-09-01",
      endDate: "2025-06-30",
      terms: [{ title: "Winter", type: "term", startDate: "2024-12-01", endDate: "2025-02-28" }],
    });
  });
});
