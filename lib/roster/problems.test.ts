import { describe, expect, it } from "vitest";
import { msg } from "@/lib/i18n/message";
import { render } from "@/lib/i18n/render";
import { formatProblem, groupText, problemsCsv, problemText } from "./problems";

const asWritten = (text: string) => msg("compose.asWritten", { text });
import { rosterUploadFromFiles } from "./read-upload";

describe("problems", () => {
  it("read file:line: column — what is wrong — what to do, without a line for the whole file", () => {
    const role = {
      file: "users.csv",
      line: 7,
      column: "role",
      message: msg("admin.rosterReport.text.notRolePortalHas", { a: '"aide"' }),
      fix: msg("admin.rosterReport.text.useStudentTeacherAdministrator"),
    };
    expect(formatProblem(role)).toBe(
      'users.csv:7: role — "aide" is not a role the portal has — use student, teacher, administrator, parent, guardian or relative (aides and proctors have no account in the portal: leave them out)',
    );
    // In the reader's language, the header's column as written.
    expect(problemText(role, "es")).toMatch(
      /^users\.csv:7: role — "aide" no es un rol que tenga el portal — use student/,
    );
    const whole = {
      file: "roster.zip",
      line: 0,
      column: "file",
      message: msg("admin.rosterReport.text.uploadHoldsNoCsv"),
      fix: msg("admin.rosterReport.text.uploadOneEachFile"),
    };
    expect(formatProblem(whole)).toBe("roster.zip: file — the upload holds no .csv file — upload one of each file");
    // lib/roster's own word for the whole file is the reader's.
    expect(problemText(whole, "es")).toBe(
      "roster.zip: archivo — lo subido no contiene ningún archivo .csv — suba uno de cada archivo",
    );
  });
  it("write alike problems as one line with their first lines and how many, in either language", () => {
    const problem = {
      file: "users.csv",
      line: 3,
      column: "role",
      message: msg("admin.rosterReport.text.notRolePortalHas", { a: '"coach"' }),
      fix: msg("admin.rosterReport.text.useStudentTeacherAdministrator"),
    };
    const group = { problem, count: 1234, lines: [3, 5, 7, 8, 9] };
    expect(groupText(group, "en")).toBe(
      'users.csv:3, 5, 7, 8, 9 and 1229 more (1,234 rows): role — "coach" is not a role the portal has — use student, teacher, administrator, parent, guardian or relative (aides and proctors have no account in the portal: leave them out)',
    );
    expect(groupText(group, "es")).toMatch(
      /^users\.csv:3, 5, 7, 8, 9 y 1229 más \(1234 filas\): role — "coach" no es un rol/,
    );
  });
  it("write a limit with the reader's digit grouping", () => {
    const rows = msg("admin.rosterReport.text.fileHasMoreThan", { a: 2_000_000 });
    expect(render(rows, "en")).toBe("the file has more than 2,000,000 rows");
    expect(render(rows, "es")).toBe("el archivo tiene más de 2.000.000 filas");
  });
  it("download as CSV that a spreadsheet opens safely: BOM, quoted, formulas neutralised", () => {
    const text = problemsCsv([
      {
        file: "users.csv",
        line: 2,
        column: "givenName",
        message: asWritten('"=HYPERLINK(""x"")" is odd, really'),
        fix: asWritten("-fix it"),
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
