// Row-level problems and warnings (decision 012): every message says where (`file:line`), which
// column, what is wrong and what to do, so an IT admin can fix the file without guessing.
// What is wrong and what to do are descriptors (decision 029, "Messages as data"): made here in
// no language, written at the edge in the reader's (the page's request, the command line's and the
// nightly sync's school language) by problemText/groupText; the stored history keeps them as data.
import { SPREADSHEET, toCsv } from "@/lib/export/csv";
import type { AnyLocale } from "@/lib/i18n/locales";
import { msg, type Message } from "@/lib/i18n/message";
import { render } from "@/lib/i18n/render";

export interface RosterProblem {
  /** The file as named in the upload ("users.csv", "export/users.csv", "roster.zip"). */
  file: string;
  /** The CSV line number (the header is line 1); 0 for the whole file or upload. */
  line: number;
  /** The column as written in the file's header, or a word for the row or file ("row", "file"). */
  column: string;
  /** What is wrong. */
  message: Message;
  /** What to do about it. */
  fix: Message;
  /**
   * About the upload or a whole file (a header, the manifest, a guard), not one row: it cannot be
   * skipped. A problem on line 0 is one too.
   */
  blocking?: boolean;
}

/** Whether a problem refuses one row only, which the admin may skip to apply the rest. */
export const isRowProblem = (p: RosterProblem) => p.line > 0 && !p.blocking;

/** Problems alike (same file, column, message and fix) as one line: how many, and their first lines. */
export interface ProblemGroup {
  problem: RosterProblem;
  count: number;
  lines: number[];
}

/** The lines a group names before "and N more". */
const GROUP_LINES = 5;

/** lib/roster's own words for a column ("file", "row", "header"); a column of the file's header stays as written. */
const COLUMN_WORDS: Record<string, Message> = {
  file: msg("admin.rosterReport.columnWords.file"),
  row: msg("admin.rosterReport.columnWords.row"),
  header: msg("admin.rosterReport.columnWords.header"),
};

/** `file:line: column — what is wrong — what to do` in `locale` (line left out when it is about the whole file). */
export function problemText(p: RosterProblem, locale: AnyLocale): string {
  return groupText({ problem: p, count: 1, lines: [p.line] }, locale);
}

/** `users.csv:3, 5, 9 and 12 more (14 rows): status — what is wrong — what to do` in `locale`. */
export function groupText(g: ProblemGroup, locale: AnyLocale): string {
  const p = g.problem;
  const values = {
    column: Object.hasOwn(COLUMN_WORDS, p.column) ? COLUMN_WORDS[p.column]! : p.column,
    message: p.message,
    fix: p.fix,
  };
  if (g.count === 1)
    return render(
      msg("admin.rosterReport.oneLine", { where: p.line > 0 ? `${p.file}:${p.line}` : p.file, ...values }),
      locale,
    );
  const shown = g.lines.filter((l) => l > 0);
  const more = g.count - shown.length;
  const lines = shown.join(", ");
  const where = shown.length
    ? `${p.file}:${more > 0 ? render(msg("admin.rosterReport.andMore", { lines, more }), locale) : lines}`
    : p.file;
  return render(msg("admin.rosterReport.groupLine", { where, count: g.count, ...values }), locale);
}

/** A group in English (the tests', and the logs'). */
export const formatGroup = (g: ProblemGroup): string => groupText(g, "en");

/**
 * The order files are read in, so that a cause (a refused user) comes before its consequences (its
 * enrollments, its results): the upload and manifest first, then each OneRoster file after those it
 * refers to; any other file (a spreadsheet) after them, by name.
 */
const FILE_RANK = [
  "manifest.csv",
  "orgs.csv",
  "courses.csv",
  "roles.csv",
  "academicsessions.csv",
  "users.csv",
  "demographics.csv",
  "classes.csv",
  "enrollments.csv",
  "categories.csv",
  "lineitems.csv",
  "results.csv",
];
function rankOf(p: RosterProblem): number {
  if (p.line === 0 && !/\.csv$/i.test(p.file)) return -1; // the upload itself
  const base = (p.file.split("/").pop() ?? p.file).toLowerCase();
  const i = FILE_RANK.indexOf(base);
  return i < 0 ? FILE_RANK.length : i;
}

/** Root causes first: blocking problems, then by file in reading order, then by line. */
export function causeOrder(a: RosterProblem, b: RosterProblem): number {
  const blocking = Number(isRowProblem(a)) - Number(isRowProblem(b));
  if (blocking !== 0) return blocking;
  const rank = rankOf(a) - rankOf(b);
  if (rank !== 0) return rank;
  if (a.file !== b.file) return a.file < b.file ? -1 : 1;
  return a.line - b.line;
}

/** A problem in English (the tests', and the logs'). */
export const formatProblem = (p: RosterProblem): string => problemText(p, "en");

/** Quotes a value from a file for a message: short, on one line, and visibly empty when blank. */
export function quote(value: string, max = 60): string {
  const one = value.replace(/[\r\n\t]+/g, " ");
  return JSON.stringify(one.length > max ? `${one.slice(0, max)}…` : one);
}

/** Keeps problems in the order found, capped; the total still counts them all, and so do the groups. */
export class ProblemList {
  readonly items: RosterProblem[] = [];
  total = 0;
  /** Problems that are not one row's (they cannot be skipped). */
  blocking = 0;
  private readonly byKey = new Map<string, ProblemGroup>();
  constructor(private readonly cap: number) {}
  add(p: RosterProblem): void {
    this.total += 1;
    if (!isRowProblem(p)) this.blocking += 1;
    if (this.items.length < this.cap) this.items.push(p);
    const key = `${p.file}\u0000${p.column}\u0000${JSON.stringify(p.message)}\u0000${JSON.stringify(p.fix)}`;
    const g = this.byKey.get(key);
    if (g) {
      g.count += 1;
      if (g.lines.length < GROUP_LINES) g.lines.push(p.line);
    } else if (this.byKey.size < this.cap) this.byKey.set(key, { problem: p, count: 1, lines: [p.line] });
  }
  /** A copy to add to (the plan runs twice on the same reading). */
  copy(): ProblemList {
    const out = new ProblemList(this.cap);
    out.items.push(...this.items);
    out.total = this.total;
    out.blocking = this.blocking;
    for (const [k, g] of this.byKey) out.byKey.set(k, { ...g, lines: [...g.lines] });
    return out;
  }
  /** Alike problems as one line each, root causes first. */
  groups(): ProblemGroup[] {
    return [...this.byKey.values()].sort((a, b) => causeOrder(a.problem, b.problem));
  }
}

/**
 * The grouped list as a CSV file (one row a group: its count and first lines), for download, through
 * lib/export/csv: its sentences in `locale`, under the English column headers.
 */
export function groupsCsv(groups: readonly { g: ProblemGroup; severity: string }[], locale: AnyLocale): string {
  const rows: (string | number)[][] = [["severity", "file", "lines", "rows", "column", "what is wrong", "what to do"]];
  for (const { g, severity } of groups) {
    const p = g.problem;
    const shown = g.lines.filter((l) => l > 0).join(" ");
    const where = g.count > g.lines.length ? `${shown} …` : shown;
    rows.push([severity, p.file, where, g.count, p.column, render(p.message, locale), render(p.fix, locale)]);
  }
  return toCsv(rows, SPREADSHEET);
}

/** The full list as a CSV file for a spreadsheet (lib/export/csv.ts: BOM, formulas neutralised, text quoted). */
export function problemsCsv(
  problems: readonly RosterProblem[],
  severity: "problem" | "warning" = "problem",
  locale: AnyLocale = "en",
): string {
  return toCsv([
    ["severity", "file", "line", "column", "what is wrong", "what to do"],
    ...problems.map((p) => [severity, p.file, p.line, p.column, render(p.message, locale), render(p.fix, locale)]),
  ]);
}
