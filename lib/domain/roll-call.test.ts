import { describe, expect, it } from "vitest";
import {
  attendanceView,
  choiceOfKey,
  letterOf,
  parseDay,
  rollCallTotals,
  schoolDayNear,
  withDayAdded,
  withMark,
} from "./roll-call";

// 2031-03-03 is a Monday; 2031-03-08 a Saturday.
describe("roll call", () => {
  it("opens the roll call of today on a school day and the grid on a weekend", () => {
    expect(attendanceView({}, "2031-03-03")).toEqual({ view: "roll", day: "2031-03-03" });
    expect(attendanceView({}, "2031-03-08")).toEqual({ view: "grid" });
    expect(attendanceView({ view: "roll" }, "2031-03-08")).toEqual({ view: "roll", day: "2031-03-08" });
    expect(attendanceView({ view: "grid" }, "2031-03-03")).toEqual({ view: "grid" });
    expect(attendanceView({ view: "grid", day: "2031-03-04" }, "2031-03-03")).toEqual({ view: "grid" });
  });
  it("picks another day with ?day=, validated", () => {
    expect(attendanceView({ day: "2031-03-05" }, "2031-03-08")).toEqual({ view: "roll", day: "2031-03-05" });
    expect(attendanceView({ day: ["2031-03-05", "2031-03-06"] }, "2031-03-03")).toEqual({
      view: "roll",
      day: "2031-03-05",
    });
    for (const bad of ["2031-02-30", "2031-3-5", "tomorrow", "1999-12-31", "2101-01-01", "2031-03-05T00:00", ""]) {
      expect(parseDay(bad), bad).toBeNull();
      expect(attendanceView({ day: bad }, "2031-03-03")).toEqual({ view: "roll", day: "2031-03-03" });
    }
    expect(parseDay("2000-01-01")).toBe("2000-01-01");
    expect(parseDay("2100-12-31")).toBe("2100-12-31");
    expect(parseDay("2032-02-29")).toBe("2032-02-29");
  });
  it("maps keys and statuses to letters", () => {
    expect(choiceOfKey("p")?.status).toBe("present");
    expect(choiceOfKey("E")?.status).toBe("excused");
    expect(choiceOfKey("x")).toBeNull();
    expect(choiceOfKey("Enter")).toBeNull();
    expect(letterOf("late")).toBe("L");
    expect(letterOf("")).toBe("-");
  });
  it("counts the day's totals, unmarked included", () => {
    expect(rollCallTotals("PPAL-E-")).toEqual({ present: 2, absent: 1, late: 1, excused: 1, unmarked: 2 });
    expect(rollCallTotals("")).toEqual({ present: 0, absent: 0, late: 0, excused: 0, unmarked: 0 });
  });
  it("adds a day (everyone present, marks kept) and sets one mark", () => {
    expect(withDayAdded("--A-")).toBe("PPAP");
    expect(withMark("PPP", 1, "A")).toBe("PAP");
    expect(withMark("PPP", 3, "A")).toBe("PPP");
  });
  it("steps over weekends", () => {
    expect(schoolDayNear("2031-03-03", -1)).toBe("2031-02-28");
    expect(schoolDayNear("2031-03-07", 1)).toBe("2031-03-10");
    expect(schoolDayNear("2031-03-04", 1)).toBe("2031-03-05");
  });
});
