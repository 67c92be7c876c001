// CSV text for the exports. Pure (no I/O): unit-tested in csv.test.ts.
//
// Two flavours:
// - "spreadsheet" (gradebook, attendance): for people who open the file in Excel or LibreOffice.
//   UTF-8 with a byte-order mark (Excel otherwise reads UTF-8 as the machine's code page and
//   mangles "José"), CRLF line ends, and formulas neutralised: a text cell that starts with
//   = + - @ (or their full-width forms), a tab or a carriage return gets a leading ' so the
//   spreadsheet shows it as text instead of running it (OWASP "CSV injection"). Numbers the
//   export writes itself are passed as numbers and never prefixed. Every text cell is quoted, so a
//   spreadsheet that splits on ";" (European Excel) cannot cut "Bob;=cmd|…" into a live "=cmd…"
//   cell: the prefix guards the start of a cell, the quotes guard every separator inside it.
// - "interchange" (the OneRoster files): read by other systems, so values are written exactly
//   as stored (a phone "+1 555…" or a title "-5 points" must round-trip unchanged), no BOM
//   (the 1.1 binding's readers match the first header byte for byte), CRLF as in RFC 4180.
import { stringify } from "csv-stringify/sync";

export type Cell = string | number | null | undefined;

export interface CsvFlavour {
  bom: boolean;
  escapeFormulas: boolean;
  quoteText: boolean;
}

export const SPREADSHEET: CsvFlavour = { bom: true, escapeFormulas: true, quoteText: true };
export const INTERCHANGE: CsvFlavour = { bom: false, escapeFormulas: false, quoteText: false };

/** Rows (the first one is usually the header) as one CSV document. */
export function toCsv(rows: readonly (readonly Cell[])[], flavour: CsvFlavour = SPREADSHEET): string {
  return stringify(
    rows.map((r) => r.map((c) => (c === null || c === undefined ? "" : c))),
    {
      bom: flavour.bom,
      escape_formulas: flavour.escapeFormulas,
      quoted_string: flavour.quoteText,
      quoted_empty: false,
      record_delimiter: "windows",
      // With a record delimiter given, csv-stringify stops quoting a bare \n or \r unless told:
      // a description with a line break would then split its row in two.
      quote_record_delimiter: true,
      cast: {
        // Shortest round-trip form: 8.5, not 8.50 or 8.499999.
        number: (n) => (Number.isFinite(n) ? String(n) : ""),
      },
    },
  );
}
