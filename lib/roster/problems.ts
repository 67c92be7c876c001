// Row-level problems and warnings (decision 012): every message says where (`file:line`), which
// column, what is wrong and what to do, so an IT admin can fix the file without guessing.
// Pure: also usable by the page to format and download the list.
import { toCsv } from "@/lib/export/csv";

export interface RosterProblem {
  /** The file as named in the upload ("users.csv", "export/users.csv", "roster.zip"). */
  file: string;
  /** The CSV line number (the header is line 1); 0 for the whole file or upload. */
  line: number;
  /** The column as written in the file's header, or a word for the row or file ("row", "file"). */
  column: string;
  /** What is wrong. */
  message: string;
  /** What to do about it. */
  fix: string;
}

/** `file:line: column — what is wrong — what to do` (line left out when it is about the whole file). */
export function formatProblem(p: RosterProblem): string {
  const where = p.line > 0 ? `${p.file}:${p.line}` : p.file;
  return `${where}: ${p.column} — ${p.message} — ${p.fix}`;
}

/** Quotes a value from a file for a message: short, on one line, and visibly empty when blank. */
export function quote(value: string, max = 60): string {
  const one = value.replace(/[\r\n\t]+/g, " ");
  return JSON.stringify(one.length > max ? `${one.slice(0, max)}…` : one);
}

/** Keeps problems in the order found, capped; the total still counts them all. */
export class ProblemList {
  readonly items: RosterProblem[] = [];
  total = 0;
  constructor(private readonly cap: number) {}
  add(p: RosterProblem): void {
    this.total += 1;
    if (this.items.length < this.cap) this.items.push(p);
  }
  /** A copy to add to (the plan runs twice on the same reading). */
  copy(): ProblemList {
    const out = new ProblemList(this.cap);
    out.items.push(...this.items);
    out.total = this.total;
    return out;
  }
}

/** The full list as a CSV file for a spreadsheet (lib/export/csv.ts: BOM, formulas neutralised, text quoted). */
export function problemsCsv(problems: readonly RosterProblem[], severity: "problem" | "warning" = "problem"): string {
  return toCsv([
    ["severity", "file", "line", "column", "what is wrong", "what to do"],
    ...problems.map((p) => [severity, p.file, p.line, p.column, p.message, p.fix]),
  ]);
}
