import { strToU8, zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { formatProblem } from "./problems";
import { crc32, readUpload } from "./read-upload";

const zip = (files: Record<string, string | Uint8Array>) =>
  zipSync(Object.fromEntries(Object.entries(files).map(([n, b]) => [n, typeof b === "string" ? strToU8(b) : b])));
const read = (files: { name: string; bytes: Uint8Array }[]) => {
  const r = readUpload({ label: files[0]?.name ?? "upload", files });
  return {
    names: r.texts.map((t) => t.name),
    texts: r.texts,
    problems: r.problems.map(formatProblem),
    warnings: r.warnings.map(formatProblem),
  };
};

/** Rewrites the uncompressed size every central-directory entry declares (what a zip bomb lies about). */
function declareSize(bytes: Uint8Array, size: number): Uint8Array {
  const out = bytes.slice();
  const view = new DataView(out.buffer);
  for (let i = 0; i + 4 <= out.length; i++)
    if (view.getUint32(i, true) === 0x02014b50) view.setUint32(i + 24, size, true);
  return out;
}

describe("readUpload", () => {
  it("reads the .csv files of a zip, in a folder or not, and skips folders, macOS forks, hidden and other files", () => {
    const r = read([
      {
        name: "roster.zip",
        bytes: zip({
          "export/users.csv": "a\n1\n",
          "classes.csv": "b\n2\n",
          "__MACOSX/export/._users.csv": "x",
          ".DS_Store": "x",
          "readme.pdf": "x",
        }),
      },
    ]);
    expect(r.names.sort()).toEqual(["classes.csv", "export/users.csv"]);
    expect(r.texts.find((t) => t.name === "export/users.csv")!.base).toBe("users.csv");
    expect(r.problems).toEqual([]);
  });

  it("reads loose files and warns about files it does not read", () => {
    const r = read([
      { name: "Users.CSV", bytes: strToU8("a\n") },
      { name: "notes.docx", bytes: strToU8("x") },
    ]);
    expect(r.texts[0]!.base).toBe("users.csv");
    expect(r.warnings).toEqual([
      "notes.docx: file — not a .csv or .zip file, so it was not read — nothing, unless it holds roster data: then save it as CSV",
    ]);
  });

  it("refuses a zip bomb that declares a huge size, before inflating it", () => {
    const bomb = declareSize(zip({ "users.csv": "a".repeat(1000) }), 3_000_000_000);
    expect(read([{ name: "bomb.zip", bytes: bomb }]).problems).toEqual([
      "bomb.zip/users.csv: file — the entry unpacks to 2861 MB, more than the 64 MB allowed for one file — split the import into smaller files",
    ]);
  });

  it("refuses a zip whose entry inflates to more than it declares (it comes out cut, and fails its checksum)", () => {
    const liar = declareSize(zip({ "users.csv": "a".repeat(1_000_000) }), 1000);
    expect(read([{ name: "liar.zip", bytes: liar }]).problems).toEqual([
      "liar.zip/users.csv: file — the entry is damaged (its content does not match its size or checksum) — zip the CSV files again",
    ]);
  });

  it("gives results.csv its own bounds (256 MB, outside the total), still checked before inflating", () => {
    const results = declareSize(zip({ "results.csv": "a".repeat(1000) }), 300 * 1024 * 1024);
    expect(read([{ name: "r.zip", bytes: results }]).problems).toEqual([
      "r.zip/results.csv: file — the entry unpacks to 300 MB, more than the 256 MB allowed for one file — split the import into smaller files",
    ]);
    // 100 MB of results beside 120 MB of other files (220 MB in all) pass the declared-size checks;
    // they then fail their checksums, since the sizes are made up.
    const three = zipSync({ "results.csv": strToU8("x"), "users.csv": strToU8("y"), "classes.csv": strToU8("z") });
    const view = new DataView(three.buffer);
    const sizes = [100 * 1024 * 1024, 60 * 1024 * 1024, 60 * 1024 * 1024];
    for (let i = 0, n = 0; i + 4 <= three.length; i++)
      if (view.getUint32(i, true) === 0x02014b50) view.setUint32(i + 24, sizes[n++]!, true);
    const problems = read([{ name: "three.zip", bytes: three }]).problems;
    expect(problems).toHaveLength(3);
    for (const p of problems) expect(p).toMatch(/^three\.zip\/\w+\.csv: file — the entry is damaged/);
  });

  it("refuses a zip whose entries add up to more than the total allowed", () => {
    const files = Object.fromEntries([1, 2, 3].map((i) => [`f${i}.csv`, "a\n"]));
    const big = declareSize(zip(files), 60 * 1024 * 1024);
    expect(read([{ name: "big.zip", bytes: big }]).problems).toEqual([
      "big.zip: file — the zip unpacks to 180 MB, more than the 160 MB allowed — split the import into smaller uploads",
    ]);
  });

  it("refuses a zip with too many entries", () => {
    const many = zip(Object.fromEntries(Array.from({ length: 201 }, (_, i) => [`f${i}.csv`, "a\n"])));
    expect(read([{ name: "many.zip", bytes: many }]).problems).toEqual([
      "many.zip: file — the zip holds 201 entries, more than the 200 allowed — zip only the roster's CSV files",
    ]);
  });

  it("refuses an Excel workbook, a damaged zip and binary data with what to do", () => {
    expect(
      read([{ name: "roster.xlsx.zip", bytes: zip({ "xl/workbook.xml": "<x/>", "[Content_Types].xml": "<x/>" }) }])
        .problems,
    ).toEqual([
      'roster.xlsx.zip: file — this is an Excel workbook, not CSV — in Excel choose File → Save As → "CSV UTF-8" and upload that file',
    ]);
    expect(read([{ name: "broken.zip", bytes: strToU8("PK\x03\x04 not really") }]).problems[0]).toMatch(
      /^broken\.zip: file — not a readable \.zip file/,
    );
    expect(read([{ name: "users.csv", bytes: new Uint8Array([0x61, 0, 0x62]) }]).problems).toEqual([
      'users.csv: file — this is not a text file (it holds binary data) — save the sheet as "CSV UTF-8" and upload that file',
    ]);
  });

  it("refuses two files with the same name", () => {
    expect(read([{ name: "r.zip", bytes: zip({ "a/users.csv": "x\n", "b/users.csv": "y\n" }) }]).problems).toEqual([
      'b/users.csv: file — two files are named users.csv (also "a/users.csv") — upload one of each file',
    ]);
  });

  it("decodes UTF-8 with or without BOM, UTF-16 with a BOM, and falls back to Windows-1252 with a warning", () => {
    expect(read([{ name: "u.csv", bytes: strToU8("\uFEFFJosé\n") }]).texts[0]!.text).toBe("\uFEFFJosé\n");
    const utf16 = new Uint8Array([0xff, 0xfe, ...Array.from("Zoë\n").flatMap((c) => [c.charCodeAt(0), 0])]);
    expect(read([{ name: "u.csv", bytes: utf16 }]).texts[0]!.text).toBe("Zoë\n");
    const latin = read([{ name: "u.csv", bytes: new Uint8Array([0x4a, 0x6f, 0x73, 0xe9, 0x0a]) }]);
    expect(latin.texts[0]!.text).toBe("José\n");
    expect(latin.warnings).toEqual([
      'u.csv: file — the file is not UTF-8, so it was read as Windows-1252 (Excel\'s plain CSV) — save the file as "CSV UTF-8" to be sure every accent is read right',
    ]);
  });

  it("computes the zip's CRC-32", () => {
    expect(crc32(strToU8("123456789")).toString(16)).toBe("cbf43926");
  });
});
