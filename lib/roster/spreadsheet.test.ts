import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { readRoster } from "./dataset";
import { formatProblem } from "./problems";
import { ROSTER_TEMPLATES, STAFF_TEMPLATE, STUDENT_TEMPLATE, templateCsv, templateMarkdown } from "./templates";
import { csv, looseUpload } from "./test-support";

const read = (files: Record<string, string>) => {
  const r = readRoster(looseUpload(files));
  return {
    data: r.dataset,
    problems: r.problems.items.map(formatProblem),
    warnings: r.warnings.items.map(formatProblem),
  };
};
const studentHeader = STUDENT_TEMPLATE.columns.map((c) => c.name);
const staffHeader = STAFF_TEMPLATE.columns.map((c) => c.name);

describe("spreadsheet templates", () => {
  it("are recognised by their header whatever the file is called, and go through the same model", () => {
    const { data, problems } = read({
      "Export (3).csv": csv([
        studentHeader,
        ["S1", "Ava", "Johnson", "", "ava.j", "ava@x.org", "2010-04-17", "BIO-1; GEO-2", "555-201-0001", ""],
      ]),
      "classes.csv": csv([
        staffHeader,
        ["BIO-1", "Biology", "2", "10", "dchen", "David Chen", "d@x.org", ""],
        ["GEO-2", "Geometry", "", "", "dchen", "David Chen", "", "teacher"],
        ["", "", "", "", "amorgan", "Alex Morgan", "", "admin"],
      ]),
    });
    expect(problems).toEqual([]);
    expect(data.format).toBe("spreadsheet");
    expect(data.upsertOnly).toBe(true);
    expect(data.users.map((u) => [u.key, u.sourcedId, u.role, u.name, u.username, u.email])).toEqual([
      ["u:dchen", null, "instructor", "David Chen", "dchen", "d@x.org"],
      ["u:amorgan", null, "admin", "Alex Morgan", "amorgan", undefined],
      ["s:S1", "S1", "student", "Ava Johnson", "ava.j", "ava@x.org"],
    ]);
    expect(data.users[2]).toMatchObject({
      dateOfBirth: "2010-04-17",
      parent1Number: "555-201-0001",
      parent2Number: undefined,
    });
    expect(data.classes.map((c) => [c.key, c.code, c.name, c.period, c.level])).toEqual([
      ["c:BIO-1", "BIO-1", "Biology", "2", "10"],
      ["c:GEO-2", "GEO-2", "Geometry", undefined, undefined],
    ]);
    expect(data.enrollments.map((e) => [e.userKey, e.classKey, e.role, e.primary])).toEqual([
      ["u:dchen", "c:BIO-1", "teacher", true],
      ["u:dchen", "c:GEO-2", "teacher", true],
      ["s:S1", "c:BIO-1", "student", false],
      ["s:S1", "c:GEO-2", "student", false],
    ]);
  });
  it("takes a whole name, and keys a student without an id on the username", () => {
    const { data } = read({
      "s.csv": csv([
        ["Name", "Username", "Class Codes"],
        ["Liam Johnson", "liam", "GEO-2"],
      ]),
    });
    expect(data.users[0]).toMatchObject({ key: "u:liam", sourcedId: null, name: "Liam Johnson" });
  });
  it("reports each wrong row with its line and what to do", () => {
    const { problems, warnings } = read({
      "students.csv": csv([
        studentHeader,
        ["", "Ann", "Lee", "", "", "", "", "", "", ""],
        ["S2", "", "", "", "", "", "", "", "", ""],
        ["S3", "Bo", "Li", "", "", "", "3/14/2010", "BIO 1", "5.55201E+09", "201-001"],
        ["S3", "Cy", "Ng", "", "", "", "", "", "", ""],
      ]),
      "staff.csv": csv([
        staffHeader,
        ["BIO-1", "Biology", "", "", "", "David Chen", "", ""],
        ["BIO-1", "Bio again", "", "", "", "", "", ""],
        ["", "", "", "", "x", "X", "", "principal"],
        ["ART", "Art", "", "", "boss", "Boss", "", "admin"],
      ]),
      "other.csv": csv([
        ["a", "b"],
        ["1", "2"],
      ]),
    });
    expect(problems).toEqual([
      "other.csv:1: header — the header matches neither template (students, or staff and classes) — start from a template downloaded from the import page and keep its header row",
      "staff.csv:2: teacher_username — the teacher has no username — fill teacher_username: it is how the portal knows the person",
      'staff.csv:3: class_code — the class "BIO-1" is also on line 2 — one row per class: a class has one teacher in the portal',
      'staff.csv:4: role — "principal" is not a staff role — write teacher or admin (or leave it empty for a teacher)',
      "staff.csv:5: role — an admin cannot be a class's teacher — give the class a teacher, or put the admin on a row of their own without a class",
      "students.csv:2: student_id — the student has neither a student_id nor a username — give every student a student_id (best) or a username",
      'students.csv:4: date_of_birth — "3/14/2010" is not a date — write it as YYYY-MM-DD (format the column as Text so the spreadsheet keeps it)',
      'students.csv:4: parent1_phone — "5.55201E+09" is a number the spreadsheet rewrote, not a phone number — format the column as Text and type the numbers again',
      'students.csv:4: class_codes — "BIO 1" is not a class code — separate class codes with ; and use the codes the portal shows',
      'students.csv:5: student_id — "S3" is also on line 4 — list each student once (put all their classes in class_codes)',
    ]);
    expect(warnings).toEqual([
      'students.csv:4: parent2_phone — "201-001" has fewer than 7 digits — write the whole number: only whole numbers link a parent\'s account to the student',
    ]);
  });
  it("refuses one person given two names", () => {
    const { problems } = read({
      "staff.csv": csv([
        staffHeader,
        ["A1", "A", "", "", "dchen", "David Chen", "", ""],
        ["A2", "B", "", "", "dchen", "Dave Chen", "", ""],
      ]),
    });
    expect(problems).toEqual([
      'staff.csv:3: teacher_name — "dchen" is given another name on line 2 — give a person the same name, e-mail and role on every row',
    ]);
  });
});

describe("template files and docs", () => {
  it("public/templates holds exactly the templates the importer reads", () => {
    for (const t of ROSTER_TEMPLATES)
      expect(readFileSync(`public/templates/${t.fileName}`, "utf8")).toBe(templateCsv(t));
  });
  it("docs/roster-templates.md documents every column as the importer reads it", () => {
    const doc = readFileSync("docs/roster-templates.md", "utf8");
    for (const t of ROSTER_TEMPLATES) expect(doc).toContain(templateMarkdown(t));
  });
  it("a filled-in example of each template reads without a problem", () => {
    const { problems } = read({
      "staff.csv": templateCsv(STAFF_TEMPLATE, true),
      "students.csv": templateCsv(STUDENT_TEMPLATE, true),
    });
    expect(problems).toEqual([]);
  });
});
