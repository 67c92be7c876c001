import { parseCsv } from "./csv";
import { bindColumns } from "./csv-columns";
import type { FileMode } from "./model";
import type { Sink } from "./oneroster-rows";
import { quote } from "./problems";
import type { CsvText } from "./read-upload";
import { msg } from "@/lib/i18n/message";

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
        message: msg("admin.rosterReport.text.thereNoManifestCsv"),
        fix: msg("admin.rosterReport.text.forFullSyncAdd"),
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
          message: msg("admin.rosterReport.text.manifestCsvDoesNot", { a: key }),
          fix: msg("admin.rosterReport.text.addBulkDeltaManifest", { a: key }),
        });
      continue;
    }
    if (entry.value !== "bulk" && entry.value !== "delta" && entry.value !== "absent") {
      problems.add({
        blocking: true,
        file: manifest.name,
        line: entry.line,
        column: "value",
        message: msg("admin.rosterReport.text.notBulkDeltaAbsent", { a: quote(entry.value) }),
        fix: msg("admin.rosterReport.text.writeBulkDeltaAbsent", { a: key }),
      });
      continue;
    }
    if (entry.value === "absent") {
      if (file)
        warnings.add({
          file: file.name,
          line: 0,
          column: "file",
          message: msg("admin.rosterReport.text.manifestCsvSaysAbsent", { a: key }),
          fix: msg("admin.rosterReport.text.writeBulkDeltaManifest", { a: key }),
        });
      continue;
    }
    if (!file) {
      problems.add({
        blocking: true,
        file: manifest.name,
        line: entry.line,
        column: "value",
        message: msg("admin.rosterReport.text.butNotUpload", { a: key, b: entry.value, c: base }),
        fix: msg("admin.rosterReport.text.addWriteAbsent", { a: base, b: key }),
      });
      continue;
    }
    modes.set(base, entry.value);
  }
  return modes;
}
