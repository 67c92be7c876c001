// Roll call (issue 21): one class, one day, every enrolled student with P / A / L / E. Pure view
// models and rules, shared by the query (lib/queries/roll-call.ts), the page and the client list.

import { countMarks } from "./attendance";
import type { AttendanceStatus } from "./constants";
import { addDays, isWeekday } from "./dates";

export interface RollCallStudent {
  id: number;
  name: string;
}

/**
 * What the roll call page sends to the browser: names and one letter per student, nothing else
 * (no codes, no other days). `marks[i]` is P, A, L, E, or '-' (no record) for students[i].
 */
export interface RollCallData {
  day: string;
  today: string;
  /** Whether the class has any record on `day` (the spec's "add a day" has happened). */
  taken: boolean;
  students: RollCallStudent[];
  marks: string;
}

export interface RollCallChoice {
  status: AttendanceStatus;
  /** The letter shown, and the key that sets it. */
  key: "P" | "A" | "L" | "E";
  label: string;
}

export const ROLL_CALL_CHOICES: readonly RollCallChoice[] = [
  { status: "present", key: "P", label: "Present" },
  { status: "absent", key: "A", label: "Absent" },
  { status: "late", key: "L", label: "Late" },
  { status: "excused", key: "E", label: "Excused" },
];

export const NO_MARK = "-";

/** A choice as the reader sees it: its name (the button's label) and its letter (the button's text). */
export interface ChoiceWords {
  label: string;
  letter: string;
}

/** The roll call's words in the reader's language (issue 31), given by the page as props. */
export interface RollCallWords {
  /** In ROLL_CALL_CHOICES order. */
  choices: ChoiceWords[];
  empty: string;
  noStudents: string;
  /** "Roll call, {day}" with the day filled in. */
  listLabel: string;
  saving: string;
  unmarked: string;
  /** What a mark that never reached the server says (the network failed). */
  failed: string;
}

/** The choices' own English names and letters. */
export const ENGLISH_CHOICES: ChoiceWords[] = ROLL_CALL_CHOICES.map((c) => ({ label: c.label, letter: c.key }));

/** What a key does on the roll call: set a student's status, or move to another student. */
export type RollCallKey = { mark: RollCallChoice } | { move: 1 | -1 } | null;

const ARROWS: Record<string, 1 | -1> = { ArrowDown: 1, ArrowUp: -1 };

/**
 * The letters that move between students, j down and k up (as in a mail reader), unless the
 * reader's own letters take either of them: Spanish J is *justificada*, so in Spanish only the
 * arrows move (a pair or nothing: k up without j down would be a trap). The key help of each
 * language says which (teacherRollCall.keysHelp; tests/i18n-roll-call-keys.test.ts).
 */
export function movingLetters(choices: readonly ChoiceWords[]): Partial<Record<"j" | "k", 1 | -1>> {
  const taken = new Set(choices.map((c) => c.letter.toLowerCase()));
  return taken.has("j") || taken.has("k") ? {} : { j: 1, k: -1 };
}

/**
 * What a typed key does, in this order: the reader's own letters (Spanish T for tarde, J for
 * justificada), then the arrows and the moving letters, then the English letters P A L E, which
 * keep working in every language where the reader's letters have not taken them.
 */
export function rollCallKey(key: string, choices: readonly ChoiceWords[]): RollCallKey {
  const typed = key.toUpperCase();
  const own = key.length === 1 ? choices.findIndex((c) => c.letter.toUpperCase() === typed) : -1;
  if (own >= 0) return { mark: ROLL_CALL_CHOICES[own]! };
  const move = ARROWS[key] ?? (key.length === 1 ? movingLetters(choices)[key as "j" | "k"] : undefined);
  if (move) return { move };
  const english = key.length === 1 ? choiceOfKey(key) : null;
  return english ? { mark: english } : null;
}

/** The choice a key sets (p, a, l, e in either case), or null. */
export function choiceOfKey(key: string): RollCallChoice | null {
  return ROLL_CALL_CHOICES.find((c) => c.key === key.toUpperCase()) ?? null;
}

export function letterOf(status: string): string {
  return ROLL_CALL_CHOICES.find((c) => c.status === status)?.key ?? NO_MARK;
}

export interface RollCallTotals {
  present: number;
  absent: number;
  late: number;
  excused: number;
  unmarked: number;
}

export function rollCallTotals(marks: string): RollCallTotals {
  const c = countMarks(marks);
  return { ...c, unmarked: marks.length - c.present - c.absent - c.late - c.excused };
}

/** marks with student i's letter replaced. */
export function withMark(marks: string, i: number, letter: string): string {
  if (i < 0 || i >= marks.length) return marks;
  return marks.slice(0, i) + letter + marks.slice(i + 1);
}

/** Spec §4 "add a day": every enrolled student present; letters already there stay. */
export function withDayAdded(marks: string): string {
  return marks.replaceAll(NO_MARK, "P");
}

const EARLIEST = "2000-01-01";
const LATEST = "2100-12-31";

/** A real calendar day as yyyy-mm-dd within the range the attendance actions accept, else null. */
export function parseDay(value: string | string[] | undefined): string | null {
  const s = Array.isArray(value) ? value[0] : value;
  if (typeof s !== "string" || !/^\d{4}-\d{2}-\d{2}$/.test(s)) return null;
  const d = new Date(`${s}T00:00:00Z`);
  if (Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== s) return null;
  return s >= EARLIEST && s <= LATEST ? s : null;
}

export type AttendanceView = { view: "roll"; day: string } | { view: "grid" };

/**
 * Which view ?tab=attendance opens: `view=grid` the multi-day grid; a valid `day=` (or
 * `view=roll`) the roll call of that day (or of today); otherwise the roll call of today on a
 * school day (Mon–Fri) and the grid on a weekend. An invalid `day` is ignored.
 */
export function attendanceView(
  query: { view?: string | string[]; day?: string | string[] },
  today: string,
): AttendanceView {
  const view = Array.isArray(query.view) ? query.view[0] : query.view;
  if (view === "grid") return { view: "grid" };
  const day = parseDay(query.day);
  if (day) return { view: "roll", day };
  if (view === "roll" || isWeekday(today)) return { view: "roll", day: today };
  return { view: "grid" };
}

/** The school day (Mon–Fri) before or after `day`: the roll call's previous and next links. */
export function schoolDayNear(day: string, direction: -1 | 1): string {
  let d = addDays(day, direction);
  while (!isWeekday(d)) d = addDays(d, direction);
  return d;
}
