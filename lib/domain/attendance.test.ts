import { describe, expect, it } from "vitest";
import { countStatuses, reportCardAttendancePercent, studentAttendanceRate, teacherAttendancePercent } from "./attendance";

describe("attendance formulas", () => {
  it("counts statuses and ignores anything else", () => {
    expect(countStatuses(["present", "late", "present", "absent", "excused", ""])).toEqual({ present: 2, absent: 1, late: 1, excused: 1 });
  });
  it("are 0 with no records", () => {
    const none = countStatuses([]);
    expect(studentAttendanceRate(none)).toBe(0);
    expect(teacherAttendancePercent(none)).toBe(0);
    expect(reportCardAttendancePercent(none)).toBe(0);
  });
  it("student view counts present only, rounded", () => {
    expect(studentAttendanceRate({ present: 2, absent: 0, late: 1, excused: 0 })).toBe(67);
  });
  it("teacher view counts excused fully and late as half", () => {
    expect(teacherAttendancePercent({ present: 6, absent: 2, late: 1, excused: 1 })).toBe(75);
    expect(teacherAttendancePercent({ present: 0, absent: 0, late: 1, excused: 0 })).toBe(50);
  });
  it("report card counts present only, to one decimal", () => {
    expect(reportCardAttendancePercent({ present: 2, absent: 1, late: 0, excused: 0 })).toBe(66.7);
    expect(reportCardAttendancePercent({ present: 5, absent: 0, late: 0, excused: 0 })).toBe(100);
  });
});
