import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "@/lib/db/client";
import { withSchool } from "@/lib/db/school-scope";
import { applyRosterImport } from "@/lib/roster/import";
import { formatProblem } from "@/lib/roster/problems";
import { STUDENT_TEMPLATE } from "@/lib/roster/templates";
import { csv, looseUpload } from "@/lib/roster/test-support";
import { cli } from "./support/roster";
import { useTestDatabase } from "./support/test-db";

// A school's import reads whole only its own people and those the upload names (issue 42: a
// district's part would otherwise read the whole district's once per school). A username it makes
// up for a new person must still avoid every other school's people's usernames.

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
