import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "@/lib/db/client";
import { withSchool } from "@/lib/db/school-scope";
import { runDistrictImport } from "@/lib/roster/district-import";
import { applyRosterImport } from "@/lib/roster/import";
import { runRosterSync } from "@/lib/roster/sync";
import { buildOneRosterExport } from "@/lib/export/oneroster";
import { formatProblem } from "@/lib/roster/problems";
import { districtSet } from "@/lib/roster/test-support-district";
import { csv, manifest, zipUpload } from "@/lib/roster/test-support";
import { instantOf } from "@/lib/roster/values";
import { installTimeZone } from "@/lib/env";
import { forgetOverrides } from "@/lib/school-overrides";
import { cli } from "./support/roster";
import { useTestDatabase } from "./support/test-db";
import { signInAs } from "./support/session";
import { GET as exportRoute } from "@/app/district/export/[school]/route";
import { strFromU8, unzipSync } from "fflate";

// The district's OneRoster set (issue 42): one set with the district org and three schools imports
// each class into its school, merges the people the schools share (one account, a membership in
// each), is idempotent, and a school whose part would remove too many people trips that school's
// guard only.

useTestDatabase();

const operator = { ...cli, allowDeletions: 0 };
const district = (files: Record<string, string>, apply: boolean, extra: object = {}) =>
  runDistrictImport(zipUpload(files), { ...operator, apply, ...extra });

const schools = () =>
  queryRows<{ id: number; name: string; sourced_id: string | null }>(
    sql`select id, name, sourced_id from schools order by id`,
  );
const schoolId = async (sourcedId: string) => (await schools()).find((s) => s.sourced_id === sourcedId)!.id;
/** What a school itself sees of its classes (row-level security chooses). */
const classesOf = (school: number) =>
  withSchool(school, () =>
    queryRows<{ code: string; name: string; teacher: string | null }>(
      sql`select l.code, l.name, u.username as teacher from levels l left join users u on u.id = l.teacher_id order by l.code`,
    ),
  );
const membershipsOf = (username: string) =>
  queryRows<{ school: string }>(
    sql`select s.name as school from school_memberships m join schools s on s.id = m.school_id join users u on u.id = m.user_id where u.username = ${username} order by s.name`,
  ).then((rows) => rows.map((r) => r.school));

/** The preview's fingerprint, which the apply (as the admin page does) must find unchanged. */
let previewed = "";

beforeAll(async () => {
  // The install's first school is the district's North High (the name it was set up with).
  await queryRows(sql`update schools set name = 'North High' where id = 1`);
});

describe("a district's OneRoster set", () => {
  it("previews every school's part and writes nothing", async () => {
    const run = await district(districtSet(), false);
    previewed = run.fingerprint;
    const problems = run.schools.flatMap((s) => s.run.problems.map(formatProblem));
    expect(problems).toEqual([]);
    expect(run.ok).toBe(true);
    expect(run.schools.map((s) => [s.name, s.isNew, s.run.counts.classes.create])).toEqual([
      ["North High", false, 1],
      ["South Middle", true, 1],
      ["East Elementary", true, 1],
    ]);
    // The teacher of two schools is made once (by North's part) and joins South.
    expect(run.schools.map((s) => s.run.counts.users.create)).toEqual([4, 1, 6]);
    expect(run.schools[1]!.run.counts.users.update).toBe(2);
    expect((await schools()).length).toBe(1);
    expect(await queryRows(sql`select 1 from users where username = 'tturner'`)).toEqual([]);
  });

  it("applies each class in its school and makes one account per person across schools", async () => {
    const run = await district(districtSet(), true, { expectFingerprint: previewed });
    expect(run.schools.flatMap((s) => s.run.problems.map(formatProblem))).toEqual([]);
    expect(run.ok).toBe(true);
    expect((await schools()).map((s) => [s.name, s.sourced_id])).toEqual([
      ["North High", "north"],
      ["South Middle", "south"],
      ["East Elementary", "east"],
    ]);
    expect(await classesOf(1)).toEqual([{ code: "ALG1", name: "Algebra I", teacher: "tturner" }]);
    expect(await classesOf(await schoolId("south"))).toEqual([{ code: "SCI7", name: "Science 7", teacher: "tturner" }]);
    expect(await classesOf(await schoolId("east"))).toEqual([{ code: "ALG1-2", name: "Reading", teacher: "estone" }]);
    expect(await queryRows(sql`select 1 from users where username = 'tturner'`)).toHaveLength(1);
    expect(await membershipsOf("tturner")).toEqual(["North High", "South Middle"]);
    expect(await membershipsOf("ppark")).toEqual(["North High", "South Middle"]);
    expect(await membershipsOf("epupil1")).toEqual(["East Elementary"]);
    // The guardian's link to each child is that child's school's.
    const south = await schoolId("south");
    const linksIn = (school: number) =>
      withSchool(school, () =>
        queryRows<{ child: string }>(
          sql`select c.username as child from guardian_links g join users c on c.id = g.student_id join users p on p.id = g.parent_id where p.username = 'ppark' and g.removed_at is null`,
        ),
      );
    expect(await linksIn(1)).toEqual([{ child: "npark" }]);
    expect(await linksIn(south)).toEqual([{ child: "spark" }]);
    // Each school's history holds its own run.
    const history = (school: number) =>
      withSchool(school, () => queryRows<{ status: string }>(sql`select status from roster_imports where not dry_run`));
    expect(await history(south)).toEqual([{ status: "applied" }]);
  });

  it("exports a school with the district's orgs, and only that school's people", async () => {
    const south = await schoolId("south");
    const { files } = await withSchool(south, () =>
      buildOneRosterExport({ schoolName: "South Middle", timeZone: "UTC" }),
    );
    expect(files["orgs.csv"].trim().split(/\r?\n/).slice(1)).toEqual([
      "d1,,,Riverside Unified,district,,",
      "south,,,South Middle,school,,d1",
    ]);
    const people = files["users.csv"]
      .split(/\r?\n/)
      .slice(1)
      .map((l) => l.split(",")[0])
      .filter(Boolean)
      .sort();
    expect(people).toEqual(["p1", "s1", "t1"]);
  });

  it("changes nothing when the same set comes again", async () => {
    const run = await district(districtSet(), true);
    expect(run.ok).toBe(true);
    expect(run.schools.map((s) => s.run.changes)).toEqual([0, 0, 0]);
  });

  it("refuses the school whose part would remove too many people, and applies the others", async () => {
    const run = await district(districtSet({ withoutEast: true, renamed: true }), true);
    const [north, south, east] = run.schools;
    expect(north!.run.applied).toBe(true);
    expect(south!.run.applied).toBe(true);
    expect(east!.run.applied).toBe(false);
    expect(east!.run.deletionGuard?.people).toBe(6);
    expect(await classesOf(1)).toEqual([{ code: "ALG1", name: "Algebra I (honours)", teacher: "tturner" }]);
    // East keeps its class and its people until someone confirms the removals.
    expect(await classesOf(await schoolId("east"))).toEqual([{ code: "ALG1-2", name: "Reading", teacher: "estone" }]);
    expect(await membershipsOf("epupil1")).toEqual(["East Elementary"]);
    const eastHistory = await withSchool(await schoolId("east"), () =>
      queryRows<{ status: string }>(sql`select status from roster_imports where not dry_run order by id desc limit 1`),
    );
    expect(eastHistory).toEqual([{ status: "refused" }]);
  });

  it("takes the confirmed removals from that school alone", async () => {
    const run = await district(districtSet({ withoutEast: true, renamed: true }), true, { allowDeletions: 6 });
    expect(run.ok).toBe(true);
    expect(await classesOf(await schoolId("east"))).toEqual([]);
    expect(await queryRows(sql`select 1 from users where username = 'epupil1'`)).toEqual([]);
    expect(await membershipsOf("tturner")).toEqual(["North High", "South Middle"]);
  });
});

describe("a school's own roster and the district's people", () => {
  it("refuses to take over someone of another school only", async () => {
    // South's student listed in the first school's own (not the district's) file.
    const files = districtSet({ withoutEast: true });
    const south = files["orgs.csv"]!.split("\n").filter((l) => !l.startsWith("south") && !l.startsWith("east"));
    const run = await applyRosterImport(
      zipUpload({
        ...files,
        "orgs.csv": south.join("\n"),
        "classes.csv": files["classes.csv"]!.split("\n")
          .filter((l) => !l.startsWith("c-sci"))
          .join("\n"),
        "enrollments.csv": files["enrollments.csv"]!.split("\n")
          .filter((l) => !/^en[45],/.test(l))
          .join("\n"),
      }),
      operator,
    );
    expect(run.ok).toBe(false);
    expect(run.problems.map(formatProblem).join("\n")).toContain("in another school of the district only");
    expect(await membershipsOf("spark")).toEqual(["South Middle"]);
  });
});

describe("the nightly sync with the district's set in its folder", () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), "district-sync-"));
  it("applies every school's part in its school", async () => {
    for (const [name, text] of Object.entries(districtSet())) writeFileSync(path.join(dir, name), text);
    const outcome = await runRosterSync({ dir, day: "2026-11-29" });
    expect(outcome.kind).toBe("district");
    const run = (outcome as Extract<typeof outcome, { kind: "district" }>).run;
    expect(run.schools.map((s) => [s.name, s.run.applied])).toEqual([
      ["North High", true],
      ["South Middle", true],
      ["East Elementary", true],
    ]);
    // East's class and people, removed by the confirmed run above, are back.
    expect(await classesOf(await schoolId("east"))).toEqual([{ code: "ALG1-2", name: "Reading", teacher: "estone" }]);
    const syncedIn = (school: number) =>
      withSchool(school, () =>
        queryRows<{ source: string }>(
          sql`select source from roster_imports where status = 'applied' order by id desc limit 1`,
        ),
      );
    expect(await syncedIn(await schoolId("east"))).toEqual([{ source: "sync" }]);
  });

  it("the next night imports nothing, and each school's history says the sync ran", async () => {
    const outcome = await runRosterSync({ dir, day: "2026-11-30" });
    expect(outcome.kind).toBe("unchanged");
    for (const sourcedId of ["north", "south", "east"]) {
      const rows = await withSchool(await schoolId(sourcedId), () =>
        queryRows<{ id: number; status: string; same_as: string | null }>(
          sql`select id, status, summary->>'sameAs' as same_as from roster_imports where source = 'sync' order by id desc limit 2`,
        ),
      );
      expect(
        rows.map((r) => r.status),
        sourcedId,
      ).toEqual(["unchanged", "applied"]);
      expect(Number(rows[0]!.same_as), sourcedId).toBe(Number(rows[1]!.id));
    }
  });
});

describe("people across the district's schools", () => {
  const person = (username: string) =>
    queryRows<{ id: number; deleted: boolean; has_code: boolean }>(
      sql`select id, roster_deleted_at is not null as deleted, code_hash is not null as has_code from users where username = ${username}`,
    ).then((rows) => rows[0]);

  it("a student who moves keeps their account, and a teacher who left every school keeps no access", async () => {
    const before = await person("nreed");
    const run = await district(districtSet({ moved: true, teacherLeft: true }), true, { allowDeletions: 10 });
    expect(run.schools.flatMap((s) => s.run.problems.map(formatProblem))).toEqual([]);
    expect(await person("nreed")).toEqual({ ...before, deleted: false, has_code: true });
    expect(await membershipsOf("nreed")).toEqual(["North High", "South Middle"]);
    const classesOfNoel = (school: number) =>
      withSchool(school, () =>
        queryRows<{ level_code: string }>(
          sql`select e.level_code from student_enrollment e join users u on u.id = e.student_id where u.username = 'nreed'`,
        ),
      );
    expect(await classesOfNoel(1)).toEqual([]);
    expect(await classesOfNoel(await schoolId("south"))).toEqual([{ level_code: "SCI7" }]);
    // The teacher of two schools whom no school lists: kept (records), without a way to sign in.
    expect(await person("tturner")).toMatchObject({ deleted: true, has_code: false });
    // The new people's sign-in cards: the history names them (none made here).
    const south = await schoolId("south");
    const [row] = await withSchool(south, () =>
      queryRows<{ new_user_ids: number[] }>(
        sql`select new_user_ids from roster_imports where status = 'applied' order by id desc limit 1`,
      ),
    );
    expect(row?.new_user_ids).toEqual([]);
  });

  it("a school's own file cannot change someone it shares, nor take over a district admin", async () => {
    // The teacher is back in both schools; South's admin then uploads a file giving her a new e-mail.
    await district(districtSet(), true, { allowDeletions: 10 });
    const south = await schoolId("south");
    await queryRows(
      sql`insert into users (name, username, role, district_admin) values ('Dana District', 'ddistrict', 'admin', true)`,
    );
    const files = districtSet({ withoutEast: true });
    const own = {
      ...files,
      "orgs.csv": files["orgs.csv"]!.split("\n")
        .filter((l) => !/^(north|east),/.test(l))
        .join("\n"),
      "users.csv":
        files["users.csv"]!.replace("tt@riverside.example", "attacker@evil.example") +
        "x9,,,true,south,administrator,ddistrict,,Dana,District,,,dd@evil.example,,,,,\n",
      "classes.csv": files["classes.csv"]!.split("\n")
        .filter((l) => !l.startsWith("c-alg"))
        .join("\n"),
      "enrollments.csv": files["enrollments.csv"]!.split("\n")
        .filter((l) => !/^en[123],/.test(l))
        .join("\n"),
    };
    const run = await withSchool(south, () => applyRosterImport(zipUpload(own), { ...operator, skipInvalid: true }));
    const lines = [...run.problems, ...run.warnings].map(formatProblem).join("\n");
    expect(lines).toContain("also belongs to another school of the district");
    expect(lines).toContain("in another school of the district only");
    const [t] = await queryRows<{ email: string | null }>(sql`select email from users where username = 'tturner'`);
    expect(t?.email).toBe("tt@riverside.example");
    const [d] = await queryRows<{ email: string | null }>(sql`select email from users where username = 'ddistrict'`);
    expect(d?.email).toBeNull();
  });
});

describe("a school's export from /district", () => {
  it("answers a district admin with that school's zip, and refuses everyone else", async () => {
    const south = await schoolId("south");
    await queryRows(
      sql`insert into users (name, username, role, district_admin, code) values ('Dora District', 'ddora', 'admin', true, 'dora-district-7')`,
    );
    const get = (school: string) =>
      exportRoute(new Request(`http://localhost/district/export/${school}`), { params: Promise.resolve({ school }) });
    await signInAs("dora-district-7");
    const res = await get(String(south));
    expect(res.status).toBe(200);
    const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
    expect(strFromU8(files["orgs.csv"]!)).toContain("south,,,South Middle,school,,d1");
    expect(strFromU8(files["users.csv"]!)).not.toContain("npark");
    expect((await get("999")).status).toBe(404);
    // The school's own admin (not the district's) gets nothing.
    await queryRows(
      sql`insert into users (name, username, role, code) values ('Sol Admin', 'sadmin', 'admin', 'sol-admin-7')`,
    );
    await signInAs("sol-admin-7");
    const refused = await get(String(south));
    expect(refused.status).toBe(403);
    expect(refused.headers.get("content-disposition")).toBeNull();
  });
});

describe("a district's set over schools in two time zones", () => {
  it("reads a due date without a zone as its own school's day", async () => {
    const south = await schoolId("south");
    await queryRows(sql`update schools set time_zone = 'Pacific/Auckland' where id = ${south}`);
    forgetOverrides();
    try {
      const files = districtSet();
      files["manifest.csv"] = manifest({
        users: "bulk",
        classes: "bulk",
        enrollments: "bulk",
        academicSessions: "bulk",
        orgs: "bulk",
        lineItems: "bulk",
      });
      files["lineItems.csv"] = csv([
        ["sourcedId", "classSourcedId", "title", "resultValueMax", "dueDate"],
        ["li-n", "c-alg", "Zone essay", "10", "2026-12-01"],
        ["li-s", "c-sci", "Zone essay", "10", "2026-12-01"],
      ]);
      const run = await district(files, true, { allowDeletions: 1e9 });
      expect(run.schools.flatMap((s) => s.run.problems.map(formatProblem))).toEqual([]);
      const due = (school: number) =>
        withSchool(school, () =>
          queryRows<{ due: Date | string }>(sql`select due_date as due from assignments where title = 'Zone essay'`),
        ).then((rows) => rows.map((r) => new Date(r.due).toISOString()));
      // The end of 1 December where each school is (the district admin works in North High).
      expect(await due(south)).toEqual([instantOf("2026-12-01", "Pacific/Auckland", "end")]);
      expect(await due(await schoolId("north"))).toEqual([instantOf("2026-12-01", installTimeZone(), "end")]);
    } finally {
      await queryRows(sql`update schools set time_zone = null where id = ${south}`);
      forgetOverrides();
    }
  });
});
