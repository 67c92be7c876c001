import { sql } from "drizzle-orm";
import { codeHash, openCode, sealPlaintextCodes } from "@/lib/auth/code-store";
import { beforeAll, describe, expect, it } from "vitest";
import { db, queryRows } from "@/lib/db/client";
import { applyRosterImport, listRosterImports, previewRosterImport } from "@/lib/roster/import";
import { formatProblem } from "@/lib/roster/problems";
import {
  classRow,
  csv,
  ENROLLMENTS_HEADER,
  enrollmentRow,
  manifest,
  smallSchool,
  userRow,
  USERS_HEADER,
  zipUpload,
} from "@/lib/roster/test-support";
import { databaseChecksum } from "./support/fixtures";
import { apply, cli, SCHOOL_TABLES } from "./support/roster";
import { useTestDatabase } from "./support/test-db";

// What imports remove (decision 012): bulk files remove roster rows they no longer list, deltas
// remove what they mark tobedeleted; people and classes with academic records are kept without
// access, never deleted (decision 003); guardian links the roster made follow the roster.

useTestDatabase();

// The person's access code, opened from its sealed form (decision 019); null: none.
const user = async (sourcedId: string) => {
  const [row] = await queryRows<Record<string, unknown>>(
    sql`select id, name, code_sealed, code_hash, session_version, roster_deleted_at is not null as gone from users where sourced_id = ${sourcedId}`,
  );
  if (!row) return undefined;
  const { code_sealed, code_hash, ...rest } = row;
  const code = openCode(code_sealed as string | null);
  if (code !== null) expect(code_hash).toBe(codeHash(code));
  return { ...rest, code } as Record<string, unknown>;
};
const level = async (sourcedId: string) =>
  (
    await queryRows<Record<string, unknown>>(
      sql`select l.code, t.sourced_id as teacher, l.teacher_enrollment_sourced_id as tesid, l.roster_deleted_at is not null as gone from levels l left join users t on t.id = l.teacher_id where l.sourced_id = ${sourcedId}`,
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
    await queryRows<{ p: string; s: string; source: string; from_roster: boolean }>(
      sql`select p.sourced_id as p, s.sourced_id as s, g.source, g.from_roster from guardian_links g join users p on p.id = g.parent_id join users s on s.id = g.student_id order by 1, 2`,
    )
  ).map((l) => `${l.p}>${l.s}:${l.source}${l.from_roster ? ":roster" : ""}`);

const USERS = {
  t1: userRow({
    id: "t1",
    role: "teacher",
    given: "Tina",
    family: "Turner",
    username: "tturner",
    email: "tt@school.example",
  }),
  t2: userRow({ id: "t2", role: "teacher", given: "Tom", family: "Baker", username: "tbaker" }),
  a1: userRow({ id: "a1", role: "administrator", given: "Ada", family: "Admin", username: "aadmin" }),
  s1: userRow({ id: "s1", role: "student", given: "Sam", family: "One", username: "sone" }),
  s2: userRow({ id: "s2", role: "student", given: "Sue", family: "Two", username: "stwo" }),
  s3: userRow({ id: "s3", role: "student", given: "Sid", family: "Three", username: "sthree" }),
  s4: userRow({ id: "s4", role: "student", given: "Sal", family: "Four", username: "sfour" }),
  p1: userRow({ id: "p1", role: "parent", given: "Pat", family: "One", phone: "555-301-0001", agents: "s1,s2" }),
  r1: userRow({ id: "r1", role: "relative", given: "Rae", family: "Three", username: "rthree" }),
};

beforeAll(async () => {
  await apply(smallSchool());
  // Academic records: a graded assignment of Sid's in Biology, an announcement in Algebra.
  await db().execute(sql`insert into assignments (level_code, title, max_score) values ('Bio-2', 'Lab 1', 10)`);
  await db().execute(
    sql`insert into grades (assignment_id, student_id, score) select a.id, u.id, 9 from assignments a, users u where a.title = 'Lab 1' and u.sourced_id = 's3'`,
  );
  await db().execute(sql`insert into updates (level_code, title, content) values ('ALG1', 'Welcome', 'Hello')`);
  await db().execute(
    sql`insert into student_enrollment (student_id, level_code) select id, 'ALG1' from users where sourced_id = 's4'`,
  );
});

describe("a bulk file that no longer lists people and classes", () => {
  const files = smallSchool({
    users: [USERS.t1, USERS.t2, USERS.a1, USERS.s1, USERS.s2, USERS.p1, USERS.r1],
    classes: [classRow({ id: "c2", title: "Biology", code: "Bio 2" })],
    enrollments: [
      enrollmentRow({ id: "e3", cls: "c2", user: "t2", role: "teacher" }),
      enrollmentRow({ id: "e5", cls: "c2", user: "s2", role: "student" }),
    ],
  });

  it("previews deletions, and keeps those with academic records", async () => {
    const run = await previewRosterImport(zipUpload(files), cli);
    expect(run.problems).toEqual([]);
    expect(run.counts.users).toMatchObject({ delete: 1, kept: 1, unchanged: 7 });
    expect(run.counts.classes).toMatchObject({ delete: 1, kept: 1, update: 1 }); // Biology loses its periods and grades (empty cells clear)
    // s1 and s2 leave Algebra (kept, so every enrollment goes), s2 joins Biology, Sid leaves it, Sal leaves Art and Algebra.
    expect(run.counts.enrollments).toMatchObject({ create: 1, delete: 5 });
    expect(run.counts.guardians).toMatchObject({ delete: 1, unchanged: 2 });
    expect(run.deletions.map((d) => [d.entity, d.sourcedId, d.kept])).toEqual([
      ["users", "s3", true],
      ["users", "s4", false],
      ["classes", "c1", true],
      ["classes", "c3", false],
    ]);
  });

  it("deletes those without records and keeps the rest without access; nothing academic is lost", async () => {
    const sid = (await user("s3"))!;
    const grades = await queryRows(sql`select * from grades`);
    await apply(files);
    expect(await user("s4")).toBeUndefined();
    expect(await user("s3")).toMatchObject({
      id: sid.id,
      code: null,
      session_version: Number(sid.session_version) + 1,
      gone: true,
    });
    expect(await level("c3")).toBeUndefined();
    expect(await level("c1")).toMatchObject({ code: "ALG1", gone: true });
    expect(await queryRows(sql`select * from grades`)).toEqual(grades);
    expect(await queryRows(sql`select title from updates`)).toEqual([{ title: "Welcome" }]);
    expect(await rosterOf("ALG1")).toEqual([]);
    expect(await rosterOf("Bio-2")).toEqual(["s2"]);
    expect(await links()).toEqual(["p1>s1:admin:roster", "p1>s2:admin:roster"]);
  });

  it("counts what it kept only once: the same file again changes nothing", async () => {
    const before = await databaseChecksum(SCHOOL_TABLES);
    const run = await apply(files);
    expect(run.changes).toBe(0);
    expect(run.deletions).toEqual([]);
    expect(await databaseChecksum(SCHOOL_TABLES)).toEqual(before);
  });

  it("brings a kept person back with a new access code when the roster lists them again", async () => {
    const again = smallSchool({
      users: [USERS.t1, USERS.t2, USERS.a1, USERS.s1, USERS.s2, USERS.s3, USERS.p1, USERS.r1],
      classes: [classRow({ id: "c2", title: "Biology", code: "Bio 2" })],
      enrollments: [
        enrollmentRow({ id: "e3", cls: "c2", user: "t2", role: "teacher" }),
        enrollmentRow({ id: "e5", cls: "c2", user: "s2", role: "student" }),
        enrollmentRow({ id: "e6", cls: "c2", user: "s3", role: "student" }),
      ],
    });
    const run = await apply(again);
    const sid = (await user("s3"))!;
    expect(run.counts.users).toMatchObject({ update: 1, unchanged: 7 });
    expect(run.reactivatedUserIds).toEqual([sid.id]);
    expect(sid).toMatchObject({ gone: false, code: expect.stringMatching(/^[a-z2-9]{5}-[a-z2-9]{5}$/) as unknown });
    expect(await rosterOf("Bio-2")).toEqual(["s2", "s3"]);
    expect(
      await queryRows(
        sql`select count(*)::int as n from grades g join users u on u.id = g.student_id where u.sourced_id = 's3'`,
      ),
    ).toEqual([{ n: 1 }]);
  });

  it("refuses to remove the account of the admin running it", async () => {
    const adminId = Number((await user("a1"))!.id);
    const withoutMe = smallSchool({
      users: [USERS.t1, USERS.t2, USERS.s1, USERS.s2, USERS.s3, USERS.p1, USERS.r1],
      classes: [classRow({ id: "c2", title: "Biology", code: "Bio 2" })],
      enrollments: [],
    });
    const run = await applyRosterImport(zipUpload(withoutMe), { ...cli, actorId: adminId, source: "web" });
    expect(run.ok).toBe(false);
    expect(run.problems.map(formatProblem)).toEqual([
      'users.csv: sourcedId — the import would remove your own account (Ada Admin, sourcedId "a1") — keep yourself in the users file, or have another administrator run the import',
    ]);
    expect((await listRosterImports({ limit: 1 }))[0]).toMatchObject({
      id: run.importId,
      actorId: adminId,
      actorName: "Ada Admin",
      source: "web",
      status: "refused",
    });
  });
});

describe("delta files", () => {
  it("add and update what they list and remove what they mark tobedeleted", async () => {
    const files = {
      "manifest.csv": manifest({ users: "delta", enrollments: "delta" }),
      "users.csv": csv([
        USERS_HEADER,
        userRow({ id: "s6", role: "student", given: "Sia", family: "Six", username: "ssix", status: "active" }),
        userRow({ id: "s1", role: "student", given: "", family: "", status: "tobedeleted" }),
      ]),
      "enrollments.csv": csv([
        ENROLLMENTS_HEADER,
        enrollmentRow({ id: "e3", cls: "", user: "", role: "", status: "tobedeleted" }),
        enrollmentRow({ id: "e5", cls: "c2", user: "s2", role: "student", status: "tobedeleted" }),
        enrollmentRow({ id: "e10", cls: "c2", user: "s6", role: "student", status: "active" }),
      ]),
    };
    const run = await apply(files);
    expect(run.counts.users).toMatchObject({ create: 1, delete: 1, update: 0, unchanged: 0 });
    expect(run.counts.enrollments).toMatchObject({ create: 1, delete: 1 });
    expect(run.counts.classes).toMatchObject({ update: 1 });
    expect(run.counts.guardians).toMatchObject({ delete: 1 });
    expect(await user("s1")).toBeUndefined();
    expect(await user("s2")).toBeDefined();
    expect(await rosterOf("Bio-2")).toEqual(["s3", "s6"]);
    // The teacher's enrollment went: the class has no teacher now.
    expect(await level("c2")).toMatchObject({ teacher: null, tesid: null });
  });

  it("a delta's secondary teacher does not displace the roster's teacher; a primary one does", async () => {
    const teach = (e: string[][]) =>
      apply({ "manifest.csv": manifest({ enrollments: "delta" }), "enrollments.csv": csv([ENROLLMENTS_HEADER, ...e]) });
    await teach([enrollmentRow({ id: "e20", cls: "c2", user: "t1", role: "teacher" })]);
    expect(await level("c2")).toMatchObject({ teacher: "t1", tesid: "e20" });
    await teach([enrollmentRow({ id: "e21", cls: "c2", user: "t2", role: "teacher", primary: "false" })]);
    expect(await level("c2")).toMatchObject({ teacher: "t1", tesid: "e20" });
    await teach([enrollmentRow({ id: "e22", cls: "c2", user: "t2", role: "teacher", primary: "true" })]);
    expect(await level("c2")).toMatchObject({ teacher: "t2", tesid: "e22" });
  });
});

describe("guardian links the roster made", () => {
  it("go when neither person's row lists the other; a pair the phone numbers still match stays as a phone link", async () => {
    // A local edit makes Sue's parent number Pat's phone: the phone sync would link them too.
    await db().execute(sql`update users set parent1_number = '555-301-0001' where sourced_id = 's2'`);
    const files = {
      "manifest.csv": manifest({ users: "delta" }),
      "users.csv": csv([
        USERS_HEADER,
        userRow({
          id: "p1",
          role: "parent",
          given: "Pat",
          family: "One",
          phone: "555-301-0001",
          agents: "s6",
          status: "active",
        }),
      ]),
    };
    const run = await apply(files);
    expect(run.counts.guardians).toMatchObject({ create: 1, delete: 1 });
    expect(await links()).toEqual(["p1>s2:phone", "p1>s6:admin:roster"]);
    const audits = await queryRows<{ action: string; detail: { source: string } }>(
      sql`select action, detail from audit_log where action like 'guardian.%' order by id desc limit 1`,
    );
    expect(audits[0]).toMatchObject({ action: "guardian.linked", detail: { source: "roster" } });
  });

  it("report an agent that is nobody, and skip one of the wrong role with a warning", async () => {
    const files = {
      "manifest.csv": manifest({ users: "delta" }),
      "users.csv": csv([
        USERS_HEADER,
        userRow({
          id: "p1",
          role: "parent",
          given: "Pat",
          family: "One",
          phone: "555-301-0001",
          agents: "s6,t1,ghost",
          status: "active",
        }),
      ]),
    };
    const run = await applyRosterImport(zipUpload(files), cli);
    expect(run.problems.map(formatProblem)).toEqual([
      'users.csv:2: agentSourcedIds — no user "ghost" in users.csv or the portal — add that user, or remove the sourcedId from agentSourcedIds',
    ]);
    expect(run.warnings.map(formatProblem)).toEqual([
      'users.csv:2: agentSourcedIds — "t1" is a teacher and this user a parent: a guardian link joins a parent to a student — nothing: this agent is skipped',
    ]);
  });
});

describe("apply after a preview", () => {
  it("refuses when the portal changed since the preview (a removal that would now keep records)", async () => {
    const files = {
      "manifest.csv": manifest({ users: "delta" }),
      "users.csv": csv([
        USERS_HEADER,
        userRow({ id: "s2", role: "student", given: "", family: "", status: "tobedeleted" }),
      ]),
    };
    const preview = await previewRosterImport(zipUpload(files), cli);
    expect(preview.counts.users).toMatchObject({ delete: 1, kept: 0 });
    await db().execute(
      sql`insert into attendance (student_id, level_code, date, status) select id, 'Bio-2', '2025-01-06', 'present' from users where sourced_id = 's2'`,
    );
    const before = await databaseChecksum(SCHOOL_TABLES);
    const run = await applyRosterImport(zipUpload(files), { ...cli, expectFingerprint: preview.fingerprint });
    expect(run.ok).toBe(false);
    expect(run.counts.users).toMatchObject({ delete: 0, kept: 1 });
    expect(run.problems.map(formatProblem)).toEqual([
      "roster.zip: file — the portal's data or the files changed since the preview — preview the import again, check it, then apply",
    ]);
    expect(await databaseChecksum(SCHOOL_TABLES)).toEqual(before);
  });
});

describe("portal rows made by hand", () => {
  it("are taken over by the roster row with the same username and role, or class code", async () => {
    const [hand] = await queryRows<{ id: number }>(
      sql`insert into users (name, username, role, code) values ('Chris Hand', 'chand', 'instructor', 'chris-hand-code1') returning id`,
    );
    await sealPlaintextCodes(db()); // as every start does (decision 019)
    await db().execute(sql`insert into levels (code, name) values ('CHEM', 'Chemistry (typed in)')`);
    const files = {
      "manifest.csv": manifest({ users: "delta", classes: "delta", enrollments: "delta" }),
      "users.csv": csv([
        USERS_HEADER,
        userRow({ id: "t9", role: "teacher", given: "Chris", family: "Hand", username: "chand" }),
      ]),
      "classes.csv": csv([
        ["sourcedId", "title", "classCode"],
        ["c9", "Chemistry", "CHEM"],
      ]),
      "enrollments.csv": csv([
        ENROLLMENTS_HEADER,
        enrollmentRow({ id: "e90", cls: "c9", user: "t9", role: "teacher", primary: "true" }),
      ]),
    };
    const run = await apply(files);
    expect(run.counts.users).toMatchObject({ update: 1, create: 0 });
    expect(run.counts.classes).toMatchObject({ update: 1, create: 0 });
    expect(await user("t9")).toMatchObject({ id: hand!.id, code: "chris-hand-code1" });
    expect(await level("c9")).toMatchObject({ code: "CHEM", teacher: "t9" });
    expect(await queryRows(sql`select name from levels where code = 'CHEM'`)).toEqual([{ name: "Chemistry" }]);
  });
});
