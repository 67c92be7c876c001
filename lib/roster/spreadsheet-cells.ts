// What both spreadsheet templates' readers share: where problems go, a row's labels, and the check for a value too long.
import { type CsvRow } from "./csv";
import { type BoundTable } from "./csv-columns";
import { type RosterProblem } from "./problems";
import { msg } from "@/lib/i18n/message";

export type Sink = { add(p: RosterProblem): void };

export const labelsOf = (b: BoundTable, name: string, username: string) => ({
  role: b.label("role"),
  username: b.label(username),
  agents: "",
  name: b.label(name),
});
export function tooLong(
  b: BoundTable,
  row: CsvRow,
  column: string,
  value: string,
  max: number,
  problems: Sink,
): boolean {
  if (value.length <= max) return false;
  problems.add({
    file: b.table.file,
    line: row.line,
    column: b.label(column),
    message: msg("admin.rosterReport.text.valueCharactersLongMore2", { a: value.length, b: max }),
    fix: msg("admin.rosterReport.text.shortenCharacters", { a: max }),
  });
  return true;
}
