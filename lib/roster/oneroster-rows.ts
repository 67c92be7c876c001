import type { CsvRow } from "./csv";
import type { BoundTable, ColumnSpec } from "./csv-columns";
import { FIELD_LIMITS } from "./limits";
import type { DeletedRow, FileEntity, FileMode, RosterDataset, SourceRef } from "./model";
import { quote, type RosterProblem } from "./problems";
import { isDateTime } from "./values";
import { msg, type Message } from "@/lib/i18n/message";

// What every OneRoster file reader shares (decision 012): the table entry each file is read by,
// the context earlier files leave for later ones, and one row's checks. Pure.

export type Sink = { add(p: RosterProblem): void };

export interface ReadOptions {
  /** The school's time zone: a date or a date-time without an offset is read as the school's. */
  timeZone: string;
}

/** A user's role from roles.csv (OneRoster 1.2). */
export interface RoleRow {
  value: string;
  ref: SourceRef;
  column: string;
}

/** The upload being read, and what files read earlier tell the later ones. */
export interface ReadContext {
  data: RosterDataset;
  problems: Sink;
  warnings: Sink;
  options: ReadOptions;
  /** Whether a roles.csv is read (users.csv's role column is then optional). */
  hasRoles: boolean;
  /** orgs.csv's ids, when it is a bulk file (the full list to check references against). */
  orgIds?: Set<string>;
  /** courses.csv's titles by id (a class without a title takes its course's), and whether the file is bulk. */
  courseTitles?: Map<string, string>;
  coursesBulk?: boolean;
  roleOf: Map<string, RoleRow>;
  /** academicSessions.csv's ids, when it is a bulk file. */
  termIds?: Set<string>;
}

export interface ReadFile {
  bound: BoundTable;
  mode: FileMode;
}

/** One OneRoster file: its name, the entity it carries, its columns, and how its rows are read. */
export interface FileReader {
  /** The file's name, lower-case ("users.csv"); its manifest key is file.<name without .csv>. */
  base: string;
  /** The entity its manifest mode is kept for, and which a file not read whole marks broken. */
  entity?: FileEntity;
  columns(ctx: ReadContext): readonly ColumnSpec[];
  /** A missing required column's fix also offers another file (users.csv's role: a roles.csv). */
  orRolesFile?(ctx: ReadContext): boolean;
  read(file: ReadFile, ctx: ReadContext): void;
}

export const COMMON: ColumnSpec[] = [
  { name: "sourcedId", required: true },
  { name: "status" },
  { name: "dateLastModified" },
];

/** One row's checks: problems refuse the row (`ok` turns false), warnings do not. */
export class RowCheck {
  ok = true;
  constructor(
    readonly b: BoundTable,
    readonly row: CsvRow,
    private readonly ctx: Pick<ReadContext, "problems" | "warnings">,
  ) {}
  get file(): string {
    return this.b.table.file;
  }
  get line(): number {
    return this.row.line;
  }
  /** The cell, "" when empty or when the file has no such column. */
  value(column: string): string {
    return this.b.get(this.row, column) ?? "";
  }
  /** A problem on a column named as the file's header writes it. */
  problem(column: string, message: Message, fix: Message): void {
    this.problemAt(this.b.label(column), message, fix);
  }
  /** A problem whose column is already a label (e.g. "role (roles.csv:3)"). */
  problemAt(label: string, message: Message, fix: Message): void {
    this.ctx.problems.add({ file: this.file, line: this.line, column: label, message, fix });
    this.ok = false;
  }
  warn(column: string, message: Message, fix: Message): void {
    this.ctx.warnings.add({ file: this.file, line: this.line, column: this.b.label(column), message, fix });
  }
  /** A problem when the value is longer than the portal keeps. */
  tooLong(column: string, value: string, max: number): boolean {
    if (value.length <= max) return false;
    this.problem(
      column,
      msg("admin.rosterReport.text.valueCharactersLongMore2", { a: value.length, b: max }),
      msg("admin.rosterReport.text.shortenCharacters", { a: max }),
    );
    return true;
  }
  /** The cell, with a problem when it is empty. */
  required(column: string, fix = msg("admin.rosterReport.text.fill", { a: column })): string {
    const v = this.value(column);
    if (v === "") this.problem(column, msg("admin.rosterReport.text.valueEmpty"), fix);
    return v;
  }
}

export interface RowStart {
  sourcedId: string;
  active: boolean;
  ref: SourceRef;
}

/** sourcedId, status and dateLastModified: the columns every OneRoster file shares. */
function rowStart(check: RowCheck, seen: Map<string, number>): RowStart | null {
  const ref = { file: check.file, line: check.line };
  const sourcedId = check.value("sourcedId");
  if (sourcedId === "") {
    check.problem(
      "sourcedId",
      msg("admin.rosterReport.text.sourcedidEmpty"),
      msg("admin.rosterReport.text.giveEveryRowIts"),
    );
    return null;
  }
  if (sourcedId.length > FIELD_LIMITS.sourcedId) {
    check.problem(
      "sourcedId",
      msg("admin.rosterReport.text.sourcedidLongerThanCharacters", { a: FIELD_LIMITS.sourcedId }),
      msg("admin.rosterReport.text.useSISSOwn"),
    );
    return null;
  }
  const first = seen.get(sourcedId);
  if (first !== undefined) {
    check.problem(
      "sourcedId",
      msg("admin.rosterReport.text.alsoOnLine", { a: quote(sourcedId), b: first }),
      msg("admin.rosterReport.text.giveEveryRowIts2"),
    );
    return null;
  }
  seen.set(sourcedId, check.line);
  let status = check.value("status").toLowerCase();
  if (status === "inactive") {
    // OneRoster 1.0's word (still in many 1.1 exports) for what 1.1 calls tobedeleted.
    check.warn(
      "status",
      msg("admin.rosterReport.text.oneroster10S", { a: quote(check.value("status")) }),
      msg("admin.rosterReport.text.nothingRowReadAs"),
    );
    status = "tobedeleted";
  } else if (status !== "" && status !== "active" && status !== "tobedeleted") {
    check.problem(
      "status",
      msg("admin.rosterReport.text.notStatus", { a: quote(check.value("status")) }),
      msg("admin.rosterReport.text.writeActiveTobedeletedLeave"),
    );
  }
  const modified = check.value("dateLastModified");
  if (modified !== "" && !isDateTime(modified)) {
    // No import uses it: a date the portal cannot read is no reason to refuse the row.
    check.warn(
      "dateLastModified",
      msg("admin.rosterReport.text.notISO8601Date", { a: quote(modified) }),
      msg("admin.rosterReport.text.nothingPortalDoesNot"),
    );
  }
  if (!check.ok) return null;
  return { sourcedId, active: status !== "tobedeleted", ref };
}

type DeletedList = keyof RosterDataset["deleted"];

/**
 * Each row of a file whose shared columns read: a tobedeleted row of a delta file goes to
 * `data.deleted[deleted]` (a bulk file's is left out); the others go to `read`. With `deleted`
 * null, tobedeleted rows go to `read` too (start.active tells them apart).
 */
export function eachRow(
  file: ReadFile,
  ctx: ReadContext,
  deleted: DeletedList | null,
  read: (start: RowStart, check: RowCheck) => void,
): void {
  const seen = new Map<string, number>();
  const b = file.bound;
  for (const row of b.table.rows) {
    const check = new RowCheck(b, row, ctx);
    const start = rowStart(check, seen);
    const refused = deleted !== null && deleted in ctx.data.refused ? (deleted as RefusedList) : null;
    if (!start) {
      // A row refused for its shared columns is still the record it names: a bulk file does not remove it.
      const id = check.value("sourcedId");
      if (id !== "" && refused) refuse(ctx.data, refused, `s:${id}`, { file: check.file, line: check.line });
      continue;
    }
    if (!start.active && (deleted === "users" || deleted === "classes"))
      ctx.data.causes.deleted[deleted].set(`s:${start.sourcedId}`, start.ref);
    if (!start.active && deleted !== null) {
      if (file.mode === "delta") {
        const entry: DeletedRow = { ref: start.ref, key: `s:${start.sourcedId}`, sourcedId: start.sourcedId };
        ctx.data.deleted[deleted].push(entry);
      }
      continue;
    }
    read(start, check);
  }
}

type RefusedList = keyof RosterDataset["refused"];

/** A row refused with a problem: references to it are skipped, naming it as their cause. */
export function refuse(data: RosterDataset, list: RefusedList, key: string, ref: SourceRef): void {
  data.refused[list].add(key);
  if (list === "users" || list === "classes") data.causes.refused[list].set(key, ref);
}

/** The ids a file lists. */
export function idsOf(b: BoundTable): Set<string> {
  return new Set(b.table.rows.map((r) => b.get(r, "sourcedId") ?? "").filter(Boolean));
}
