import { parse } from "csv-parse/sync";
import { fileBounds, MAX_FIELD_CHARS, MAX_RECORD_CHARS } from "./limits";
import { type RosterProblem } from "./problems";
import { msg } from "@/lib/i18n/message";
import { csvErrorText } from "./csv-errors";

// CSV as other systems really write it (decision 012): UTF-8 with or without BOM, CRLF or LF (or
// old Mac CR), quoted fields with commas, quotes and line breaks, Excel's semicolon or tab
// separators, blank lines, blank trailing header columns. Every row keeps the line number it
// starts on in the file (the header is line 1), for messages.

export interface CsvRow {
  line: number;
  cells: string[];
}

export interface CsvTable {
  file: string;
  /** The header as written (trimmed). */
  header: string[];
  headerLine: number;
  rows: CsvRow[];
  /** Some rows could not be read (they are reported and left out). */
  damaged: boolean;
}

/** Lower-case letters and digits only: "User Sourced Id", "user_sourced_id" and "userSourcedId" are one column. */
export const normalizeHeader = (h: string) => h.toLowerCase().replace(/[^a-z0-9]/g, "");

const QUOTE_ERRORS = new Set([
  "CSV_QUOTE_NOT_CLOSED",
  "CSV_INVALID_CLOSING_QUOTE",
  "CSV_MAX_RECORD_SIZE",
  "CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE",
]);

/** The separator of the first line: a comma unless Excel wrote semicolons or tabs there. */
function delimiterOf(text: string): string {
  const first = text.slice(0, Math.max(0, text.indexOf("\n")) || text.length).replace(/"[^"]*"/g, "");
  const count = (c: string) => first.split(c).length - 1;
  const commas = count(",");
  if (count(";") > commas && count(";") >= count("\t")) return ";";
  if (count("\t") > commas) return "\t";
  return ",";
}

/** Where a record starts: csv-parse reports the line it ends on, and the raw text tells how many lines it spans. */
function startLine(endLine: number, raw: string): number {
  const body = raw.replace(/^\n+/, "").replace(/\n$/, "");
  let breaks = 0;
  for (let i = 0; i < body.length; i++) if (body.charCodeAt(i) === 10) breaks++;
  return endLine - breaks;
}

/** How many cells up to the last non-blank one: a header's blank trailing cells are not columns. */
function filledWidth(cells: readonly string[]): number {
  let w = cells.length;
  while (w > 0 && cells[w - 1]!.trim() === "") w--;
  return w;
}

/**
 * Whether a row has the header's fields. A spreadsheet leaves blank cells at the end of a header
 * (and of rows): a row at least as wide as the header's filled cells, and no wider than the header,
 * fits when its cells under the blank header cells are blank.
 */
function fitsHeader(cells: readonly string[], width: number, core: number): boolean {
  if (cells.length === width) return true;
  if (cells.length < core || cells.length > width) return false;
  for (let k = core; k < cells.length; k++) if (cells[k]!.trim() !== "") return false;
  return true;
}

interface SkipError extends Error {
  code?: string;
  lines?: number;
}

/**
 * The fast path for a well-formed file (a SIS's results.csv has hundreds of thousands of rows):
 * RFC 4180 records split by hand, as csv-parse would read them. null at the first thing that is not
 * plainly well formed (a stray or unclosed quote, a row whose field count differs from the header's,
 * an over-long record): the file is then read by csv-parse, whose messages the problems quote.
 */
function wellFormedRecords(text: string, delimiter: string, maxRecords: number): CsvRow[] | null {
  const out: CsvRow[] = [];
  const n = text.length;
  const sep = delimiter.charCodeAt(0);
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let line = 1;
  let width = -1;
  let core = 0;
  while (i < n && out.length < maxRecords) {
    if (text.charCodeAt(i) === 10) {
      line++;
      i++;
      continue;
    }
    const start = line;
    const cells: string[] = [];
    let chars = 0;
    for (;;) {
      let value: string;
      if (text.charCodeAt(i) === 34) {
        let from = i + 1;
        value = "";
        for (;;) {
          const q = text.indexOf('"', from);
          if (q < 0) return null;
          if (text.charCodeAt(q + 1) === 34) {
            value += text.slice(from, q + 1);
            from = q + 2;
            continue;
          }
          value += text.slice(from, q);
          i = q + 1;
          break;
        }
        for (let k = value.indexOf("\n"); k >= 0; k = value.indexOf("\n", k + 1)) line++;
        if (i < n && text.charCodeAt(i) !== sep && text.charCodeAt(i) !== 10) return null;
      } else {
        let j = i;
        while (j < n) {
          const c = text.charCodeAt(j);
          if (c === sep || c === 10) break;
          if (c === 34) return null;
          j++;
        }
        value = text.slice(i, j);
        i = j;
      }
      cells.push(value);
      chars += value.length;
      if (i >= n || text.charCodeAt(i) === 10) {
        i++;
        line++;
        break;
      }
      i++; // the separator: another field follows, if only an empty one
    }
    if (chars > MAX_RECORD_CHARS) return null;
    if (width < 0) {
      width = cells.length;
      core = filledWidth(cells);
    } else if (!fitsHeader(cells, width, core)) return null;
    let blank = true;
    for (let k = 0; k < cells.length; k++) {
      const c = cells[k]!.trim();
      cells[k] = c;
      if (c !== "") blank = false;
    }
    if (!blank) out.push({ line: start, cells });
  }
  return out;
}

export function parseCsv(
  file: string,
  text: string,
  problems: { add(p: RosterProblem): void },
  maxRows = fileBounds(file).rows,
  reader: "auto" | "csv-parse" = "auto",
): CsvTable | null {
  let normalized = text.replace(/\r\n?/g, "\n");
  // Excel's "sep=;" first line names the separator; blanked (not removed) so line numbers hold.
  const sep = /^\uFEFF?sep=(.)\n/i.exec(normalized);
  if (sep) normalized = `\n${normalized.slice(sep[0].length)}`;
  const skipped: { code: string; line: number; message: string }[] = [];
  const delimiter = sep ? sep[1]! : delimiterOf(normalized.replace(/^\uFEFF/, "").replace(/^\n+/, ""));
  let records: (CsvRow | null)[] | null =
    reader === "auto" ? wellFormedRecords(normalized, delimiter, maxRows + 2) : null;
  if (records === null) {
    let headerWidth = -1;
    let headerCore = 0;
    try {
      records = parse(normalized, {
        bom: true,
        info: true,
        raw: true,
        delimiter,
        // Field counts are checked here (fitsHeader), so that a header's blank trailing cells are tolerated.
        relax_column_count: true,
        skip_empty_lines: true,
        max_record_size: MAX_RECORD_CHARS,
        to: maxRows + 2,
        skip_records_with_error: true,
        // Each record kept as its start line and trimmed cells only (not the parser's raw text and
        // info): a results.csv of 360,000 rows stays a few dozen MB.
        on_record: ((r: { record: string[]; raw: string; info: { lines: number } }) => {
          if (r.record.every((c) => c.trim() === "")) return null;
          const line = startLine(r.info.lines, r.raw);
          if (headerWidth < 0) {
            headerWidth = r.record.length;
            headerCore = filledWidth(r.record);
          } else if (!fitsHeader(r.record, headerWidth, headerCore)) {
            skipped.push({
              code: "CSV_RECORD_INCONSISTENT_FIELDS_LENGTH",
              line,
              // csv-parse's own wording, read by csvErrorText like its other errors.
              message: `expect ${headerCore}, got ${r.record.length}`,
            });
            return null;
          }
          return { line, cells: r.record.map((c) => c.trim()) };
        }) as never,
        on_skip: (err: SkipError | undefined, raw?: string) => {
          if (!err) return;
          skipped.push({ code: err.code ?? "", line: startLine(err.lines ?? 0, raw ?? ""), message: err.message });
        },
      }) as unknown as (CsvRow | null)[];
    } catch (err) {
      problems.add({
        file,
        line: 0,
        column: "file",
        message: msg("admin.rosterReport.text.fileCannotBeRead", { a: (err as Error).message }),
        fix: msg("admin.rosterReport.text.saveAgainAsCSV"),
      });
      return null;
    }
  }
  // After a broken quote the parser has lost its place: later rows and errors would be noise.
  const broken = skipped.find((s) => QUOTE_ERRORS.has(s.code));
  const brokenAt = broken ? broken.line : Infinity;
  for (const s of skipped) {
    if (s.line > brokenAt) continue;
    // After a broken quote the rest of the file is lost: not one row to skip.
    problems.add({
      file,
      line: s.line,
      column: "row",
      ...csvErrorText(s.code, s.message),
      ...(QUOTE_ERRORS.has(s.code) ? { blocking: true } : {}),
    });
  }
  const rows: CsvRow[] = [];
  for (const r of records) {
    if (!r) continue;
    if (r.line > brokenAt) break;
    rows.push(r);
  }
  records = [];
  if (rows.length === 0) {
    problems.add({
      file,
      line: 1,
      column: "header",
      message: msg("admin.rosterReport.text.fileEmptyNoHeader"),
      fix: msg("admin.rosterReport.text.exportFileAgainLeave"),
      blocking: true,
    });
    return null;
  }
  const head = rows.shift()!;
  const data = rows;
  if (data.length > maxRows) {
    problems.add({
      file,
      line: 0,
      column: "file",
      message: msg("admin.rosterReport.text.fileHasMoreThan", { a: maxRows }),
      fix: msg("admin.rosterReport.text.splitImportIntoSmaller"),
    });
    return null;
  }
  for (const row of data) {
    for (let i = 0; i < row.cells.length; i++) {
      const c = row.cells[i]!;
      if (c.length > MAX_FIELD_CHARS) {
        problems.add({
          file,
          line: row.line,
          column: head.cells[i] || `column ${i + 1}`,
          message: msg("admin.rosterReport.text.valueCharactersLongMore", {
            a: c.length,
            b: MAX_FIELD_CHARS,
          }),
          fix: msg("admin.rosterReport.text.shortenMissingClosingQuote"),
        });
        row.cells[i] = "";
      }
    }
  }
  return { file, header: head.cells, headerLine: head.line, rows: data, damaged: skipped.length > 0 };
}
