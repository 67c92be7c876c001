// The columns the importer reads, found in a CSV header whatever their case, order or vendor spelling.
import { quote, type RosterProblem } from "./problems";
import { msg } from "@/lib/i18n/message";
import { normalizeHeader, type CsvRow, type CsvTable } from "./csv";

/** One column the importer reads: its name in messages and every spelling it answers to. */
export interface ColumnSpec {
  name: string;
  aliases?: readonly string[];
  required?: boolean;
  /** Aliases that are an older version's name (OneRoster 1.0): read, with a warning. */
  legacy?: readonly string[];
}

export interface BoundTable {
  table: CsvTable;
  /** The value of a column in a row: undefined when the file has no such column. */
  get(row: CsvRow, column: string): string | undefined;
  has(column: string): boolean;
  /** Required columns the header lacks (each reported): the rows cannot be read. */
  missing: string[];
  /** The column's name as written in this file's header, for messages. */
  label(column: string): string;
}

/**
 * Finds each wanted column in the header, whatever its case, order or vendor spelling; unknown
 * columns (ext_*, metadata.*, anything else) are ignored. A required column that is missing, or a
 * column given twice, is a problem on the header line.
 */
export function bindColumns(
  table: CsvTable,
  specs: readonly ColumnSpec[],
  problems: { add(p: RosterProblem): void },
  orRolesFile = false,
): BoundTable {
  const index = new Map<string, number>();
  const missing: string[] = [];
  const byHeader = new Map<string, number>();
  table.header.forEach((h, i) => {
    const n = normalizeHeader(h);
    if (n && !byHeader.has(n)) byHeader.set(n, i);
  });
  for (const spec of specs) {
    const spellings = [spec.name, ...(spec.aliases ?? [])].map(normalizeHeader);
    const found = [...new Set(spellings.map((s) => byHeader.get(s)).filter((i): i is number => i !== undefined))];
    if (found.length > 1) {
      problems.add({
        file: table.file,
        line: table.headerLine,
        column: table.header[found[1]!]!,
        message: msg("admin.rosterReport.text.columnGivenTwiceAlso", {
          a: quote(table.header[found[0]!]!),
          b: quote(table.header[found[1]!]!),
        }),
        fix: msg("admin.rosterReport.text.keepOneTwoColumns"),
        blocking: true,
      });
    }
    if (found.length > 0) index.set(spec.name, found[0]!);
    else if (spec.required) {
      missing.push(spec.name);
      problems.add({
        file: table.file,
        line: table.headerLine,
        column: spec.name,
        message: msg("admin.rosterReport.text.columnMissing"),
        fix: msg(
          orRolesFile ? "admin.rosterReport.text.addColumnHeaderRoles" : "admin.rosterReport.text.addColumnHeader",
          {
            a: quote(spec.name),
          },
        ),
        blocking: true,
      });
    }
  }
  return {
    table,
    get: (row, column) => {
      const i = index.get(column);
      return i === undefined ? undefined : (row.cells[i] ?? "");
    },
    has: (column) => index.has(column),
    missing,
    label: (column) => {
      const i = index.get(column);
      return i === undefined ? column : table.header[i]!;
    },
  };
}
