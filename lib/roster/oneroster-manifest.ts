import { bindColumns, parseCsv } from "./csv";
import type { FileMode } from "./model";
import type { Sink } from "./oneroster-rows";
import { quote } from "./problems";
import type { CsvText } from "./read-upload";

// OneRoster's manifest.csv (decision 012): which files an upload's reader reads, as bulk or delta. Pure.

/** A file's manifest key: users.csv → file.users. */
export const manifestKey = (base: string) => `file.${base.replace(/\.csv$/, "")}`;

/** manifest.csv's file.* lines: which files to read, and as bulk or delta. */
export function manifestModes(
  byBase: Map<string, CsvText>,
  bases: readonly string[],
  problems: Sink,
  warnings: Sink,
): Map<string, FileMode> {
  const modes = new Map<string, FileMode>();
  const manifest = byBase.get("manifest.csv");
  const present = [...byBase.keys()].filter((b) => bases.includes(b));
  if (!manifest) {
    for (const base of present) modes.set(base, "delta");
    if (present.length) {
      warnings.add({
        file: byBase.get(present[0]!)!.name,
        line: 0,
        column: "file",
        message:
          "there is no manifest.csv, so every file was read as delta (rows are added and updated; nothing is removed unless marked tobedeleted)",
        fix: "for a full sync, add a manifest.csv with file.users=bulk (and the others)",
      });
    }
    return modes;
  }
  const t = parseCsv(manifest.name, manifest.text, problems);
  if (!t) return modes;
  const b = bindColumns(
    t,
    [
      { name: "propertyName", aliases: ["property", "name"], required: true },
      { name: "value", required: true },
    ],
    problems,
  );
  if (!b.has("propertyName") || !b.has("value")) return modes;
  const said = new Map<string, { value: string; line: number }>();
  for (const row of t.rows)
    said.set((b.get(row, "propertyName") ?? "").toLowerCase(), {
      value: (b.get(row, "value") ?? "").toLowerCase(),
      line: row.line,
    });
  for (const base of bases) {
    const key = manifestKey(base);
    const entry = said.get(key);
    const file = byBase.get(base);
    if (!entry) {
      if (file)
        warnings.add({
          file: file.name,
          line: 0,
          column: "file",
          message: `manifest.csv does not list ${key}, so the file was not read`,
          fix: `add ${key},bulk (or delta) to manifest.csv`,
        });
      continue;
    }
    if (entry.value !== "bulk" && entry.value !== "delta" && entry.value !== "absent") {
      problems.add({
        blocking: true,
        file: manifest.name,
        line: entry.line,
        column: "value",
        message: `${quote(entry.value)} is not bulk, delta or absent`,
        fix: `write bulk, delta or absent for ${key}`,
      });
      continue;
    }
    if (entry.value === "absent") {
      if (file)
        warnings.add({
          file: file.name,
          line: 0,
          column: "file",
          message: `manifest.csv says ${key} is absent, so the file was not read`,
          fix: `write ${key},bulk (or delta) in manifest.csv to import it`,
        });
      continue;
    }
    if (!file) {
      problems.add({
        blocking: true,
        file: manifest.name,
        line: entry.line,
        column: "value",
        message: `${key} is ${entry.value} but ${base} is not in the upload`,
        fix: `add ${base}, or write ${key},absent`,
      });
      continue;
    }
    modes.set(base, entry.value);
  }
  return modes;
}
