import { fileBounds, MAX_RESULTS_BYTES, MAX_TOTAL_BYTES, MAX_UPLOAD_BYTES, MAX_ZIP_ENTRIES } from "./limits";
import { ProblemList, quote, type RosterProblem } from "./problems";
import { crc32, inflateNow, inflateOffLoop, type Inflated, type ZipEntryRef } from "./zip-inflate";
import { msg, type Message } from "@/lib/i18n/message";
import { decodeText } from "./decode-text";

export { crc32 };

// Reading an upload (decision 012): a .zip or loose files, into decoded CSV texts. Pure (no I/O):
// the page passes the uploaded bytes, the command line the files it read. Every size is checked
// before anything is inflated or decoded: the entry count and the sizes a zip declares; then each
// entry is inflated with its declared size as the cap (zip-inflate.ts), so a bomb that lies about
// its size comes out damaged and is refused at once, and the bytes are checked against the zip's
// own CRC-32. The web upload and the command line inflate beforehand, off the event loop
// (inflateUploadInSlices), so a large zip never holds other requests; readUpload then only reads.

export interface UploadFile {
  name: string;
  bytes: Uint8Array;
  /** A zip's entries inflated beforehand in slices (inflateUploadInSlices), by entry key. */
  inflated?: Map<string, Inflated>;
}

/** What the page or the command line hands over: one .zip, or loose .csv files (or both). */
export interface RosterUpload {
  /** Shown in the history and in messages about the upload as a whole (e.g. the zip's name). */
  label: string;
  files: UploadFile[];
}

/** The files of a form's file input (a .zip, or several .csv) as an upload. */
export async function rosterUploadFromFiles(files: readonly File[], label?: string): Promise<RosterUpload> {
  const upload = {
    label: label ?? (files.length === 1 ? files[0]!.name : `${files.length} files`),
    files: await Promise.all(files.map(async (f) => ({ name: f.name, bytes: new Uint8Array(await f.arrayBuffer()) }))),
  };
  await inflateUploadInSlices(upload);
  return upload;
}

const entryKey = (e: ZipEntryRef) => `${e.localOffset}:${e.name}`;
// Folders, macOS resource forks and hidden files are skipped; so is anything but .csv (and .txt).
const wanted = (name: string) =>
  !name.endsWith("/") && !/(^|\/)(__MACOSX\/|\.[^/])/.test(name) && /\.(csv|txt)$/i.test(name);

/**
 * Inflates the entries readUpload will read, on the thread pool (checksums in slices), each
 * capped at its declared size. Only within the upload's bounds (entry count, declared sizes):
 * outside them readUpload refuses the zip before inflating anything.
 */
export async function inflateUploadInSlices(upload: RosterUpload): Promise<void> {
  if (upload.files.reduce((n, f) => n + f.bytes.length, 0) > MAX_UPLOAD_BYTES) return;
  for (const file of upload.files) {
    if (!isZip(file)) continue;
    const directory = centralDirectory(file.bytes);
    if (!directory.ok || directory.entries.length > MAX_ZIP_ENTRIES) continue;
    const todo = directory.entries.filter((e) => wanted(e.name) && e.size <= fileBounds(e.name).bytes);
    if (todo.reduce((n, e) => n + e.size, 0) > MAX_TOTAL_BYTES + MAX_RESULTS_BYTES) continue;
    const inflated = new Map<string, Inflated>();
    for (const e of todo) inflated.set(entryKey(e), await inflateOffLoop(file.bytes, e, e.size));
    file.inflated = inflated;
  }
}

export interface CsvText {
  /** As named in the upload, with the zip's folder if any ("export/users.csv"). */
  name: string;
  /** Lower-case file name without folders, for recognising the file ("users.csv"). */
  base: string;
  text: string;
}

export interface ReadResult {
  texts: CsvText[];
  problems: RosterProblem[];
  warnings: RosterProblem[];
}

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
const EMPTY_ZIP_MAGIC = [0x50, 0x4b, 0x05, 0x06];
const startsWith = (b: Uint8Array, magic: number[]) => magic.every((m, i) => b[i] === m);
const isZip = (f: UploadFile) =>
  startsWith(f.bytes, ZIP_MAGIC) || startsWith(f.bytes, EMPTY_ZIP_MAGIC) || /\.zip$/i.test(f.name);
const baseName = (name: string) => name.split(/[\\/]/).pop()!.toLowerCase();
const mb = (n: number) => `${Math.round(n / (1024 * 1024))} MB`;

/** `only`: decode just the files of these names (a quick look at orgs.csv); the others are skipped. */
export function readUpload(upload: RosterUpload, only?: ReadonlySet<string>): ReadResult {
  const problems = new ProblemList(1000);
  const warnings = new ProblemList(1000);
  const texts: CsvText[] = [];
  let total = 0;
  const uploaded = upload.files.reduce((n, f) => n + f.bytes.length, 0);
  if (uploaded > MAX_UPLOAD_BYTES) {
    problems.add({
      file: upload.label,
      line: 0,
      column: "file",
      message: msg("admin.rosterReport.text.uploadMoreThanAllowed", { a: mb(uploaded), b: mb(MAX_UPLOAD_BYTES) }),
      fix: msg("admin.rosterReport.text.uploadCSVFilesZip"),
    });
    return { texts, problems: problems.items, warnings: warnings.items };
  }
  const take = (name: string, bytes: Uint8Array): boolean => {
    if (only && !only.has(baseName(name))) return true;
    const bounds = fileBounds(name);
    if (bytes.length > bounds.bytes) {
      problems.add({
        file: name,
        line: 0,
        column: "file",
        message: msg("admin.rosterReport.text.fileMoreThanAllowed", { a: mb(bytes.length), b: mb(bounds.bytes) }),
        fix: msg("admin.rosterReport.text.splitImportIntoSmaller"),
      });
      return true;
    }
    // results.csv has its own budget (its bound above); every other file shares MAX_TOTAL_BYTES.
    if (!bounds.ownBudget) total += bytes.length;
    if (total > MAX_TOTAL_BYTES) {
      problems.add({
        file: name,
        line: 0,
        column: "file",
        message: msg("admin.rosterReport.text.filesAddUpMore", { a: mb(MAX_TOTAL_BYTES) }),
        fix: msg("admin.rosterReport.text.splitImportIntoSmaller2"),
      });
      return false;
    }
    const decoded = decodeText(bytes);
    if (!decoded.ok) problems.add({ file: name, line: 0, column: "file", message: decoded.message, fix: decoded.fix });
    else {
      if (decoded.warning)
        warnings.add({
          file: name,
          line: 0,
          column: "file",
          message: decoded.warning,
          fix: msg("admin.rosterReport.text.saveFileAsCSV"),
        });
      texts.push({ name, base: baseName(name), text: decoded.text });
    }
    return true;
  };

  for (const file of upload.files) {
    if (isZip(file)) {
      if (!readZip(file, problems, take)) break;
    } else if (/\.(csv|txt)$/i.test(file.name)) {
      if (!take(file.name, file.bytes)) break;
    } else {
      warnings.add({
        file: file.name,
        line: 0,
        column: "file",
        message: msg("admin.rosterReport.text.notCsvZipFile"),
        fix: msg("admin.rosterReport.text.nothingUnlessHoldsRoster"),
      });
    }
  }
  const seen = new Map<string, string>();
  for (const t of texts) {
    const other = seen.get(t.base);
    if (other !== undefined)
      problems.add({
        file: t.name,
        line: 0,
        column: "file",
        message: msg("admin.rosterReport.text.twoFilesAreNamed", { a: t.base, b: quote(other) }),
        fix: msg("admin.rosterReport.text.uploadOneEachFile"),
      });
    else seen.set(t.base, t.name);
  }
  return { texts, problems: problems.items, warnings: warnings.items };
}

/** Expands one zip's .csv entries through `take`; false stops the whole upload. */
function readZip(file: UploadFile, problems: ProblemList, take: (name: string, bytes: Uint8Array) => boolean): boolean {
  const directory = centralDirectory(file.bytes);
  if (!directory.ok) {
    problems.add({
      file: file.name,
      line: 0,
      column: "file",
      message: msg("admin.rosterReport.text.notReadableZipFile", { a: directory.message }),
      fix: msg("admin.rosterReport.text.zipCSVFilesAgain"),
    });
    return true;
  }
  const entries = directory.entries;
  if (entries.length > MAX_ZIP_ENTRIES) {
    problems.add({
      file: file.name,
      line: 0,
      column: "file",
      message: msg("admin.rosterReport.text.zipHoldsEntriesMore", { a: entries.length, b: MAX_ZIP_ENTRIES }),
      fix: msg("admin.rosterReport.text.zipOnlyRosterS"),
    });
    return false;
  }
  if (entries.some((e) => /^xl\/workbook\.xml$/i.test(e.name))) {
    problems.add({
      file: file.name,
      line: 0,
      column: "file",
      message: msg("admin.rosterReport.text.thisExcelWorkbookNot"),
      fix: msg("admin.rosterReport.text.excelChooseFileSave"),
    });
    return true;
  }
  let declared = 0;
  const results = new Set<string>();
  for (const e of entries) {
    if (!wanted(e.name)) continue;
    const bounds = fileBounds(e.name);
    if (e.size > bounds.bytes) {
      problems.add({
        file: `${file.name}/${e.name}`,
        line: 0,
        column: "file",
        message: msg("admin.rosterReport.text.entryUnpacksMoreThan", { a: mb(e.size), b: mb(bounds.bytes) }),
        fix: msg("admin.rosterReport.text.splitImportIntoSmaller"),
      });
      return false;
    }
    // One results.csv has its own budget; a second one (refused later as a duplicate) counts like any file.
    if (bounds.ownBudget && !results.has(baseName(e.name))) results.add(baseName(e.name));
    else declared += e.size;
  }
  if (declared > MAX_TOTAL_BYTES) {
    problems.add({
      file: file.name,
      line: 0,
      column: "file",
      message: msg("admin.rosterReport.text.zipUnpacksMoreThan", { a: mb(declared), b: mb(MAX_TOTAL_BYTES) }),
      fix: msg("admin.rosterReport.text.splitImportIntoSmaller2"),
    });
    return false;
  }
  const seen = new Set<string>();
  for (const e of entries) {
    if (!wanted(e.name) || seen.has(e.name)) continue;
    seen.add(e.name);
    const out = file.inflated?.get(entryKey(e)) ?? inflateNow(file.bytes, e, e.size);
    if (!out.ok && out.reason === "method") {
      problems.add({
        file: `${file.name}/${e.name}`,
        line: 0,
        column: "file",
        message: msg("admin.rosterReport.text.entryCompressedWayThis"),
        fix: msg("admin.rosterReport.text.zipCSVFilesAgain2"),
      });
      continue;
    }
    if (!out.ok || out.bytes.length !== e.size || out.crc !== e.crc) {
      problems.add({
        file: `${file.name}/${e.name}`,
        line: 0,
        column: "file",
        message: msg("admin.rosterReport.text.entryDamagedItsContent"),
        fix: msg("admin.rosterReport.text.zipCSVFilesAgain3"),
      });
      continue;
    }
    if (!take(e.name, out.bytes)) return false;
  }
  return true;
}

/** The zip's table of contents: names, CRC-32s and declared sizes, without inflating anything. */
function centralDirectory(b: Uint8Array): { ok: true; entries: ZipEntryRef[] } | { ok: false; message: Message } {
  const u16 = (o: number) => b[o]! | (b[o + 1]! << 8);
  const u32 = (o: number) => (b[o]! | (b[o + 1]! << 8) | (b[o + 2]! << 16) | (b[o + 3]! << 24)) >>> 0;
  let end = b.length - 22;
  while (end >= 0 && u32(end) !== 0x06054b50) {
    if (b.length - end > 65_557) return { ok: false, message: msg("admin.rosterReport.text.noEndCentralDirectory") };
    end--;
  }
  if (end < 0) return { ok: false, message: msg("admin.rosterReport.text.noEndCentralDirectory") };
  const count = u16(end + 10);
  let offset = u32(end + 16);
  if (count === 0xffff || offset === 0xffffffff)
    return { ok: false, message: msg("admin.rosterReport.text.zip64ArchivesAreNot") };
  const entries: ZipEntryRef[] = [];
  for (let i = 0; i < count; i++) {
    if (offset + 46 > b.length || u32(offset) !== 0x02014b50)
      return { ok: false, message: msg("admin.rosterReport.text.damagedCentralDirectory") };
    const nameLength = u16(offset + 28);
    const name = new TextDecoder("utf-8").decode(b.subarray(offset + 46, offset + 46 + nameLength));
    const size = u32(offset + 24);
    const compressedSize = u32(offset + 20);
    const localOffset = u32(offset + 42);
    if (size === 0xffffffff || compressedSize === 0xffffffff || localOffset === 0xffffffff)
      return { ok: false, message: msg("admin.rosterReport.text.zip64ArchivesAreNot") };
    entries.push({ name, crc: u32(offset + 16), size, compressedSize, method: u16(offset + 10), localOffset });
    offset += 46 + nameLength + u16(offset + 30) + u16(offset + 32);
    if (entries.length > MAX_ZIP_ENTRIES) break;
  }
  return { ok: true, entries };
}
