import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { queryRows } from "@/lib/db/client";
import { applyRosterImport, formatGroup, previewRosterImport } from "@/lib/roster/import";
import { render } from "@/lib/i18n/render";
import { formatProblem } from "@/lib/roster/problems";
import {
  csv,
  enrollmentRow,
  ENROLLMENTS_HEADER,
  manifest,
  smallSchool,
  userRow,
  USERS_HEADER,
  zipUpload,
} from "@/lib/roster/test-support";
import { databaseChecksum } from "./support/fixtures";
import { SCHOOL_TABLES } from "./support/roster";
import { useTestDatabase } from "./support/test-db";

// Issue 29: skipping refused rows only with the admin's consent, root causes named, problems
// grouped; a mass removal and a new administrator only when confirmed. Fixtures written here.

useTestDatabase();

const cli = { actorId: null, source: "cli" as const };
const names = async (role: string) =>
  (await queryRows<{ name: string }>(sql`select name from users where role = ${role} order by name`)).map(
    (r) => r.name,
  );

describe("skipping refused rows", () => {
  // A school whose users file has two bad e-mails and one unknown role: the three rows are refused,
  // and the enrollments of the refused people depend on them.
  const school = smallSchool({
    users: [
      userRow({ id: "t1", role: "teacher", given: "Tina", family: "Turner", username: "tturner" }),
      userRow({ id: "s1", role: "student", given: "Sam", family: "One", username: "sone", email: "not-an-email" }),
      userRow({ id: "s2", role: "student", given: "Sue", family: "Two", username: "stwo", email: "sue@@school" }),
      userRow({ id: "s3", role: "coach", given: "Sid", family: "Three", username: "sthree" }),
      userRow({ id: "s4", role: "student", given: "Sal", family: "Four", username: "sfour" }),
    ],
    enrollments: [
      enrollmentRow({ id: "e1", cls: "c1", user: "t1", role: "teacher", primary: "true" }),
      enrollmentRow({ id: "e2", cls: "c1", user: "s1", role: "student" }),
      enrollmentRow({ id: "e3", cls: "c1", user: "s4", role: "student" }),
    ],
  });

  it("refuses the whole upload without consent, and writes nothing", async () => {
    const before = await databaseChecksum(SCHOOL_TABLES);
    const run = await applyRosterImport(zipUpload(school), cli);
    expect(run).toMatchObject({ ok: false, applied: false, skippable: true, problemCount: 3 });
    expect(await databaseChecksum(SCHOOL_TABLES)).toEqual(before);
  });

  it("with skipInvalid applies the rest and lists the skipped rows with their root causes first", async () => {
    const preview = await previewRosterImport(zipUpload(school), cli);
    expect(preview.skippable).toBe(true);
    const run = await applyRosterImport(zipUpload(school), { ...cli, skipInvalid: true });
    expect(run).toMatchObject({ ok: true, applied: true, skipped: 3 });
    expect(run.problemGroups.map(formatGroup)).toEqual([
      'users.csv:3: email — "not-an-email" is not an e-mail address — correct it (name@school.example), or leave the cell empty',
      'users.csv:4: email — "sue@@school" is not an e-mail address — correct it (name@school.example), or leave the cell empty',
      'users.csv:5: role — "coach" is not a role the portal has — use student, teacher, administrator, parent, guardian or relative (aides and proctors have no account in the portal: leave them out)',
    ]);
    // The enrollment of a refused student names its cause instead of "no user".
    expect(run.warnings.map(formatProblem)).toContain(
      'enrollments.csv:3: userSourcedId — skipped: its user "s1" was refused at users.csv:3 — nothing here: fix the user\'s row and this enrollment is imported with it',
    );
    expect(await names("student")).toEqual(["Sal Four"]);
    expect(await names("instructor")).toEqual(["Tina Turner"]);
  });
});

describe("problems grouped, causes first", () => {
  it("gives alike problems one line with a count and their first lines, the users file before the enrollments, then by line", async () => {
    const users = [userRow({ id: "t1", role: "teacher", given: "Tina", family: "Turner" })];
    for (let i = 0; i < 12; i++)
      users.push(userRow({ id: `x${i}`, role: "student", given: "X", family: `${i}`, email: "nope" }));
    const files = {
      "manifest.csv": manifest({ users: "delta", enrollments: "delta" }),
      "users.csv": csv([USERS_HEADER, ...users]),
      "enrollments.csv": csv([
        ENROLLMENTS_HEADER,
        enrollmentRow({ id: "e1", cls: "cx", user: "t1", role: "teacher" }),
        enrollmentRow({ id: "e2", cls: "cx", user: "t1", role: "teacher", begin: "05/01/2024" }),
      ]),
    };
    const run = await previewRosterImport(zipUpload(files), cli);
    expect(run.problemGroups.map(formatGroup)).toEqual([
      'users.csv:3, 4, 5, 6, 7 and 7 more (12 rows): email — "nope" is not an e-mail address — correct it (name@school.example), or leave the cell empty',
      'enrollments.csv:2: classSourcedId — no class "cx" in the classes file or the portal — add the class, or remove the enrollment',
      'enrollments.csv:3: beginDate — "05/01/2024" is not a date — write it as YYYY-MM-DD',
    ]);
  });
});

describe("mass removals", () => {
  const everyone = smallSchool();
  it("a users file holding only the admin names every person removed or kept, and applies nothing unconfirmed", async () => {
    await applyRosterImport(zipUpload(everyone), { ...cli, allowNewAdmins: true });
    const before = await databaseChecksum(SCHOOL_TABLES);
    const onlyAdmin = smallSchool({
      users: [userRow({ id: "a1", role: "administrator", given: "Ada", family: "Admin", username: "aadmin" })],
      enrollments: [],
    });
    const preview = await previewRosterImport(zipUpload(onlyAdmin), cli);
    expect(preview.ok).toBe(true);
    expect(preview.deletionGuard?.people).toBe(8);
    expect(render(preview.deletionGuard!.reason, "en")).toBe(
      "the import would remove 8 people (88.9 % of the 9 in the portal)",
    );
    expect(render(preview.deletionGuard!.reason, "es")).toBe(
      "la importación quitaría 8 personas (88.9\u00a0% de las 9 del portal)",
    );
    expect(
      preview.deletions
        .filter((d) => d.entity === "users")
        .map((d) => d.name)
        .sort(),
    ).toEqual(["Pat One", "Rae Three", "Sal Four", "Sam One", "Sid Three", "Sue Two", "Tina Turner", "Tom Baker"]);

    const refused = await applyRosterImport(zipUpload(onlyAdmin), { ...cli, allowDeletions: 7 });
    expect(refused.ok).toBe(false);
    expect(refused.problems.map(formatProblem)).toEqual([
      "roster.zip: file — the import would remove 8 people (88.9 % of the 9 in the portal): more than 5 % of people or an administrator needs a confirmation — check the list of removals; to go ahead, type 8 on the admin page (or run the command line with --allow-deletions 8)",
    ]);
    expect(await databaseChecksum(SCHOOL_TABLES)).toEqual(before);

    const applied = await applyRosterImport(zipUpload(onlyAdmin), { ...cli, allowDeletions: 8 });
    expect(applied).toMatchObject({ ok: true, applied: true });
    expect(applied.counts.users.delete + applied.counts.users.kept).toBe(8);
  });
});

describe("administrators", () => {
  it("a new administrator is refused unless allowed; a secondary siteAdministrator row makes none", async () => {
    const files = {
      "manifest.csv": manifest({ users: "delta", roles: "delta" }),
      "users.csv": csv([
        ["sourcedId", "givenName", "familyName", "username"],
        ["n1", "Nora", "New", "nnew"],
        ["n2", "Otto", "Other", "oother"],
      ]),
      "roles.csv": csv([
        ["sourcedId", "userSourcedId", "roleType", "role"],
        ["r1", "n1", "primary", "teacher"],
        ["r2", "n1", "secondary", "siteAdministrator"],
        ["r3", "n2", "primary", "principal"],
      ]),
    };
    const refused = await applyRosterImport(zipUpload(files), cli);
    expect(refused.problems.map(formatProblem)).toEqual([
      'users.csv:3: role (roles.csv:4) — Otto Other would be a new administrator — tick "Allow new administrators" (--allow-new-admins on the command line) if they should be one, or correct the role',
    ]);
    const adminsBefore = await names("admin");
    const allowed = await applyRosterImport(zipUpload(files), { ...cli, allowNewAdmins: true });
    expect(allowed.newAdmins.map((a) => a.name)).toEqual(["Otto Other"]);
    expect(await names("admin")).toEqual([...adminsBefore, "Otto Other"].sort());
    expect((await queryRows<{ role: string }>(sql`select role from users where sourced_id = 'n1'`))[0]!.role).toBe(
      "instructor",
    );
  });

  it("a teacher enrolled as a student in another class stays a teacher: the student enrollment is skipped with a warning", async () => {
    const files = {
      "manifest.csv": manifest({ enrollments: "delta" }),
      "enrollments.csv": csv([
        ENROLLMENTS_HEADER,
        enrollmentRow({ id: "e99", cls: "c3", user: "n1", role: "student" }),
      ]),
    };
    const run = await applyRosterImport(zipUpload(files), cli);
    expect(run.ok).toBe(true);
    expect(run.warnings.map(formatProblem)).toEqual([
      'enrollments.csv:2: role — "n1" is a teacher, enrolled as a student: the staff role wins — nothing: this student enrollment is skipped (a person has one role in the portal)',
    ]);
    expect(run.counts.enrollments.ignored).toBe(1);
  });
});
