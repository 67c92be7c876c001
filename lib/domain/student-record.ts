// A student's record of every school year (issue 41), the pure part: the classes, stored cards and
// attendance read for one student, grouped by the school year each class belongs to. No I/O.
import { cardAttendancePercent } from "./stored-grade";
import type { AttendanceCounts } from "./attendance";
import type { StoredTermGrade } from "./stored-grade";

export interface RecordYearFacts {
  id: number;
  title: string;
  startDate: string;
  closed: boolean;
}

export interface RecordClassFacts {
  code: string;
  name: string;
  period: string | null;
  teacher: string | null;
  /** The class's school year; null: the current year's (a class made without one). */
  yearId: number | null;
}

export interface RecordCardFacts {
  termId: number;
  termTitle: string;
  termStart: string;
  /** The term's school year; null: a term outside every year. */
  termYearId: number | null;
  levelCode: string;
  card: StoredTermGrade;
}

export interface RecordAttendanceFacts {
  levelCode: string;
  status: string;
  count: number;
}

export interface RecordClass extends Omit<RecordClassFacts, "yearId"> {
  /** Each published term's stored card, oldest term first: as published, never recomputed. */
  cards: { termId: number; termTitle: string; card: StoredTermGrade }[];
}

export interface RecordYear {
  /** Null: classes of no year (a school that has not made one yet). */
  id: number | null;
  title: string | null;
  closed: boolean;
  current: boolean;
  classes: RecordClass[];
  attendance: AttendanceCounts;
  /** Present-only to one decimal, as a report card shows it; null when nothing was recorded. */
  attendancePercent: number | null;
}

/**
 * The record's years, newest first (the one a reader most often wants on top), each with its
 * classes by name. A class without a year is the current year's. Years with no class of the
 * student are left out. A class lists the published cards of its own year's terms (and of terms
 * outside every year).
 */
export function recordByYear(
  years: readonly RecordYearFacts[],
  currentId: number | null,
  classes: readonly RecordClassFacts[],
  cards: readonly RecordCardFacts[],
  attendance: readonly RecordAttendanceFacts[],
): RecordYear[] {
  const yearOf = (c: RecordClassFacts) => c.yearId ?? currentId;
  const out = new Map<number | null, RecordYear>();
  const byCode = new Map<string, RecordYear>();
  const sorted = [...classes].sort((a, b) => a.name.localeCompare(b.name) || a.code.localeCompare(b.code));
  for (const c of sorted) {
    const id = yearOf(c);
    const facts = id === null ? undefined : years.find((y) => y.id === id);
    const key = facts ? facts.id : null;
    let year = out.get(key);
    if (!year) {
      year = {
        id: key,
        title: facts?.title ?? null,
        closed: facts?.closed ?? false,
        current: key === currentId,
        classes: [],
        attendance: { present: 0, absent: 0, late: 0, excused: 0 },
        attendancePercent: null,
      };
      out.set(key, year);
    }
    const { yearId: _year, ...shown } = c;
    year.classes.push({
      ...shown,
      // A term of another year is not this class's, even where publishing stored a line for it.
      cards: cards
        .filter((k) => k.levelCode === c.code && (k.termYearId === null || key === null || k.termYearId === key))
        .sort((a, b) => a.termStart.localeCompare(b.termStart) || a.termId - b.termId)
        .map((k) => ({ termId: k.termId, termTitle: k.termTitle, card: k.card })),
    });
    byCode.set(c.code, year);
  }
  for (const a of attendance) {
    const year = byCode.get(a.levelCode);
    if (year && a.status in year.attendance) year.attendance[a.status as keyof AttendanceCounts] += a.count;
  }
  const start = (y: RecordYear) => years.find((f) => f.id === y.id)?.startDate ?? "9999";
  return [...out.values()]
    .map((y) => ({ ...y, attendancePercent: cardAttendancePercent(y.attendance) }))
    .sort((a, b) => start(b).localeCompare(start(a)));
}
