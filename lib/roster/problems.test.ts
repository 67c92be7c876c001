import { describe, expect, it } from "vitest";
import { formatProblem, problemsCsv } from "./problems";
import { rosterUploadFromFiles } from "./read-upload";

describe("problems", () => {
  it("read file:line: column — what is wrong — what to do, without a line for the whole file", () => {
    expect(
      formatProblem({
        file: "users.csv",
        line: 7,
        column: "role",
        message: '"aide" is not a role',
        fix: "leave aides out",
      }),
    ).toBe('users.csv:7: role — "aide" is not a role — leave aides out');
    expect(formatProblem({ file: "roster.zip", line: 0, column: "file", message: "too big", fix: "split it" })).toBe(
      "roster.zip: file — too big — split it",
    );
  });
  it("download as CSV that a spreadsheet opens safely: BOM, quoted, formulas neutralised", () => {
    const text = problemsCsv([
      {
        file: "users.csv",
        line: 2,
        column: "givenName",
        message: '"=HYPERLINK(""x"")" is odd, really',
        fix: "-fix it",
      },
    ]);
    expect(text).toBe(
      '\uFEFF"severity","file","line","column","what is wrong","what to do"\r\n' +
        '"problem","users.csv",2,"givenName","""=HYPERLINK(""""x"""")"" is odd, really","\'-fix it"\r\n',
    );
  });
});

describe("rosterUploadFromFiles", () => {
  it("turns a form's files into an upload", async () => {
    const upload = await rosterUploadFromFiles([new File(["a,b\n"], "users.csv"), new File(["c\n"], "classes.csv")]);
    expect(upload.label).toBe("2 files");
    expect(upload.files.map((f) => [f.name, new TextDecoder().decode(f.bytes)])).toEqual([
      ["users.csv", "a,b\n"],
      ["classes.csv", "c\n"],
    ]);
  });
});
