import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "@/lib/db/client";
import { withSchool } from "@/lib/db/school-scope";
import { applyRosterImport, previewRosterImport } from "@/lib/roster/import";
import { formatProblem } from "@/lib/roster/problems";
import { STUDENT_TEMPLATE } from "@/lib/roster/templates";
import { csv, looseUpload } from "@/lib/roster/test-support";
import { cli } from "./support/roster";
import { useTestDatabase } from "./support/test-db";

// A school's import reads whole only its own people and those the upload names (issue 42: a
// district's part would otherwise read the whole district's once per school). A username it makes
// up for a new person must still avoid every other school's people's usernames, and a name the
// upload gives that no database text can hold names nobody (it is no reason to fail).

useTestDatabase();

const STUDENTS = STUDENT_TEMPLATE.columns.map((c) => c.name);
const usernamesNamed = (name: string) =>
  queryRows<{ username: string }>(sql`select username from users where name = ${name} order by id`).then((rows) =>
    rows.map((r) => r.username),
  );

beforeAll(async () => {
  await queryRows(sql`insert into schools (id, name) values (2, 'Second school')`);
  // Two people of the second school only, whose usernames a new Liam Johnson of the first would take.
  for (const username of ["liam.johnson", "liam.johnson-2"]) {
    const [u] = await queryRows<{ id: number }>(
      sql`insert into users (name, username, role) values ('Liam Johnson', ${username}, 'student') returning id`,
    );
    // Made in the second school: the new account's membership is that school's alone.
    await queryRows(sql`update school_memberships set school_id = 2 where user_id = ${u!.id}`);
  }
  await queryRows(sql`insert into levels (code, name) values ('GEO-2', 'Geometry')`);
});

describe("a username made up for a new person", () => {
  it("is one no person of another school holds", async () => {
    const students = csv([STUDENTS, ["S1002", "Liam", "Johnson", "", "", "", "", "GEO-2", "", ""]]);
    const run = await withSchool(1, () =>
      applyRosterImport(looseUpload({ "students.csv": students }, "sheets"), { ...cli, source: "web" }),
    );
    expect(run.problems.map(formatProblem)).toEqual([]);
    expect(run.ok).toBe(true);
    expect(await usernamesNamed("Liam Johnson")).toEqual(["liam.johnson", "liam.johnson-2", "liam.johnson-3"]);
  });
});

describe("a person the upload names with a character no database text holds", () => {
  it("is previewed like any unknown person, not a failure", async () => {
    // Excel's "Unicode" CSV (UTF-16 with a byte-order mark) can carry U+0000, which UTF-8 files cannot.
    const text = csv([STUDENTS, ["S\u00002002", "Ana", "Ruiz", "", "ana\u0000ruiz", "", "", "GEO-2", "", ""]]);
    const utf16 = new Uint8Array([0xff, 0xfe, ...new Uint8Array(Buffer.from(text, "utf16le"))]);
    const run = await withSchool(1, () =>
      previewRosterImport(looseUpload({ "students.csv": utf16 }, "sheets"), { ...cli, source: "web" }),
    );
    expect(run.counts.users.create).toBe(1);
  });
});
