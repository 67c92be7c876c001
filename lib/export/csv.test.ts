import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { INTERCHANGE, SPREADSHEET, toCsv } from "./csv";

const BOM = "\uFEFF";

describe("spreadsheet CSV (gradebook, attendance)", () => {
  it("starts with a UTF-8 byte-order mark and ends every record with CRLF", () => {
    const csv = toCsv([
      ["Student", "Score"],
      ["José Núñez", 9.5],
    ]);
    expect(csv.startsWith(BOM)).toBe(true);
    expect(csv.slice(1)).toBe('"Student","Score"\r\n"José Núñez",9.5\r\n');
    expect(Buffer.from(csv, "utf8").subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
  });

  it("neutralises text cells that a spreadsheet would run as a formula", () => {
    const hostile = [
      '=HYPERLINK("http://x","y")',
      "+1+2",
      "-2+3",
      "@SUM(A1)",
      "\tcmd",
      "\r=1",
      "＝1",
      "｜ok",
      "plain",
      "a=b",
    ];
    const csv = toCsv([hostile]);
    const [row] = parse(csv.slice(1), { relax_column_count: true });
    expect(row).toEqual([
      '\'=HYPERLINK("http://x","y")',
      "'+1+2",
      "'-2+3",
      "'@SUM(A1)",
      "'\tcmd",
      "'\r=1",
      "'＝1",
      "｜ok",
      "plain",
      "a=b",
    ]);
  });

  it("keeps the numbers it writes itself as numbers, negative ones included", () => {
    const csv = toCsv([[-1, 0, 8.5, 17.25, 100, "-1"]]);
    expect(csv.slice(1)).toBe('-1,0,8.5,17.25,100,"\'-1"\r\n');
  });

  it("quotes commas, quotes and line breaks, so a description with a bare LF stays in its cell", () => {
    const csv = toCsv([
      ["a,b", 'say "hi"', "line 1\nline 2", "cr\ronly"],
      ["next", "", "", ""],
    ]);
    expect(csv.slice(1)).toBe('"a,b","say ""hi""","line 1\nline 2","cr\ronly"\r\n"next",,,\r\n');
    expect(parse(csv.slice(1))).toEqual([
      ["a,b", 'say "hi"', "line 1\nline 2", "cr\ronly"],
      ["next", "", "", ""],
    ]);
  });

  it("writes empty cells for null and undefined", () => {
    expect(toCsv([[null, undefined, "x"]], SPREADSHEET).slice(1)).toBe(',,"x"\r\n');
  });

  it("quotes every text cell, so a semicolon spreadsheet cannot split a formula out of one (issue 28 item 6)", () => {
    const hostile = "Bob;=cmd|' /C calc'!A0;x";
    const csv = toCsv([
      ["Student", "Note"],
      [hostile, "ok"],
    ]);
    expect(csv.slice(1)).toBe(`"Student","Note"\r\n"${hostile}","ok"\r\n`);
    // European Excel and LibreOffice in many locales read ";" as the separator.
    const cells = parse(csv.slice(1), {
      delimiter: ";",
      relax_column_count: true,
      relax_quotes: true,
    }).flat();
    expect(cells.filter((c) => /^[=+\-@]/.test(c))).toEqual([]);
  });
});

describe("interchange CSV (OneRoster)", () => {
  it("has no BOM, CRLF records, and writes values exactly as stored", () => {
    const csv = toCsv(
      [
        ["sourcedId", "phone", "title"],
        ["u-1", "+1 555 0100", "-5 points: =bonus"],
      ],
      INTERCHANGE,
    );
    expect(csv).toBe("sourcedId,phone,title\r\nu-1,+1 555 0100,-5 points: =bonus\r\n");
  });
});
