import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db, queryRows } from "@/lib/db/client";
import {
  applyRosterImport,
  listRosterImports,
  newUsersOfLastImport,
  previewRosterImport,
  type RosterProgress,
} from "@/lib/roster/import";
import { formatProblem } from "@/lib/roster/problems";
import { classRow, enrollmentRow, smallSchool, userRow, zipUpload } from "@/lib/roster/test-support";
import { databaseChecksum, storedCodes } from "./support/fixtures";
import { apply, cli, SCHOOL_TABLES } from "./support/roster";
import { useTestDatabase } from "./support/test-db";

// The OneRoster import end to end (decision 012), on PGlite and on PostgreSQL: every mapping rule
// as rows in the database, the idempotent re-import, updates in place, local edits that survive,
// bulk removals that keep academic records, deltas, guardian links, history and audit.

useTestDatabase();

const user = async (sourcedId: string) =>
  (
    await queryRows<Record<string, unknown>>(
      sql`select id, name, username, email, role, code, phone_number, parent1_number, date_of_birth::text as dob, session_version, roster_deleted_at from users where sourced_id = ${sourcedId}`,
    )
  )[0];
const level = async (sourcedId: string) =>
  (
    await queryRows<Record<string, unknown>>(
      sql`select l.id, l.code, l.name, l.period, l.level, t.sourced_id as teacher, l.teacher_enrollment_sourced_id as tesid, l.roster_deleted_at from levels l left join users t on t.id = l.teacher_id where l.sourced_id = ${sourcedId}`,
    )
  )[0];
const rosterOf = async (code: string) =>
  (
    await queryRows<{ s: string }>(
      sql`select u.sourced_id as s from student_enrollment e join users u on u.id = e.student_id where e.level_code = ${code} order by 1`,
    )
  ).map((r) => r.s);
const links = async () =>
  (
    await queryRows<{ p: string; s: string; relationship: string; source: string; from_roster: boolean }>(
      sql`select p.sourced_id as p, s.sourced_id as s, g.relationship, g.source, g.from_roster from guardian_links g join users p on p.id = g.parent_id join users s on s.id = g.student_id order by 1, 2`,
    )
  ).map((l) => `${l.p}>${l.s}:${l.relationship}:${l.source}${l.from_roster ? ":roster" : ""}`);

describe("a first bulk import", () => {
  let files: Record<string, string>;
  beforeAll(() => {
    files = smallSchool();
  });

  it("previews the counts and writes nothing but its history row", async () => {
    const before = await databaseChecksum(SCHOOL_TABLES);
    const audits = await queryRows<{ n: number }>(sql`select count(*)::int as n from audit_log`);
    const run = await previewRosterImport(zipUpload(files), cli);
    expect(run.ok).toBe(true);
    expect(run.problems).toEqual([]);
    expect(run.counts).toEqual({
      users: { create: 9, update: 0, unchanged: 0, delete: 0, kept: 0, ignored: 0 },
      classes: { create: 3, update: 0, unchanged: 0, delete: 0, kept: 0, ignored: 0 },
      enrollments: { create: 4, update: 0, unchanged: 0, delete: 0, kept: 0, ignored: 1 },
      guardians: { create: 3, update: 0, unchanged: 0, delete: 0, kept: 0, ignored: 0 },
      terms: { create: 2, update: 0, unchanged: 0, delete: 0, kept: 0, ignored: 0 },
      categories: { create: 0, update: 0, unchanged: 0, delete: 0, kept: 0, ignored: 0 },
      assignments: { create: 0, update: 0, unchanged: 0, delete: 0, kept: 0, ignored: 0 },
      grades: { create: 0, update: 0, unchanged: 0, delete: 0, kept: 0, ignored: 0 },
    });
    expect(run.warnings.map(formatProblem)).toEqual([
      `classes.csv:3: classCode — "Bio 2" cannot be a class code (letters, digits, '.', '_' and '-', at most 50) — nothing: the class gets the code "Bio-2" (change it in the SIS to choose another)`,
    ]);
    expect(await databaseChecksum(SCHOOL_TABLES)).toEqual(before);
    expect(await queryRows<{ n: number }>(sql`select count(*)::int as n from audit_log`)).toEqual(audits);
    const [history] = await listRosterImports({ limit: 1 });
    expect(history).toMatchObject({
      id: run.importId,
      source: "cli",
      dryRun: true,
      status: "previewed",
      problems: 0,
      fileName: "roster.zip",
    });
  });

  it("applies: people with their roles and generated codes, classes, teachers, enrollments, guardians and terms", async () => {
    const phases: RosterProgress[] = [];
    const preview = await previewRosterImport(zipUpload(files), cli);
    const run = await apply(files, { expectFingerprint: preview.fingerprint, onProgress: (p) => phases.push(p) });
    expect(run.applied).toBe(true);
    expect(run.changes).toBe(21);
    expect(run.createdUserIds).toHaveLength(9);

    const roles = await queryRows<{ sourced_id: string; role: string }>(
      sql`select sourced_id, role from users order by sourced_id`,
    );
    expect(Object.fromEntries(roles.map((r) => [r.sourced_id, r.role]))).toEqual({
      a1: "admin",
      p1: "parent",
      r1: "parent",
      s1: "student",
      s2: "student",
      s3: "student",
      s4: "student",
      t1: "instructor",
      t2: "instructor",
    });
    const tina = await user("t1");
    expect(tina).toMatchObject({
      name: "Tina Turner",
      username: "tturner",
      email: "tt@school.example",
      phone_number: null,
    });
    const [{ n }] = (await queryRows<{ n: number }>(sql`select count(*)::int as n from users`)) as [{ n: number }];
    const codes = await storedCodes();
    expect(codes).toHaveLength(n);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect(codes).not.toContain("secret-from-sis");
    // A parent without a username gets one from the name; their phone is kept; a student's is not a parent number.
    expect(await user("p1")).toMatchObject({ username: "pat.one", phone_number: "555-301-0001" });

    expect(await level("c1")).toMatchObject({
      code: "ALG1",
      name: "Algebra I",
      period: "1",
      level: "09",
      teacher: "t1",
      tesid: "e1",
    });
    expect(await level("c2")).toMatchObject({ code: "Bio-2", period: "2, 3", level: "10", teacher: "t2", tesid: "e3" });
    expect(await level("c3")).toMatchObject({ code: "c3", teacher: null, tesid: null });
    expect(await rosterOf("ALG1")).toEqual(["s1", "s2"]);
    expect(await rosterOf("Bio-2")).toEqual(["s3"]);
    expect(await links()).toEqual([
      "p1>s1:guardian:admin:roster",
      "p1>s2:guardian:admin:roster",
      "r1>s3:other:admin:roster",
    ]);
    expect(
      await queryRows(
        sql`select sourced_id, title, type, start_date::text as start, end_date::text as "end", parent_sourced_id as parent, school_year from school_terms order by sourced_id`,
      ),
    ).toEqual([
      {
        sourced_id: "f1",
        title: "Fall",
        type: "semester",
        start: "2024-08-15",
        end: "2024-12-20",
        parent: "y1",
        school_year: 2025,
      },
      {
        sourced_id: "y1",
        title: "2024-25",
        type: "schoolYear",
        start: "2024-08-15",
        end: "2025-06-10",
        parent: null,
        school_year: 2025,
      },
    ]);

    const [audit] = await queryRows<{ actor_id: number | null; detail: Record<string, unknown> }>(
      sql`select actor_id, detail from audit_log where action = 'roster.imported' order by id desc limit 1`,
    );
    expect(audit!.detail).toMatchObject({
      importId: run.importId,
      source: "cli",
      format: "oneroster",
      newUsers: 9,
      counts: { users: { create: 9 }, enrollments: { create: 4, ignored: 1 } },
    });
    expect(
      await queryRows(
        sql`select count(*)::int as n from audit_log where action = 'guardian.linked' and detail->>'source' = 'roster'`,
      ),
    ).toEqual([{ n: 3 }]);
    expect(await newUsersOfLastImport()).toMatchObject({ importId: run.importId, userIds: run.createdUserIds });
    const [history] = await listRosterImports({ limit: 1 });
    expect(history).toMatchObject({
      id: run.importId,
      dryRun: false,
      status: "applied",
      newUserIds: run.createdUserIds,
      counts: { users: { create: 9 } },
    });

    expect(phases[0]).toEqual({ phase: "reading", done: 0, total: 1 });
    expect(phases.map((p) => p.phase).filter((p, i, all) => all.indexOf(p) === i)).toEqual([
      "reading",
      "checking",
      "removing",
      "users",
      "classes",
      "enrollments",
      "guardians",
      "terms",
      "categories",
      "assignments",
      "grades",
      "recording",
    ]);
    expect(phases.find((p) => p.phase === "users" && p.done === p.total)).toEqual({
      phase: "users",
      done: 9,
      total: 9,
    });
  });

  it("re-imported as it is, changes nothing", async () => {
    const before = await databaseChecksum(SCHOOL_TABLES);
    const run = await apply(files);
    expect(run.changes).toBe(0);
    expect(run.counts.users).toEqual({ create: 0, update: 0, unchanged: 9, delete: 0, kept: 0, ignored: 0 });
    expect(run.counts.enrollments.unchanged).toBe(4);
    expect(run.counts.guardians.unchanged).toBe(3);
    expect(run.createdUserIds).toEqual([]);
    expect(await databaseChecksum(SCHOOL_TABLES)).toEqual(before);
  });
});

describe("re-imports", () => {
  it("keep local edits to what the import does not carry", async () => {
    const s1 = (await user("s1"))!;
    await db().execute(
      sql`update users set date_of_birth = '2010-01-02', parent1_number = '555-999-0001', code = 'local-code-12345' where sourced_id = 's1'`,
    );
    await db().execute(sql`update levels set code = 'ALG1-P1' where sourced_id = 'c1'`);
    await db().execute(
      sql`update guardian_links set relationship = 'mother' from users p where p.id = parent_id and p.sourced_id = 'p1' and student_id = ${s1.id}`,
    );
    const hand = await queryRows<{ id: number }>(
      sql`insert into users (name, username, role, code) values ('Hand Made', 'handmade', 'student', 'hand-made-code-1') returning id`,
    );
    await db().execute(sql`insert into student_enrollment (student_id, level_code) values (${hand[0]!.id}, 'ALG1-P1')`);
    await db().execute(
      sql`insert into updates (level_code, title, content) values ('ALG1-P1', 'Welcome', 'Hello class')`,
    );
    const before = await databaseChecksum(SCHOOL_TABLES);
    const run = await apply(smallSchool());
    expect(run.changes).toBe(0);
    expect(await databaseChecksum(SCHOOL_TABLES)).toEqual(before);
    expect(await user("s1")).toMatchObject({
      dob: "2010-01-02",
      parent1_number: "555-999-0001",
      code: "local-code-12345",
    });
    expect(await rosterOf("ALG1-P1")).toEqual(["s1", "s2", null]);
    expect(await links()).toContain("p1>s1:mother:admin:roster");
  });

  it("update changed rows in place: names, e-mails, usernames, titles, teachers, a moved enrollment, and add new ones", async () => {
    const ids = { s1: (await user("s1"))!.id, t1: (await user("t1"))!.id };
    const files = smallSchool({
      users: [
        userRow({ id: "t1", role: "teacher", given: "Tina", family: "Turner-Lee", username: "tturner" }),
        userRow({ id: "t2", role: "teacher", given: "Tom", family: "Baker", username: "tbaker" }),
        userRow({ id: "a1", role: "administrator", given: "Ada", family: "Admin", username: "aadmin" }),
        // s1 and s2 swap usernames.
        userRow({ id: "s1", role: "student", given: "Sam", family: "One", username: "stwo", agents: "p1" }),
        userRow({ id: "s2", role: "student", given: "Sue", family: "Two", username: "sone" }),
        userRow({ id: "s3", role: "student", given: "Sid", family: "Three", username: "sthree" }),
        userRow({ id: "s4", role: "student", given: "Sal", family: "Four", username: "sfour" }),
        userRow({ id: "s5", role: "student", given: "Sky", family: "Five", email: "sky@school.example" }),
        userRow({ id: "p1", role: "parent", given: "Pat", family: "One", phone: "555-301-0002", agents: "s1,s2" }),
        userRow({ id: "r1", role: "relative", given: "Rae", family: "Three", username: "rthree", agents: "s3" }),
      ],
      classes: [
        classRow({ id: "c1", title: "Algebra I (honors)", code: "ALG1", periods: "1", grades: "09" }),
        classRow({ id: "c2", title: "Biology", code: "Bio 2", periods: "2,3", grades: "10" }),
        classRow({ id: "c3", title: "Art" }),
      ],
      enrollments: [
        enrollmentRow({ id: "e1", cls: "c1", user: "t1", role: "teacher", primary: "false" }),
        enrollmentRow({ id: "e2", cls: "c1", user: "t2", role: "teacher", primary: "true" }),
        enrollmentRow({ id: "e3", cls: "c2", user: "t2", role: "teacher" }),
        enrollmentRow({ id: "e4", cls: "c1", user: "s1", role: "student" }),
        enrollmentRow({ id: "e5", cls: "c2", user: "s2", role: "student" }),
        enrollmentRow({ id: "e6", cls: "c2", user: "s3", role: "student" }),
        enrollmentRow({ id: "e7", cls: "c3", user: "s4", role: "student" }),
        enrollmentRow({ id: "e9", cls: "c3", user: "s5", role: "student" }),
      ],
    });
    const run = await apply(files);
    expect(run.counts.users).toMatchObject({ create: 1, update: 4, unchanged: 5 });
    expect(run.counts.classes).toMatchObject({ update: 1, unchanged: 2 });
    expect(run.counts.enrollments).toMatchObject({ create: 2, delete: 1, unchanged: 3 });
    expect(await user("t1")).toMatchObject({ id: ids.t1, name: "Tina Turner-Lee", email: null });
    expect(await user("s1")).toMatchObject({ id: ids.s1, username: "stwo" });
    expect(await user("s2")).toMatchObject({ username: "sone" });
    expect(await user("s5")).toMatchObject({ username: "sky@school.example", email: "sky@school.example" });
    expect(await user("p1")).toMatchObject({ phone_number: "555-301-0002" });
    expect(await level("c1")).toMatchObject({
      code: "ALG1-P1",
      name: "Algebra I (honors)",
      teacher: "t2",
      tesid: "e2",
    });
    expect(await rosterOf("ALG1-P1")).toEqual(["s1", null]);
    expect(await rosterOf("Bio-2")).toEqual(["s2", "s3"]);
    expect(await rosterOf("c3")).toEqual(["s4", "s5"]);
    expect(run.createdUserIds).toEqual([(await user("s5"))!.id]);
  });

  it("refuse to change a person's role, or to take a username someone else has", async () => {
    await db().execute(
      sql`insert into users (name, username, role, code) values ('Other Admin', 'otheradmin', 'admin', 'other-admin-code-1')`,
    );
    const files = smallSchool();
    const before = await databaseChecksum(SCHOOL_TABLES);
    const run = await applyRosterImport(
      zipUpload({
        ...files,
        "users.csv": files["users.csv"]!.replace("s4,,,true,org1,student", "s4,,,true,org1,teacher").replace(
          ",sthree,",
          ",otheradmin,",
        ),
      }),
      cli,
    );
    expect(run.ok).toBe(false);
    expect(run.problems.map(formatProblem)).toEqual([
      'users.csv:7: username — "otheradmin" is already the username of Other Admin in the portal — give each person their own username',
      "users.csv:8: role — the portal has Sal Four as a student, the file as a teacher — the import does not change a person's role: correct the file, or give the person a new sourcedId",
    ]);
    expect(await databaseChecksum(SCHOOL_TABLES)).toEqual(before);
  });
});
