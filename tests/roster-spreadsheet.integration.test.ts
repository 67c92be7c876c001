import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { cli } from "./support/roster";
import { db, queryRows } from "@/lib/db/client";
import { applyRosterImport, previewRosterImport } from "@/lib/roster/import";
import { formatProblem } from "@/lib/roster/problems";
import { STAFF_TEMPLATE, STUDENT_TEMPLATE } from "@/lib/roster/templates";
import { csv, looseUpload } from "@/lib/roster/test-support";
import { databaseChecksum } from "./support/fixtures";
import { useTestDatabase } from "./support/test-db";

// The spreadsheet templates go through the same plan and apply as OneRoster (decision 012): they
// add and update, never remove, and a blank cell keeps the portal's value.

useTestDatabase();

const TABLES = ["users", "levels", "student_enrollment", "guardian_links", "school_terms"];
const STAFF = STAFF_TEMPLATE.columns.map((c) => c.name);
const STUDENTS = STUDENT_TEMPLATE.columns.map((c) => c.name);
const web = { ...cli, source: "web" as const };
const apply = async (files: Record<string, string>) => {
  const run = await applyRosterImport(looseUpload(files, "sheets"), web);
  if (!run.ok) throw new Error(run.problems.map(formatProblem).join("\n"));
  return run;
};
const rosterOf = async (code: string) =>
  (
    await queryRows<{ u: string }>(
      sql`select u.username as u from student_enrollment e join users u on u.id = e.student_id where e.level_code = ${code} order by 1`,
    )
  ).map((r) => r.u);

const staff = csv([
  STAFF,
  ["BIO-1", "Biology", "2", "10", "dchen", "David Chen", "dchen@school.example", "teacher"],
  ["GEO-2", "Geometry", "3", "10", "erivera", "Elena Rivera", "", ""],
  ["CHEM", "", "", "", "dchen", "David Chen", "", "teacher"],
  ["", "", "", "", "amorgan", "Alex Morgan", "", "admin"],
]);
const students = csv([
  STUDENTS,
  ["S1001", "Ava", "Johnson", "", "ava.johnson", "", "2010-04-17", "BIO-1;GEO-2", "555-201-0001", ""],
  ["S1002", "Liam", "Johnson", "", "", "", "", "GEO-2, CHEM", "(555) 201-0001", ""],
  ["", "", "", "Zoë Ng", "zng", "zoe@school.example", "", "BIO-1", "", ""],
]);

beforeAll(async () => {
  // A class and a parent typed into the portal before the sheets came.
  await db().execute(sql`insert into levels (code, name) values ('CHEM', 'Chemistry')`);
  await db().execute(
    sql`insert into users (name, username, role, code, phone_number) values ('Grace Johnson', 'gjohnson', 'parent', 'grace-code-12345', '555-201-0001')`,
  );
});

describe("the spreadsheet templates", () => {
  it("create staff, classes, students and enrollments; parent numbers link the parent account by phone", async () => {
    const preview = await previewRosterImport(
      looseUpload({ "staff-and-classes.csv": staff, "students.csv": students }),
      web,
    );
    expect(preview.problems).toEqual([]);
    expect(preview.format).toBe("spreadsheet");
    expect(preview.counts).toMatchObject({
      users: { create: 6, update: 0 },
      classes: { create: 2, update: 1, unchanged: 0 },
      enrollments: { create: 5 },
    });
    const run = await apply({ "staff-and-classes.csv": staff, "students.csv": students });
    expect(run.createdUserIds).toHaveLength(6);
    expect(
      await queryRows(
        sql`select username, role, sourced_id, name, email, date_of_birth::text as dob, parent1_number from users where role <> 'parent' order by username`,
      ),
    ).toEqual([
      {
        username: "amorgan",
        role: "admin",
        sourced_id: null,
        name: "Alex Morgan",
        email: null,
        dob: null,
        parent1_number: null,
      },
      {
        username: "ava.johnson",
        role: "student",
        sourced_id: "S1001",
        name: "Ava Johnson",
        email: null,
        dob: "2010-04-17",
        parent1_number: "555-201-0001",
      },
      {
        username: "dchen",
        role: "instructor",
        sourced_id: null,
        name: "David Chen",
        email: "dchen@school.example",
        dob: null,
        parent1_number: null,
      },
      {
        username: "erivera",
        role: "instructor",
        sourced_id: null,
        name: "Elena Rivera",
        email: null,
        dob: null,
        parent1_number: null,
      },
      {
        username: "liam.johnson",
        role: "student",
        sourced_id: "S1002",
        name: "Liam Johnson",
        email: null,
        dob: null,
        parent1_number: "(555) 201-0001",
      },
      {
        username: "zng",
        role: "student",
        sourced_id: null,
        name: "Zoë Ng",
        email: "zoe@school.example",
        dob: null,
        parent1_number: null,
      },
    ]);
    expect(
      await queryRows(
        sql`select l.code, l.name, l.period, l.level, t.username as teacher from levels l left join users t on t.id = l.teacher_id order by l.code`,
      ),
    ).toEqual([
      { code: "BIO-1", name: "Biology", period: "2", level: "10", teacher: "dchen" },
      { code: "CHEM", name: "Chemistry", period: null, level: null, teacher: "dchen" },
      { code: "GEO-2", name: "Geometry", period: "3", level: "10", teacher: "erivera" },
    ]);
    expect(await rosterOf("BIO-1")).toEqual(["ava.johnson", "zng"]);
    expect(await rosterOf("GEO-2")).toEqual(["ava.johnson", "liam.johnson"]);
    expect(await rosterOf("CHEM")).toEqual(["liam.johnson"]);
    expect(
      await queryRows(
        sql`select s.username, g.source from guardian_links g join users s on s.id = g.student_id order by 1`,
      ),
    ).toEqual([
      { username: "ava.johnson", source: "phone" },
      { username: "liam.johnson", source: "phone" },
    ]);
  });

  it("imported again change nothing", async () => {
    const before = await databaseChecksum(TABLES);
    const run = await apply({ "staff-and-classes.csv": staff, "students.csv": students });
    expect(run.changes).toBe(0);
    expect(await databaseChecksum(TABLES)).toEqual(before);
  });

  it("only add and update: blank cells keep values, people and classes left out stay, enrollments are only added", async () => {
    const run = await apply({
      "students.csv": csv([
        STUDENTS,
        ["S1001", "Ava", "Johnson-Park", "", "", "", "", "CHEM", "", ""],
        ["S1002", "", "", "", "", "", "", "BIO-1", "", ""],
      ]),
    });
    expect(run.counts.users).toMatchObject({ update: 1, unchanged: 1, delete: 0 });
    expect(run.counts.enrollments).toMatchObject({ create: 2, delete: 0 });
    expect(
      await queryRows(
        sql`select name, username, date_of_birth::text as dob, parent1_number from users where sourced_id = 'S1001'`,
      ),
    ).toEqual([
      { name: "Ava Johnson-Park", username: "ava.johnson", dob: "2010-04-17", parent1_number: "555-201-0001" },
    ]);
    expect(await rosterOf("BIO-1")).toEqual(["ava.johnson", "liam.johnson", "zng"]);
    expect(await rosterOf("CHEM")).toEqual(["ava.johnson", "liam.johnson"]);
    expect(await queryRows(sql`select name from users where sourced_id = 'S1002'`)).toEqual([{ name: "Liam Johnson" }]);
  });

  it("report a class that does not exist, and a username that is someone else's", async () => {
    const before = await databaseChecksum(TABLES);
    const run = await applyRosterImport(
      looseUpload({
        "students.csv": csv([
          STUDENTS,
          ["S2001", "Max", "Muster", "", "", "", "", "PHYS-9", "", ""],
          ["", "Dee", "Chen", "", "dchen", "", "", "", "", ""],
          ["S2002", "", "", "", "", "", "", "", "", ""],
        ]),
      }),
      web,
    );
    expect(run.problems.map(formatProblem)).toEqual([
      'students.csv:2: class_codes — no class "PHYS-9" in the classes file or the portal — add the class to the staff and classes file, or create it in the portal first',
      'students.csv:3: username — "dchen" is already the username of David Chen, a teacher in the portal — give this person another username, or change that user\'s username in the portal',
      "students.csv:4: first_name — a new person needs a name — fill in the person's name",
    ]);
    expect(await databaseChecksum(TABLES)).toEqual(before);
  });
});
