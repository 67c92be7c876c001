import { normalizeHeader, parseCsv } from "./csv";
import { bindColumns, type BoundTable, type ColumnSpec } from "./csv-columns";
import { emptyDataset, type RosterDataset } from "./model";
import { academicSessionsFile, classesFile, enrollmentsFile } from "./oneroster-classes";
import { categoriesFile, lineItemsFile, resultsFile } from "./oneroster-gradebook";
import { manifestModes } from "./oneroster-manifest";
import { coursesFile, orgsFile, rolesFile, usersFile } from "./oneroster-people";
import { demographicsFile } from "./oneroster-demographics";
import type { FileReader, ReadContext, ReadOptions, Sink } from "./oneroster-rows";
import { quote } from "./problems";
import type { CsvText } from "./read-upload";
import { msg } from "@/lib/i18n/message";

// OneRoster 1.1 CSV (and 1.2's roles.csv) into the roster model, by the rules of decision 012.
// Pure: the texts come in, the dataset and every problem found in the files alone go out;
// references to what the portal already holds are checked by the plan.
//
// Table-driven: each file the importer reads is one FileReader (its columns and its row reader,
// in oneroster-people/-classes/-gradebook.ts); this file reads the manifest, binds each file's
// columns and hands it to its reader, in an order where every file finds what it refers to read.

export type { ReadOptions } from "./oneroster-rows";

/** The files the importer reads, in reading order: orgs, courses and roles before the users and classes that name them. */
const FILES: readonly FileReader[] = [
  orgsFile,
  coursesFile,
  rolesFile,
  academicSessionsFile,
  usersFile,
  classesFile,
  enrollmentsFile,
  demographicsFile,
  categoriesFile,
  lineItemsFile,
  resultsFile,
];

/** The files in the order the manifest's lines are checked (and their warnings given). */
const MANIFEST_ORDER = [
  "users.csv",
  "classes.csv",
  "enrollments.csv",
  "academicsessions.csv",
  "orgs.csv",
  "courses.csv",
  "roles.csv",
  "demographics.csv",
  "categories.csv",
  "lineitems.csv",
  "results.csv",
] as const;

/** Files of the standard the portal does not use: accepted and skipped without a word. */
const KNOWN_UNUSED = [
  "resources.csv",
  "classresources.csv",
  "courseresources.csv",
  "userprofiles.csv",
  "scoreScales.csv",
  "lineitemlearningobjectiveids.csv",
].map((f) => f.toLowerCase());

/** A manifest.csv, or a file with a OneRoster name whose header has a sourcedId (a spreadsheet saved as classes.csv has not). */
export function looksLikeOneRoster(texts: readonly CsvText[]): boolean {
  return texts.some((t) => {
    if (t.base === "manifest.csv") return true;
    if (!(MANIFEST_ORDER as readonly string[]).includes(t.base) && !KNOWN_UNUSED.includes(t.base)) return false;
    const header = t.text.replace(/^\uFEFF/, "").split(/\r\n|\n|\r/, 1)[0] ?? "";
    return header.split(/[,;\t]/).some((h) => normalizeHeader(h.replace(/"/g, "")) === "sourcedid");
  });
}

export function readOneRoster(
  texts: readonly CsvText[],
  problems: Sink,
  warnings: Sink,
  options: ReadOptions = { timeZone: "UTC" },
): RosterDataset {
  const data = emptyDataset("oneroster");
  const byBase = new Map(texts.map((t) => [t.base, t]));
  const modes = manifestModes(byBase, MANIFEST_ORDER, problems, warnings);
  const ctx: ReadContext = {
    data,
    problems,
    warnings,
    options,
    hasRoles: false,
    roleOf: new Map(),
  };
  for (const reader of FILES) {
    const text = byBase.get(reader.base);
    const mode = modes.get(reader.base);
    if (!text || !mode) continue;
    const t = parseCsv(text.name, text.text, problems);
    const bound = t ? bindColumns(t, reader.columns(ctx), problems, reader.orRolesFile?.(ctx) ?? false) : undefined;
    if (reader.entity && (!bound || bound.missing.length > 0 || bound.table.damaged)) data.broken.add(reader.entity);
    // Without a required column no row can be read: the header's problem is the one to fix.
    if (!bound || bound.missing.length > 0) continue;
    legacyColumns(bound, reader.columns(ctx), warnings);
    if (reader.entity) data.modes[reader.entity] = mode;
    reader.read({ bound, mode }, ctx);
  }
  return data;
}

/** A column found under an older version's name: read, and said once, on the header. */
function legacyColumns(bound: BoundTable, specs: readonly ColumnSpec[], warnings: Sink): void {
  for (const spec of specs) {
    if (!spec.legacy || !bound.has(spec.name)) continue;
    const label = bound.label(spec.name);
    if (!spec.legacy.some((l) => normalizeHeader(l) === normalizeHeader(label))) continue;
    warnings.add({
      file: bound.table.file,
      line: bound.table.headerLine,
      column: label,
      message: msg("admin.rosterReport.text.oneroster10S2", { a: quote(label), b: spec.name }),
      fix: msg("admin.rosterReport.text.nothingColumnReadAs", { a: spec.name }),
    });
  }
}
