import { describe, expect, it } from "vitest";
import { currentYearOf, nextYearFrom, overlaps, shiftYears, type SchoolYear } from "./school-years";

const year = (id: number, startDate: string, endDate: string, closed = false): SchoolYear => ({
  id,
  title: `${startDate.slice(0, 4)}–${endDate.slice(0, 4)}`,
  startDate,
  endDate,
  closed,
});
const y1 = year(1, "2025-08-20", "2026-06-19", true);
const y2 = year(2, "2026-08-19", "2027-06-18");

describe("the current year", () => {
  it("is the one whose dates hold today, first and last day included", () => {
    expect(currentYearOf([y1, y2], "2025-08-20")?.id).toBe(1);
    expect(currentYearOf([y1, y2], "2026-06-19")?.id).toBe(1);
    expect(currentYearOf([y2, y1], "2026-08-19")?.id).toBe(2);
  });
  it("in the summer between two years is the next to start, once it exists", () => {
    expect(currentYearOf([y1, y2], "2026-07-01")?.id).toBe(2);
    expect(currentYearOf([y1], "2026-07-01")?.id).toBe(1);
  });
  it("before every year is the first to start", () => {
    expect(currentYearOf([y2, y1], "2025-01-01")?.id).toBe(1);
  });
  it("is the admin's choice while that year exists", () => {
    expect(currentYearOf([y1, y2], "2026-09-01", 1)?.id).toBe(1);
    expect(currentYearOf([y1, y2], "2026-09-01", 99)?.id).toBe(2);
  });
  it("is none without years", () => {
    expect(currentYearOf([], "2026-09-01")).toBeNull();
  });
});

describe("the next year", () => {
  it("moves every date a calendar year on, 29 February to 28 February", () => {
    expect(shiftYears("2024-02-29", 1)).toBe("2025-02-28");
    expect(shiftYears("2023-02-28", 1)).toBe("2024-02-28");
    expect(shiftYears("2025-12-31", 1)).toBe("2026-12-31");
  });
  it("keeps the terms' names and moves the title's years", () => {
    const next = nextYearFrom({ title: "School year 2025–2026", startDate: "2025-08-20", endDate: "2026-06-19" }, [
      { title: "Fall", type: "semester", startDate: "2025-08-20", endDate: "2026-01-16" },
      { title: "Spring", type: "semester", startDate: "2026-01-20", endDate: "2026-06-19" },
    ]);
    expect(next).toEqual({
      title: "School year 2026–2027",
      startDate: "2026-08-20",
      endDate: "2027-06-19",
      terms: [
        { title: "Fall", type: "semester", startDate: "2026-08-20", endDate: "2027-01-16" },
        { title: "Spring", type: "semester", startDate: "2027-01-20", endDate: "2027-06-19" },
      ],
    });
  });
  it("names a title without years after the new dates", () => {
    expect(nextYearFrom({ title: "This year", startDate: "2025-08-20", endDate: "2026-06-19" }, []).title).toBe(
      "2026–2027",
    );
    expect(nextYearFrom({ title: "This year", startDate: "2025-01-06", endDate: "2025-12-12" }, []).title).toBe("2026");
  });
});

describe("overlaps", () => {
  it("counts a shared first or last day", () => {
    expect(overlaps(y1, { startDate: "2026-06-19", endDate: "2026-07-01" })).toBe(true);
    expect(overlaps(y1, y2)).toBe(false);
  });
});
