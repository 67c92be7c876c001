import { MAX_PROBLEMS_KEPT } from "./limits";
import type { RosterDataset, RosterFormat } from "./model";
import { emptyDataset } from "./model";
import { looksLikeOneRoster, readOneRoster, type ReadOptions } from "./oneroster";
import { ProblemList } from "./problems";
import { readUpload, type RosterUpload } from "./read-upload";
import { readSpreadsheets } from "./spreadsheet";
import { msg } from "@/lib/i18n/message";

// Upload → roster model: the whole pure front half of an import. Which format an upload is
// follows from its files: any OneRoster file name (users.csv, manifest.csv, …) makes it OneRoster;
// otherwise each CSV is matched to a spreadsheet template by its header.

export type FormatChoice = "auto" | RosterFormat;

export interface ReadRoster {
  dataset: RosterDataset;
  problems: ProblemList;
  warnings: ProblemList;
}

export function readRoster(
  upload: RosterUpload,
  format: FormatChoice = "auto",
  options: ReadOptions = { timeZone: "UTC" },
): ReadRoster {
  const problems = new ProblemList(MAX_PROBLEMS_KEPT);
  const warnings = new ProblemList(MAX_PROBLEMS_KEPT);
  const read = readUpload(upload);
  // The upload itself (a zip, an encoding): not a row to skip.
  read.problems.forEach((p) => problems.add({ ...p, blocking: true }));
  read.warnings.forEach((p) => warnings.add(p));
  const chosen: RosterFormat =
    format === "auto" ? (looksLikeOneRoster(read.texts) ? "oneroster" : "spreadsheet") : format;
  if (read.texts.length === 0) {
    if (problems.total === 0)
      problems.add({
        file: upload.label,
        line: 0,
        column: "file",
        message: msg("admin.rosterReport.text.uploadHoldsNoCsv"),
        fix: msg("admin.rosterReport.text.uploadOneRosterZipIts"),
      });
    return { dataset: emptyDataset(chosen), problems, warnings };
  }
  const dataset =
    chosen === "oneroster"
      ? readOneRoster(read.texts, problems, warnings, options)
      : readSpreadsheets(read.texts, problems, warnings);
  return { dataset, problems, warnings };
}
