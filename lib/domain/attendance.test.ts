import { describe, expect, it } from "vitest";
import {
  attendanceMarks,
  countMarks,
  countStatuses,
  dayNumberToDate,
  reportCardAttendancePercent,
  STATUS_OF_MARK,
  studentAttendanceRate,
  teacherAttendancePercent,
} from "./attendance";

describe("attendance formulas", () => {
  it("counts statuses and ignores anything else", () => {
    expect(countStatuses(["present", "late", "present", "absent", "excused", ""])).toEqual({
      present: 2,
      absent: 1,
      late: 1,
      excused: 1,
    });
  });
  it("counts a row's letters and a day's letters across rows, '-' and missing days as no record", () => {
    expect(countMarks("PPAL-EP")).toEqual({ present: 3, absent: 1, late: 1, excused: 1 });
    expect(countMarks("")).toEqual({ present: 0, absent: 0, late: 0, excused: 0 });
    expect(countMarks(["PA", "LP", "-E", "E"], 1)).toEqual({ present: 1, absent: 1, late: 0, excused: 1 });
    expect(countMarks(["PA", "LP"], 0)).toEqual(countStatuses(["present", "late"]));
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
  it("round half up on the exact count ratio (floats put 57.5 % at 57)", () => {
    expect(studentAttendanceRate({ present: 23, absent: 17, late: 0, excused: 0 })).toBe(58);
    expect(studentAttendanceRate({ present: 29, absent: 171, late: 0, excused: 0 })).toBe(15);
    expect(teacherAttendancePercent({ present: 11, absent: 8, late: 1, excused: 0 })).toBe(58);
    expect(teacherAttendancePercent({ present: 20, absent: 17, late: 0, excused: 3 })).toBe(58);
    expect(teacherAttendancePercent({ present: 14, absent: 85, late: 1, excused: 0 })).toBe(15);
    expect(reportCardAttendancePercent({ present: 201, absent: 199, late: 0, excused: 0 })).toBe(50.3);
    expect(reportCardAttendancePercent({ present: 203, absent: 197, late: 0, excused: 0 })).toBe(50.8);
  });
  it("report card counts present only, to one decimal", () => {
    expect(reportCardAttendancePercent({ present: 2, absent: 1, late: 0, excused: 0 })).toBe(66.7);
    expect(reportCardAttendancePercent({ present: 5, absent: 0, late: 0, excused: 0 })).toBe(100);
  });
});

describe("attendanceMarks (the grid's compact form)", () => {
  const day = (iso: string) => Date.parse(iso) / 86_400_000;
  const rows = [
    { studentId: 1, days: [day("2026-11-02"), day("2026-11-03")], initials: "pa" },
    { studentId: 2, days: [day("2026-11-02")], initials: "l" },
    { studentId: 9, days: [day("2026-11-04")], initials: "e" }, // not on the roster any more
  ];
  it("lists every day on which a listed student has a record, newest first, and one letter per day per student", () => {
    expect(attendanceMarks(rows, [1, 2])).toEqual({ dates: ["2026-11-03", "2026-11-02"], marks: ["AP", "-L"] });
  });
  it("gives a listed student without records a row of dashes", () => {
    expect(attendanceMarks(rows, [2, 3])).toEqual({ dates: ["2026-11-02"], marks: ["L", "-"] });
  });
  it("round-trips every status through its letter", () => {
    const { marks } = attendanceMarks(rows, [1, 2, 9]);
    expect(marks[2]![0] && STATUS_OF_MARK[marks[2]![0]]).toBe("excused");
    expect([..."PALE"].map((m) => STATUS_OF_MARK[m])).toEqual(["present", "absent", "late", "excused"]);
  });
  it("turns day numbers back into the same calendar dates", () => {
    for (const iso of ["1970-01-01", "2026-02-28", "2028-02-29", "2026-12-31"])
      expect(dayNumberToDate(day(iso))).toBe(iso);
  });
  it("gives an empty class no days", () => {
    expect(attendanceMarks([], [1])).toEqual({ dates: [], marks: [""] });
  });
  it("puts every record of a large class in its student's row under its own date", () => {
    // A deterministic scatter of 40 students over 120 days, with gaps and holidays, read back cell by cell.
    const all: { studentId: number; days: number[]; initials: string }[] = [];
    const expected = new Map<string, string>();
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    for (let id = 1; id <= 40; id++) {
      const r = { studentId: id, days: [] as number[], initials: "" };
      for (let d = 20_400; d < 20_520; d++) {
        if (d % 7 === 3 || next() < 0.2) continue;
        const letter = "pale"[Math.floor(next() * 4)]!;
        r.days.push(d);
        r.initials += letter;
        expected.set(`${id}:${dayNumberToDate(d)}`, letter.toUpperCase());
      }
      all.push(r);
    }
    const ids = all.map((r) => r.studentId).reverse();
    const { dates, marks } = attendanceMarks(all, ids);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(new Set(dates).size).toBe(dates.length);
    let filled = 0;
    ids.forEach((id, i) => {
      expect(marks[i]).toHaveLength(dates.length);
      dates.forEach((date, j) => {
        const want = expected.get(`${id}:${date}`) ?? "-";
        expect(marks[i]![j]).toBe(want);
        if (want !== "-") filled++;
      });
    });
    expect(filled).toBe(expected.size);
  });
});
