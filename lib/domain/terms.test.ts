import { describe, expect, it } from "vitest";
import { render } from "@/lib/i18n/render";
import {
  assignmentTerm,
  defaultTerm,
  gradingTerms,
  lastPublishedTerm,
  isCalendarDay,
  termOf,
  termProblems,
  type Term,
} from "./terms";

let id = 1;
const term = (title: string, startDate: string, endDate: string, type = "term", imported = false): Term => ({
  id: id++,
  title,
  type,
  startDate,
  endDate,
  imported,
});

const fall = term("Fall semester", "2026-08-24", "2027-01-15");
const spring = term("Spring semester", "2027-01-19", "2027-06-11");
const year = [fall, spring];

describe("which term a day falls in", () => {
  it("includes both ends and nothing between terms", () => {
    expect(termOf("2026-08-24", year)).toBe(fall);
    expect(termOf("2027-01-15", year)).toBe(fall);
    expect(termOf("2027-01-16", year)).toBeNull();
    expect(termOf("2027-01-19", year)).toBe(spring);
    expect(termOf("2027-06-12", year)).toBeNull();
  });
  it("puts an assignment in its due date's term, else the day it was created", () => {
    expect(assignmentTerm("2027-02-01", "2027-01-10", year)).toBe(spring);
    expect(assignmentTerm(null, "2027-01-10", year)).toBe(fall);
  });
  it("opens on today's term, between terms on the one that just ended, before the year on the first", () => {
    expect(defaultTerm("2026-10-01", year)).toBe(fall);
    expect(defaultTerm("2027-01-17", year)).toBe(fall);
    expect(defaultTerm("2027-07-01", year)).toBe(spring);
    // The summer after the last term: still that term; a year later the terms are stale, and the
    // whole year shows (this year's work falls in none of them).
    expect(defaultTerm("2027-09-09", year)).toBe(spring);
    expect(defaultTerm("2027-09-10", year)).toBeNull();
    expect(defaultTerm("2028-11-25", year)).toBeNull();
    expect(defaultTerm("2026-07-01", year)).toBe(fall);
    expect(defaultTerm("2026-07-01", [])).toBeNull();
  });
});

describe("grading terms from an imported SIS", () => {
  it("keeps the finest grading sessions and leaves the school year out", () => {
    const sy = term("2026-2027", "2026-08-24", "2027-06-11", "schoolYear", true);
    const s1 = term("S1", "2026-08-24", "2027-01-15", "semester", true);
    const q1 = term("Q1", "2026-08-24", "2026-10-30", "gradingPeriod", true);
    const q2 = term("Q2", "2026-11-02", "2027-01-15", "gradingPeriod", true);
    const s2 = term("S2", "2027-01-19", "2027-06-11", "semester", true);
    expect(gradingTerms([sy, s2, q2, s1, q1]).map((t) => t.title)).toEqual(["Q1", "Q2", "S2"]);
  });
});

describe("saving terms", () => {
  // The form's problems as an English reader reads them (the catalog's English).
  const problemsInEnglish = (...args: Parameters<typeof termProblems>) =>
    termProblems(...args).map((problem) => render(problem, "en"));
  const row = (title: string, startDate: string, endDate: string) => ({ title, startDate, endDate });
  it("accepts two semesters, three trimesters or four quarters", () => {
    expect(
      problemsInEnglish([row("Fall", "2026-08-24", "2027-01-15"), row("Spring", "2027-01-19", "2027-06-11")]),
    ).toEqual([]);
    expect(
      problemsInEnglish([
        row("T1", "2026-09-01", "2026-11-30"),
        row("T2", "2026-12-01", "2027-02-28"),
        row("T3", "2027-03-01", "2027-06-15"),
      ]),
    ).toEqual([]);
  });
  it("refuses overlaps, with one another and with imported terms", () => {
    expect(
      problemsInEnglish([row("Fall", "2026-08-24", "2027-01-15"), row("Spring", "2027-01-15", "2027-06-11")]),
    ).toEqual(['"Fall" and "Spring" overlap: a day can be in only one term.']);
    expect(problemsInEnglish([row("Summer", "2027-06-01", "2027-07-31")], [spring])).toEqual([
      '"Summer" and "Spring semester" overlap: a day can be in only one term.',
    ]);
  });
  it("says what is missing or wrong", () => {
    expect(problemsInEnglish([row("", "2026-08-24", "2027-01-15")])).toEqual(["Term 1 needs a name."]);
    expect(problemsInEnglish([row("Fall", "2026-08-24", "")])).toEqual(['"Fall" needs a start and an end date.']);
    expect(problemsInEnglish([row("Fall", "2027-01-15", "2026-08-24")])).toEqual(['"Fall" ends before it starts.']);
    expect(problemsInEnglish([row("Fall", "2026-02-30", "2026-03-01")])).toEqual([
      '"Fall" needs a start and an end date.',
    ]);
    expect(problemsInEnglish([row("Q", "2026-01-01", "2026-01-02"), row("q", "2026-02-01", "2026-02-02")])).toEqual([
      'Two terms are named "q".',
    ]);
    expect(
      problemsInEnglish(
        Array.from({ length: 13 }, (_, i) =>
          row(
            `T${i}`,
            `2026-${String((i % 12) + 1).padStart(2, "0")}-01`,
            `2026-${String((i % 12) + 1).padStart(2, "0")}-02`,
          ),
        ),
      )[0],
    ).toBe("A school year has at most 12 terms.");
  });
  it("knows a calendar day", () => {
    expect(["2026-02-28", "2028-02-29"].map(isCalendarDay)).toEqual([true, true]);
    expect(["2026-02-29", "2026-13-01", "26-01-01", "2026-1-1"].map(isCalendarDay)).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });
});

describe("the published term families see", () => {
  it("is the published one that ended last, or none", () => {
    expect(lastPublishedTerm(year, () => false)).toBeNull();
    expect(lastPublishedTerm(year, (id) => id === fall.id)).toBe(fall);
    expect(lastPublishedTerm([spring, fall], () => true)).toBe(spring);
  });
});
