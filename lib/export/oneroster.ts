import "server-only";
import { strToU8, Zip, ZipDeflate } from "fflate";
import { INTERCHANGE, toCsv, type Cell } from "./csv";
import { manifestRows, ONEROSTER_HEADERS, type OneRosterFile } from "./oneroster-format";
import { readSnapshot } from "./oneroster-read";
import { fileRows } from "./oneroster-files";

// The whole school as a OneRoster 1.1 CSV zip (bulk): the rostering files the import reads, and
// lineItems, results and categories so grades go back to a SIS. The mapping is the import's,
// backwards (decision 012): a class's classCode is the level code, periods its period, grades its
// level; the primary teacher enrollment is its teacher; agentSourcedIds on a student are its
// guardians (guardian_links); academicSessions are the school's terms. Each row keeps the
// sourcedId the import stored, else gets a stable one from its own key (user-<id>,
// class-<code>…). Access codes are never written: the password column stays empty. What OneRoster
// has no column for is written in the portal's own ext_portal_* columns of users.csv (a student's
// parent numbers, each guardian link's relationship), which the import reads back: the zip
// re-imports into an empty portal with nothing lost. Announcements, responses, submissions,
// attendance and the audit log have no OneRoster 1.1 file. The rows are made in oneroster-files.ts.
//
// The files are written a few thousand rows at a time, yielding between batches, straight into a
// streaming zip: a school's 360,000 results never exist as one array or one string, and other
// requests keep being served while it runs.

export type ExportFileName = OneRosterFile | "manifest.csv";

const BATCH = 5_000;
const yieldToOthers = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Writes every file, a batch of rows at a time: `write(file, text)` gets the header first, then
 * the rows, the manifest before the others. Returns the number of rows of each file.
 */
export async function writeOneRoster(
  options: { schoolName: string; timeZone: string },
  write: (file: ExportFileName, text: string) => void,
): Promise<Record<OneRosterFile, number>> {
  const snapshot = await readSnapshot(options.timeZone);
  const files = fileRows(snapshot, options);
  const names = Object.keys(files) as OneRosterFile[];
  write(
    "manifest.csv",
    toCsv(manifestRows(names, { systemName: "Classroom Portal", systemCode: options.schoolName }), INTERCHANGE),
  );
  const counts = {} as Record<OneRosterFile, number>;
  for (const name of names) {
    write(name, toCsv([[...ONEROSTER_HEADERS[name]]], INTERCHANGE));
    let batch: Cell[][] = [];
    let n = 0;
    for (const row of files[name]()) {
      batch.push(row);
      if (batch.length === BATCH) {
        write(name, toCsv(batch, INTERCHANGE));
        n += batch.length;
        batch = [];
        await yieldToOthers();
      }
    }
    if (batch.length) write(name, toCsv(batch, INTERCHANGE));
    counts[name] = n + batch.length;
  }
  return counts;
}

/** Every file as one string (tests and small schools). */
export async function buildOneRosterExport(options: {
  schoolName: string;
  timeZone: string;
}): Promise<{ files: Record<ExportFileName, string>; counts: Record<OneRosterFile, number> }> {
  const parts = new Map<ExportFileName, string[]>();
  const counts = await writeOneRoster(options, (file, text) => {
    const list = parts.get(file) ?? [];
    list.push(text);
    parts.set(file, list);
  });
  return {
    files: Object.fromEntries([...parts].map(([f, list]) => [f, list.join("")])) as Record<ExportFileName, string>,
    counts,
  };
}

/** The zip, deflated as the rows are written (the manifest first: readers that stream a zip look for it first). */
export async function oneRosterZip(options: {
  schoolName: string;
  timeZone: string;
}): Promise<Uint8Array<ArrayBuffer>> {
  const out: Uint8Array[] = [];
  // Set from the zip callback: typed so that the compiler does not narrow it to `null` here.
  let failure = null as Error | null;
  const zip = new Zip((err, data) => {
    if (err) failure ??= err;
    else out.push(data);
  });
  const entries = new Map<ExportFileName, ZipDeflate>();
  await writeOneRoster(options, (file, text) => {
    let entry = entries.get(file);
    if (!entry) {
      for (const open of entries.values()) open.push(new Uint8Array(0), true); // the previous file is complete
      entries.clear();
      entry = new ZipDeflate(file, { level: 6 });
      zip.add(entry);
      entries.set(file, entry);
    }
    entry.push(strToU8(text));
  });
  for (const open of entries.values()) open.push(new Uint8Array(0), true);
  zip.end();
  if (failure) throw failure;
  const size = out.reduce((s, c) => s + c.byteLength, 0);
  const result = new Uint8Array(new ArrayBuffer(size));
  let at = 0;
  for (const c of out) {
    result.set(c, at);
    at += c.byteLength;
  }
  return result;
}
