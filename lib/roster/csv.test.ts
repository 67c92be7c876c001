import { describe, expect, it } from "vitest";
import { normalizeHeader, parseCsv } from "./csv";
import { bindColumns } from "./csv-columns";
import { formatProblem, ProblemList } from "./problems";

const read = (text: string) => {
  const problems = new ProblemList(100);
  const table = parseCsv("users.csv", text, problems);
  return { table, problems: problems.items.map(formatProblem) };
};

describe("parseCsv", () => {
  it("reads UTF-8 with a BOM and CRLF line ends, and numbers rows from the header's line 1", () => {
    const { table, problems } = read("\uFEFFsourcedId,givenName\r\nu1,Ana\r\nu2,Bo\r\n");
    expect(problems).toEqual([]);
    expect(table!.header).toEqual(["sourcedId", "givenName"]);
    expect(table!.rows).toEqual([
      { line: 2, cells: ["u1", "Ana"] },
      { line: 3, cells: ["u2", "Bo"] },
    ]);
  });

  it("keeps quoted commas, quotes and line breaks in one field, and counts the lines a row spans", () => {
    const { table } = read('id,name,note\r\n1,"Smith, Jr.","line one\r\nline two"\r\n2,"say ""hi""",x\r\n\r\n3,c,d\n');
    expect(table!.rows.map((r) => r.line)).toEqual([2, 4, 6]);
    expect(table!.rows[0]!.cells).toEqual(["1", "Smith, Jr.", "line one\nline two"]);
    expect(table!.rows[1]!.cells[1]).toBe('say "hi"');
  });

  it("reads old Mac CR line ends, semicolon (European Excel) and tab separators", () => {
    expect(read("a,b\r1,2\r").table!.rows).toEqual([{ line: 2, cells: ["1", "2"] }]);
    expect(read("a;b\n1;2,5\n").table!.rows[0]!.cells).toEqual(["1", "2,5"]);
    expect(read("a\tb\n1\t2\n").table!.rows[0]!.cells).toEqual(["1", "2"]);
    const sep = read("sep=;\r\na;b\r\n1;2\r\n").table!;
    expect([sep.headerLine, sep.header, sep.rows]).toEqual([2, ["a", "b"], [{ line: 3, cells: ["1", "2"] }]]);
  });

  it("skips blank and all-empty rows, and trims values", () => {
    const { table } = read("a,b\n\n , \n  x ,y\n");
    expect(table!.rows).toEqual([{ line: 4, cells: ["x", "y"] }]);
  });

  it("reports a row with too many fields at its line, with what to do, and keeps reading", () => {
    const { table, problems } = read("a,b\n1,2\nSmith, Jr.,3\n4,5\n");
    expect(problems).toEqual([
      'users.csv:3: row — the row has 3 fields, the header has 2 — quote any value that contains a comma ("Smith, Jr."), and give every row the header\'s columns',
    ]);
    expect(table!.rows.map((r) => r.line)).toEqual([2, 4]);
  });

  it("reports a quote never closed at the line it opens on, and nothing after it", () => {
    const { table, problems } = read('a,b\n1,2\n3,"four\n5,6\n7,8\n');
    expect(problems).toEqual([
      'users.csv:3: row — a quoted field starts on this line and is never closed — close the quote, and write a quote inside a quoted field as two quotes ("")',
    ]);
    expect(table!.rows.map((r) => r.line)).toEqual([2]);
  });

  it("reports a stray quote in the middle of a field", () => {
    expect(read('a,b\n1,2\n3,4"5"x\n').problems[0]).toMatch(/^users\.csv:3: row — /);
    expect(read('a,b\n1,"2"x\n').problems[0]).toBe(
      'users.csv:2: row — a quote ends a field in the middle of its text — quote the whole field, and write a quote inside it as two quotes ("")',
    );
  });

  it("refuses a file with more rows than allowed", () => {
    expect(read(`a\n${"1\n".repeat(300_001)}`).problems).toEqual([
      "users.csv: file — the file has more than 300,000 rows — split the import into smaller files",
    ]);
    expect(read(`a\n${"1\n".repeat(300_000)}`).problems).toEqual([]);
  });

  it("reads a well-formed file by hand exactly as csv-parse does, and anything else with csv-parse", () => {
    const inputs = [
      "\uFEFFsourcedId,givenName\r\nu1,Ana\r\nu2,Bo\r\n",
      'id,name,note\r\n1,"Smith, Jr.","line one\r\nline two"\r\n2,"say ""hi""",x\r\n\r\n3,c,d\n',
      'a,b\n"",""\n" x ", y \n,\n\n\n"multi\n\nline",z',
      "a;b;c\n1;2;3\n",
      "a\tb\n1\t2\n",
      "sep=;\na;b\n1;2\n",
      "a,b\r1,2\r\r3,4",
      "only,a,header\n",
      "a\n   \n1\n",
      "a,b\n1,2,3\n4,5\n",
      'a,b\n1,"open\n2,3\n',
      'a,b\n1,x"y\n',
      'a,b\n"1" ,2\n',
      "",
      "\n\n",
    ];
    for (const text of inputs) {
      const [fast, slow] = [new ProblemList(100), new ProblemList(100)];
      expect(parseCsv("users.csv", text, fast), JSON.stringify(text)).toEqual(
        parseCsv("users.csv", text, slow, 300_000, "csv-parse"),
      );
      expect(fast.items, JSON.stringify(text)).toEqual(slow.items);
    }
  });

  it("allows results.csv up to 2,000,000 rows (a school's whole gradebook)", () => {
    const problems = new ProblemList(10);
    const rows = "r,1\n".repeat(300_001);
    expect(parseCsv("results.csv", `a,b\n${rows}`, problems)!.rows).toHaveLength(300_001);
    expect(problems.items).toEqual([]);
    expect(parseCsv("export/Results.csv", `a\n${"1\n".repeat(5)}`, problems, 4)).toBeNull();
    expect(problems.items.map(formatProblem)).toEqual([
      "export/Results.csv: file — the file has more than 4 rows — split the import into smaller files",
    ]);
  });

  it("refuses an empty file and over-long fields", () => {
    expect(read("").problems).toEqual([
      "users.csv:1: header — the file is empty (no header row) — export the file again, or leave it out and mark it absent in manifest.csv",
    ]);
    const long = read(`a,b\n1,${"x".repeat(20_001)}\n`);
    expect(long.problems).toEqual([
      "users.csv:2: b — the value is 20,001 characters long, more than the 20,000 allowed — shorten it (a missing closing quote can join many lines into one field)",
    ]);
  });
});

describe("bindColumns", () => {
  const table = (header: string) => parseCsv("f.csv", `${header}\nv1,v2,v3\n`, new ProblemList(10))!;
  it("matches headers in any order, case and spelling, and ignores unknown and ext_ columns", () => {
    const problems = new ProblemList(10);
    const t = table("ext_color,UserSourcedIds,Sourced_ID");
    const b = bindColumns(
      t,
      [{ name: "sourcedId", required: true }, { name: "userSourcedId", aliases: ["userSourcedIds"] }, { name: "role" }],
      problems,
    );
    expect(problems.items).toEqual([]);
    expect(b.get(t.rows[0]!, "sourcedId")).toBe("v3");
    expect(b.get(t.rows[0]!, "userSourcedId")).toBe("v2");
    expect(b.get(t.rows[0]!, "role")).toBeUndefined();
    expect(b.label("userSourcedId")).toBe("UserSourcedIds");
  });
  it("reports a missing required column and one given twice on the header line", () => {
    const problems = new ProblemList(10);
    bindColumns(
      table("agents,agentSourcedIds,x"),
      [
        { name: "sourcedId", required: true },
        { name: "agentSourcedIds", aliases: ["agents"] },
      ],
      problems,
    );
    expect(problems.items.map(formatProblem)).toEqual([
      'f.csv:1: sourcedId — the column is missing — add a "sourcedId" column to the header',
      'f.csv:1: agents — the column "agentSourcedIds" is given twice (also as "agents") — keep one of the two columns',
    ]);
  });
  it("normalizes header spellings", () => {
    expect(["User Sourced Id", "user_sourced_id", "userSourcedId", " USERSOURCEDID "].map(normalizeHeader)).toEqual(
      Array(4).fill("usersourcedid"),
    );
  });
});
