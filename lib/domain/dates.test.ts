import { describe, expect, it } from "vitest";
import { addDays, dateInTimeZone, isWeekday, previousSchoolDays } from "./dates";

describe("dates", () => {
  it("reads the calendar day in the school's zone", () => {
    const instant = new Date("2026-03-02T03:00:00Z");
    expect(dateInTimeZone(instant, "UTC")).toBe("2026-03-02");
    expect(dateInTimeZone(instant, "America/Los_Angeles")).toBe("2026-03-01");
  });

  it("adds days across month ends", () => {
    expect(addDays("2026-02-28", 1)).toBe("2026-03-01");
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
  });

  it("lists previous school days without weekends", () => {
    // 2026-03-02 is a Monday.
    expect(isWeekday("2026-03-02")).toBe(true);
    expect(isWeekday("2026-03-01")).toBe(false);
    expect(previousSchoolDays("2026-03-02", 3)).toEqual(["2026-02-25", "2026-02-26", "2026-02-27"]);
  });
});
