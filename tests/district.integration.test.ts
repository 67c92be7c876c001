import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { switchSchool } from "@/app/auth/actions";
import { addMembershipAction, createSchoolAction, removeMembershipAction } from "@/app/district/actions";
import { regenerateCode } from "@/app/admin/actions";
import { loadCards } from "@/lib/export/cards";
import { getStudentRecord } from "@/lib/queries/records";
import { searchStudentsForLevel } from "@/lib/queries/roster";
import { memberHere, schoolsOf } from "@/lib/db/schools";
import { POST as previewRoute } from "@/app/admin/roster/preview/route";
import { AccessDenied, requireAdmin, requireClassAccess } from "@/lib/auth/guards";
import { getSessionUser } from "@/lib/auth/session";
import { queryRows } from "@/lib/db/client";
import { DEMO_ADMIN, DEMO_CLASSES, DEMO_INSTRUCTORS, DEMO_STUDENTS } from "@/lib/db/demo-school";
import { districtOverview } from "@/lib/district/overview";
import { housekeeping } from "@/lib/jobs/worker";
import { feedCalendar } from "@/lib/calendar/feeds";
import { withSchool } from "@/lib/db/school-scope";
import { listChildrenOfParent } from "@/lib/parent/guardians";
import { issueReportLink, openReportLink } from "@/lib/parent/report-links";
import { SCHOOL_COOKIE, runInRequestSchool } from "@/lib/request-school.mjs";
import { adminCounts, listInstructors, searchStudentsAdmin } from "@/lib/queries/admin";
import { listTeachableClasses } from "@/lib/queries/teacher";
import { findStudentsByParentDigits } from "@/lib/queries/parent";
import { seedDemo } from "./support/fixtures";
import { DISTRICT_ADMIN, NORTH, NORTH_CHILD, NORTH_STUDENT, seedDistrict, request } from "./support/district";
import { form } from "./support/form";
import { cookieJar } from "./support/request-context";
import { signInAs } from "./support/session";
import { useTestDatabase } from "./support/test-db";
import { smallSchool, zipUpload } from "@/lib/roster/test-support";
import { districtSet } from "@/lib/roster/test-support-district";

// Several schools in one install (issue 42): a person belongs to schools, works in one at a time
// (the school cookie, read before the request as scripts/start.mjs does), and sees nothing of a
// school they do not belong to; a district admin adds schools.

useTestDatabase();
const idle = { ok: true } as const;
let north: number;

/** A fresh request's session (React's cache() would otherwise keep the first one). */
const sessionNow = () => request(() => getSessionUser());

async function classCodesOnTeacherPage(): Promise<string[]> {
  return request(async () => {
    const user = (await getSessionUser())!;
    return (await listTeachableClasses(user)).map((l) => l.code).sort();
  });
}

async function refusal(fn: () => Promise<unknown>): Promise<string | null> {
  try {
    await request(fn);
    return null;
  } catch (err) {
    if (err instanceof AccessDenied) return err.reason;
    throw err;
  }
}

beforeAll(async () => {
  await seedDemo();
  north = await seedDistrict();
});

describe("a teacher at two schools", () => {
  it("signs in once, sees the switcher's two schools and each school's own classes", async () => {
    await signInAs(DEMO_INSTRUCTORS[0].code);
    const user = await sessionNow();
    expect(user?.schoolIds).toEqual([1, north]);
    expect(await schoolsOf(user!.id)).toEqual([
      { id: 1, name: "Classroom Portal" },
      { id: north, name: NORTH.name },
    ]);
    expect(user?.schoolId).toBe(1);
    const demoClasses = DEMO_CLASSES.filter((c) => c.teacher === 0)
      .map((c) => c.code)
      .sort();
    expect(await classCodesOnTeacherPage()).toEqual(demoClasses);

    await expect(request(() => switchSchool(form({ school: String(north) })))).rejects.toThrow(/NEXT_REDIRECT/);
    expect(cookieJar.get(SCHOOL_COOKIE)?.value).toBe(String(north));
    expect((await sessionNow())?.schoolId).toBe(north);
    expect(await classCodesOnTeacherPage()).toEqual([NORTH.classCode]);
    // The demo school's class is not there at all from North Campus.
    expect(await refusal(() => requireClassAccess(DEMO_CLASSES[0].code, "teach"))).toBe("not-found");
    expect((await request(() => requireClassAccess(NORTH.classCode, "teach"))).level.name).toBe(NORTH.className);
  });

  it("cannot switch into a school they do not belong to: the cookie stays, and a forged one is no session", async () => {
    await signInAs(DEMO_INSTRUCTORS[1].code); // David Chen: the demo school only
    await expect(request(() => switchSchool(form({ school: String(north) })))).rejects.toThrow(/NEXT_REDIRECT/);
    expect(cookieJar.get(SCHOOL_COOKIE)?.value ?? "1").toBe("1");
    cookieJar.set(SCHOOL_COOKIE, String(north));
    expect(await sessionNow()).toBeNull();
    expect(await refusal(() => requireClassAccess(NORTH.classCode, "teach"))).toBe("unauthenticated");
  });
});

describe("a student of one school", () => {
  it("is taken to their own school at sign-in, even from a browser left in another", async () => {
    cookieJar.clear();
    cookieJar.set(SCHOOL_COOKIE, "1");
    await request(() => signInAs(NORTH_STUDENT.code));
    expect(cookieJar.get(SCHOOL_COOKIE)?.value).toBe(String(north));
    const user = await sessionNow();
    expect(user?.schoolIds).toEqual([north]);
    expect((await request(() => requireClassAccess(NORTH.classCode, "view"))).view).toBe("student");
  });
});

describe("a guardian with a child at each school", () => {
  it("signs in once and finds each child in that child's school, and one calendar with both", async () => {
    await signInAs(NORTH_CHILD.parentCode);
    const user = await sessionNow();
    expect(user?.schoolIds).toEqual([1, north]);
    const children = () =>
      request(async () => (await listChildrenOfParent((await getSessionUser())!.id)).map((c) => c.name));
    const inDemo = await children();
    expect(inDemo.length).toBeGreaterThan(0);
    expect(inDemo).not.toContain(NORTH_CHILD.name);
    await expect(request(() => switchSchool(form({ school: String(north) })))).rejects.toThrow(/NEXT_REDIRECT/);
    expect(await children()).toEqual([NORTH_CHILD.name]);
    // The calendar feed has no session: it reads every school the guardian belongs to.
    const feed = await feedCalendar(user!.id, "parent");
    expect(feed).toContain(`${NORTH_CHILD.name}: ${NORTH.assignment} (${NORTH.className})`);
    expect(feed).toMatch(/Algebra I|Biology|Geometry|English/);
  });

  it("gets a report-card link from the second school that opens there without a session, and nowhere else", async () => {
    const [link] = await withSchool(north, () =>
      queryRows<{ id: number }>(
        sql`select id from guardian_links where student_id = (select id from users where username = ${NORTH_CHILD.username})`,
      ),
    );
    const issued = await withSchool(north, () =>
      issueReportLink({ guardianLinkId: Number(link!.id), expiresAt: new Date(Date.now() + 86_400_000), actorId: 1 }),
    );
    if (!issued.ok) throw new Error("no link");
    expect(issued.token).toMatch(new RegExp(`^${north}\\.`));
    cookieJar.clear();
    const open = (token: string, path = `/r/${token}`) =>
      runInRequestSchool({ url: path, headers: {} }, () => openReportLink(token, `client-${token.length}`));
    const opened = await open(issued.token);
    expect(opened.ok && opened.card.studentName).toBe(NORTH_CHILD.name);
    // The same secret under another school's id, or with none, opens nothing.
    const secret = issued.token.slice(issued.token.indexOf(".") + 1);
    expect((await open(`1.${secret}`)).ok).toBe(false);
    expect((await open(secret)).ok).toBe(false);
  });
});

describe("a school's admin", () => {
  it("lists and counts only their own school's people", async () => {
    await signInAs(DEMO_ADMIN.code);
    const counts = await request(() => adminCounts());
    const [demoStudents] = await queryRows<{ n: number }>(
      sql`select count(*)::int as n from users u join school_memberships m on m.user_id = u.id and m.school_id = 1 where u.role = 'student'`,
    );
    expect(counts.students).toBe(Number(demoStudents!.n));
    const me = (await sessionNow())!;
    const students = await request(() => searchStudentsAdmin("", 1, me, 1000));
    expect(students.rows.map((r) => r.username)).not.toContain(NORTH_STUDENT.username);
    expect((await request(() => searchStudentsAdmin(NORTH_STUDENT.name, 1, me))).total).toBe(0);
  });

  it("counts a school's students and parents from the memberships, which carry each person's role", async () => {
    const roleOff = async () =>
      (
        await queryRows<{ n: number }>(
          sql`select count(*)::int as n from school_memberships m join users u on u.id = m.user_id where m.role <> u.role
            or m.parent_digits is distinct from (case when u.role = 'student' then coalesce(u.parent1_digits, '') || ' ' || coalesce(u.parent2_digits, '') end)`,
        )
      )[0]!.n;
    // Made by the users trigger, the district's "add to a school" and the fixtures' own inserts.
    expect(await roleOff()).toBe(0);
    const [student] = await queryRows<{ id: number }>(
      sql`select id from users where username = ${DEMO_STUDENTS[0]!.username}`,
    );
    // A writer that names a role gets the person's, not its own.
    await queryRows(
      sql`insert into school_memberships (user_id, school_id, role) values (${student!.id}, ${north}, 'admin')`,
    );
    expect(await roleOff()).toBe(0);
    const inNorth = () => withSchool(north, () => adminCounts());
    const before = await inNorth();
    // An operator's change of role follows to every school of the person.
    await queryRows(sql`update users set role = 'parent' where id = ${student!.id}`);
    expect(await roleOff()).toBe(0);
    const after = await inNorth();
    expect([after.students, after.parents]).toEqual([before.students - 1, before.parents + 1]);
    await queryRows(sql`update users set role = 'student' where id = ${student!.id}`);
    // A parent number changed follows too: the lookup of each school reads it from the membership.
    const [{ number }] = (await queryRows<{ number: string | null }>(
      sql`select parent2_number as number from users where id = ${student!.id}`,
    )) as [{ number: string | null }];
    try {
      await queryRows(sql`update users set parent2_number = '(555) 867-5309' where id = ${student!.id}`);
      expect(await roleOff()).toBe(0);
      expect((await withSchool(north, () => findStudentsByParentDigits("5558675309"))).map((s) => s.id)).toEqual([
        student!.id,
      ]);
      expect(await withSchool(1, () => findStudentsByParentDigits("5558675309"))).toHaveLength(1);
    } finally {
      await queryRows(sql`update users set parent2_number = ${number} where id = ${student!.id}`);
    }
    await queryRows(sql`delete from school_memberships where user_id = ${student!.id} and school_id = ${north}`);
    expect(await inNorth()).toEqual({ ...before, students: before.students - 1 });
  });

  it("of the demo school cannot enter North Campus nor add a school", async () => {
    await signInAs(DEMO_ADMIN.code);
    cookieJar.set(SCHOOL_COOKIE, String(north));
    expect(await refusal(() => requireAdmin())).toBe("unauthenticated");
    cookieJar.set(SCHOOL_COOKIE, "1");
    const before = await queryRows<{ n: number }>(sql`select count(*)::int as n from schools`);
    const answer = await request(() =>
      createSchoolAction(idle, form({ name: "Sneaky High", adminName: "X", adminUsername: "x" })),
    );
    expect(answer).toEqual({ ok: false, message: "Only district admins can manage the district's schools." });
    expect(await queryRows(sql`select count(*)::int as n from schools`)).toEqual(before);
  });
});

describe("a district admin", () => {
  it("enters any school and sees every school's figures", async () => {
    // Sign-in activity: North's student signs in, and Ken Kim (a parent of both schools) switches
    // into North; the district admin, made in the first school (its member), counts there.
    await queryRows(sql`update school_memberships set last_signed_in_at = null`);
    cookieJar.clear();
    await request(() => signInAs(NORTH_STUDENT.code));
    cookieJar.clear();
    await request(() => signInAs(NORTH_CHILD.parentCode));
    await expect(request(() => switchSchool(form({ school: String(north) })))).rejects.toThrow(/NEXT_REDIRECT/);
    cookieJar.clear();
    await signInAs(DISTRICT_ADMIN.code);
    const user = await sessionNow();
    expect(user?.districtAdmin).toBe(true);
    expect(user?.schoolIds).toEqual([1, north]);
    const overview = await request(() => districtOverview());
    const northRow = overview.find((s) => s.id === north)!;
    expect(northRow).toMatchObject({ name: NORTH.name, students: 2, teachers: 1, classes: 1, lastTerm: null });
    expect(northRow).toMatchObject({ signedInThisWeek: 2, members: 4 });
    // Ken landed in the demo school first (his first school): it counts him and the district admin.
    expect(overview.find((s) => s.id === 1)!.signedInThisWeek).toBe(2);
    expect(overview.find((s) => s.id === 1)!.classes).toBe(DEMO_CLASSES.length);
  });

  it("adds a school whose admin signs in to that school alone and finds it empty", async () => {
    await signInAs(DISTRICT_ADMIN.code);
    const bad = await request(() =>
      createSchoolAction(idle, form({ name: " ", adminName: "Sam", adminUsername: "s p" })),
    );
    expect(bad.ok).toBe(false);
    const taken = await request(() =>
      createSchoolAction(
        idle,
        form({ name: "South High", adminName: "Sam Ortiz", adminUsername: DEMO_ADMIN.username }),
      ),
    );
    expect(taken).toMatchObject({ ok: false, message: `The username ${DEMO_ADMIN.username} is already taken.` });
    expect(await queryRows(sql`select id from schools where name = 'South High'`)).toEqual([]);

    const made = await request(() =>
      createSchoolAction(idle, form({ name: "South High", adminName: "Sam Ortiz", adminUsername: "sortiz" })),
    );
    expect(made.ok).toBe(true);
    const code = (made as { data: { code: string; schoolId: number } }).data.code;
    const south = (made as { data: { code: string; schoolId: number } }).data.schoolId;
    const again = await request(() =>
      createSchoolAction(idle, form({ name: "south high", adminName: "Kim", adminUsername: "kim" })),
    );
    expect(again).toMatchObject({ ok: false, message: "A school named south high already exists." });

    cookieJar.clear();
    await request(() => signInAs(code));
    expect(cookieJar.get(SCHOOL_COOKIE)?.value).toBe(String(south));
    const admin = await sessionNow();
    expect(admin).toMatchObject({ role: "admin", schoolId: south, districtAdmin: false });
    expect(admin?.schoolIds).toEqual([south]);
    expect(await schoolsOf(admin!.id)).toEqual([{ id: south, name: "South High" }]);
    expect(await request(() => adminCounts())).toEqual({ classes: 0, students: 0, parents: 0 });
    expect(await request(() => listInstructors())).toEqual([]);
    expect(await classCodesOnTeacherPage()).toEqual([]);
    expect(await refusal(() => requireClassAccess(DEMO_CLASSES[0].code, "view"))).toBe("not-found");
    // Its admin previews the school's own roster: the run is the school's history, not the first's.
    const preview = (files: Record<string, string>) => {
      const body = new FormData();
      const zip = zipUpload(files).files[0]!;
      body.set("files", new Blob([zip.bytes as Uint8Array<ArrayBuffer>], { type: "application/zip" }), "roster.zip");
      return request(() =>
        previewRoute(
          new Request("http://localhost/admin/roster/preview", {
            method: "POST",
            headers: { host: "localhost", origin: "http://localhost" },
            body,
          }),
        ),
      );
    };
    const own = await preview(smallSchool());
    expect(own.status).toBe(200);
    expect(((await own.json()) as { counts: { classes: { create: number } } }).counts.classes.create).toBe(3);
    // (Its one problem is the new administrator the admin has not allowed.)
    expect(await request(() => queryRows(sql`select status, problems from roster_imports`))).toEqual([
      { status: "refused", problems: 1 },
    ]);
    expect(await queryRows(sql`select id from roster_imports`)).toEqual([]);
    // The district's set (several schools) is the district admin's: refused, nothing recorded.
    const refused = await preview(districtSet());
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { message: string }).message).toContain("only a district admin");
    expect(await request(() => queryRows(sql`select id from roster_imports`))).toHaveLength(1);
    const [entry] = await request(() =>
      queryRows<{ action: string }>(sql`select action from audit_log where action = 'school.created'`),
    );
    expect(entry?.action).toBe("school.created");
    // The district admin previews it: every school's part in one report, nothing written.
    cookieJar.clear();
    await request(() => signInAs(DISTRICT_ADMIN.code));
    const district = await preview(districtSet());
    expect(district.status).toBe(200);
    const report = (await district.json()) as {
      ok: boolean;
      problems: string[];
      counts: { classes: { create: number } };
    };
    expect(report.problems).toEqual([]);
    expect(report).toMatchObject({ ok: true, counts: { classes: { create: 3 } } });
    expect(await queryRows(sql`select name from schools where sourced_id is not null`)).toEqual([]);
  });
});

describe("a student who moves mid-year", () => {
  it("joins the new school with the same account, and keeps the old school's record", async () => {
    const ava = DEMO_STUDENTS[0]!;
    const [row] = await queryRows<{ id: number; username: string }>(
      sql`select id, username from users where code_hash is not null and name = ${ava.name}`,
    );
    const oldClasses = await queryRows<{ level_code: string }>(
      sql`select level_code from student_enrollment where student_id = ${row!.id} order by 1`,
    );
    // A school's admin cannot add her (only the district), and the district admin can.
    await signInAs(DEMO_ADMIN.code);
    expect(
      await request(() => addMembershipAction(idle, form({ username: row!.username, school: String(north) }))),
    ).toEqual({ ok: false, message: "Only district admins can manage the district's schools." });
    await signInAs(DISTRICT_ADMIN.code);
    expect(
      await request(() => addMembershipAction(idle, form({ username: "nobody-here", school: String(north) }))),
    ).toEqual({
      ok: false,
      message: "No one has the username nobody-here.",
    });
    expect(
      await request(() => addMembershipAction(idle, form({ username: row!.username, school: String(north) }))),
    ).toEqual({ ok: true, message: `${ava.name} now belongs to ${NORTH.name}.` });
    await withSchool(north, () =>
      queryRows(sql`insert into student_enrollment (student_id, level_code) values (${row!.id}, ${NORTH.classCode})`),
    );

    await signInAs(ava.code);
    expect((await sessionNow())?.schoolIds).toEqual([1, north]);
    // The old school: her classes and records as they were.
    expect((await request(() => requireClassAccess(oldClasses[0]!.level_code, "view"))).view).toBe("student");
    await expect(request(() => switchSchool(form({ school: String(north) })))).rejects.toThrow(/NEXT_REDIRECT/);
    expect((await request(() => requireClassAccess(NORTH.classCode, "view"))).view).toBe("student");
    expect(await refusal(() => requireClassAccess(oldClasses[0]!.level_code, "view"))).toBe("not-found");
    // North's own admin lists need her now; the demo school's still have her.
    expect(
      await withSchool(north, () =>
        queryRows(sql`select 1 from users where id = ${row!.id} and ${memberHere(sql.raw("users.id"))}`),
      ),
    ).toHaveLength(1);
  });
});

describe("people of several schools, from one school", () => {
  it("a school's admin prints, searches and reads only its own people", async () => {
    await signInAs(DEMO_ADMIN.code);
    const admin = (await sessionNow())!;
    const printed = (await request(() => loadCards({ kind: "school" }, admin)))!.map((c) => c.username);
    expect(printed).toContain("erivera"); // she teaches here too
    expect(printed).not.toContain(NORTH_STUDENT.username);
    const [noor] = await queryRows<{ id: number }>(
      sql`select id from users where username = ${NORTH_STUDENT.username}`,
    );
    expect(await request(() => getStudentRecord(Number(noor!.id)))).toBeNull();
    expect(await withSchool(north, () => getStudentRecord(Number(noor!.id)))).not.toBeNull();
    // Elena in North: "Add existing students" finds North's students, none of the demo school's.
    await signInAs(DEMO_INSTRUCTORS[0].code);
    cookieJar.set(SCHOOL_COOKIE, String(north));
    const found = (await request(() => searchStudentsForLevel(NORTH.classCode, ""))).map((r) => r.username);
    expect(found).toContain(NORTH_STUDENT.username);
    expect(found).not.toContain("liam.okafor");
    expect(found.length).toBeLessThan(5);
  });

  it("a person of two schools gets a new code from the district admin only, not from either school", async () => {
    const [elena] = await queryRows<{ id: number; code_hash: string }>(
      sql`select id, code_hash from users where username = 'erivera'`,
    );
    await signInAs(DEMO_ADMIN.code);
    expect(await request(() => regenerateCode(Number(elena!.id)))).toEqual({
      ok: false,
      message:
        "This person also belongs to another school of the district: only a district admin can change their account.",
    });
    const [district] = await queryRows<{ id: number }>(sql`select id from users where district_admin`);
    expect(await request(() => regenerateCode(Number(district!.id)))).toMatchObject({ ok: false });
    expect(await queryRows(sql`select code_hash from users where id = ${elena!.id}`)).toEqual([
      { code_hash: elena!.code_hash },
    ]);
    await signInAs(DISTRICT_ADMIN.code);
    expect(await request(() => regenerateCode(Number(elena!.id)))).toMatchObject({ ok: true });
  });
});

describe("the worker's housekeeping", () => {
  it("queues each school's digests as that school's own jobs", async () => {
    await housekeeping(new Date("2026-12-01T12:00:00Z"));
    const jobs = await queryRows<{ school_id: number; dedupe_key: string }>(
      sql`select school_id, dedupe_key from jobs where kind = 'digest.run' order by school_id, dedupe_key`,
    );
    const schools = await queryRows<{ id: number }>(sql`select id from schools order by id`);
    expect([...new Set(jobs.map((j) => j.school_id))]).toEqual(schools.map((s) => s.id));
    // The same day's run, once a school: keys never collide, the first school's as before.
    expect(new Set(jobs.map((j) => j.dedupe_key)).size).toBe(jobs.length);
    expect(jobs.filter((j) => j.school_id === 1).every((j) => j.dedupe_key.startsWith("digest:"))).toBe(true);
    expect(
      jobs.filter((j) => j.school_id === north).every((j) => j.dedupe_key.startsWith(`school-${north}:digest:`)),
    ).toBe(true);
  });
});

describe("a district admin takes someone out of a school", () => {
  const remove = (username: string, school: number) =>
    request(() => removeMembershipAction(idle, form({ username, school: String(school) })));
  const demoName = async () => (await queryRows<{ name: string }>(sql`select name from schools where id = 1`))[0]!.name;

  it("a student who moved leaves the old school's classes, keeps its records there, and signs in to the new one", async () => {
    const ava = DEMO_STUDENTS[0]!;
    const [row] = await queryRows<{ id: number; username: string }>(
      sql`select id, username from users where code_hash is not null and name = ${ava.name}`,
    );
    // She joined North (as "a student who moves mid-year" does through the district's form).
    await queryRows(
      sql`insert into school_memberships (user_id, school_id) values (${row!.id}, ${north}) on conflict do nothing`,
    );
    const records = () =>
      withSchool(1, () =>
        queryRows<{ enrolled: number; grades: number }>(sql`select
          (select count(*)::int from student_enrollment where student_id = ${row!.id}) as enrolled,
          (select count(*)::int from grades where student_id = ${row!.id}) as grades`),
      );
    const [before] = await records();
    expect(before!.enrolled).toBeGreaterThan(0);
    const counted = (await withSchool(1, () => adminCounts())).students;
    await signInAs(DEMO_ADMIN.code);
    expect(await remove(row!.username, 1)).toEqual({
      ok: false,
      message: "Only district admins can manage the district's schools.",
    });
    await signInAs(DISTRICT_ADMIN.code);
    const school = await demoName();
    expect(await remove(row!.username, 1)).toEqual({
      ok: true,
      message: `${ava.name} no longer belongs to ${school}.`,
    });
    expect(await records()).toEqual([{ enrolled: 0, grades: before!.grades }]);
    expect((await withSchool(1, () => adminCounts())).students).toBe(counted - 1);
    expect(await remove(row!.username, 1)).toEqual({ ok: false, message: `${ava.name} does not belong to ${school}.` });
    // Her last school stays: a person belongs to one at least.
    expect(await remove(row!.username, north)).toEqual({
      ok: false,
      message: `${NORTH.name} is the only school ${ava.name} belongs to: add them to their new school first.`,
    });
    await signInAs(ava.code);
    expect((await sessionNow())?.schoolIds).toEqual([north]);
    expect((await request(() => requireClassAccess(NORTH.classCode, "view"))).view).toBe("student");
  });

  it("a teacher who still teaches there is refused until the classes have another teacher", async () => {
    await signInAs(DISTRICT_ADMIN.code);
    const taught = await withSchool(1, () =>
      queryRows<{ name: string }>(
        sql`select l.name from levels l join users u on u.id = l.teacher_id where u.username = 'erivera' order by l.name, l.code`,
      ),
    );
    expect(taught.length).toBeGreaterThan(0);
    const answer = await remove("erivera", 1);
    expect(answer).toEqual({
      ok: false,
      message: `Elena Rivera still teaches ${taught.length} ${taught.length === 1 ? "class" : "classes"} at ${await demoName()} (${taught
        .slice(0, 5)
        .map((l) => l.name)
        .join(", ")}): give ${taught.length === 1 ? "the class" : "those classes"} another teacher first.`,
    });
    expect(
      await queryRows(
        sql`select school_id from school_memberships m join users u on u.id = m.user_id where u.username = 'erivera' order by 1`,
      ),
    ).toEqual([{ school_id: 1 }, { school_id: north }]);
    // A class of a closed year keeps its teacher as history: it does not hold her in North.
    await withSchool(north, async () => {
      const [year] = await queryRows<{ id: number }>(
        sql`insert into school_years (title, start_date, end_date, closed_at) values ('2024-25', '2024-08-15', '2025-06-15', now()) returning id`,
      );
      await queryRows(sql`update levels set year_id = ${year!.id} where code = ${NORTH.classCode}`);
    });
    try {
      expect(await remove("erivera", north)).toEqual({
        ok: true,
        message: `Elena Rivera no longer belongs to ${NORTH.name}.`,
      });
    } finally {
      await queryRows(
        sql`insert into school_memberships (user_id, school_id) select id, ${north} from users where username = 'erivera' on conflict do nothing`,
      );
      await withSchool(north, () => queryRows(sql`update levels set year_id = null where code = ${NORTH.classCode}`));
    }
  });

  it("a guardian leaves that school's children and keeps the others", async () => {
    await signInAs(NORTH_CHILD.parentCode);
    const parent = (await sessionNow())!;
    const children = () =>
      request(async () => (await listChildrenOfParent((await getSessionUser())!.id)).map((c) => c.name));
    const inDemo = await children();
    const [ken] = await queryRows<{ username: string }>(sql`select username from users where id = ${parent.id}`);
    // A phone match left for North's admin to confirm goes with him.
    await withSchool(north, () =>
      queryRows(
        sql`insert into pending_guardian_links (parent_id, student_id) select ${parent.id}, id from users where username = ${NORTH_STUDENT.username}`,
      ),
    );
    await signInAs(DISTRICT_ADMIN.code);
    expect(await remove(ken!.username, north)).toMatchObject({ ok: true });
    expect(
      await withSchool(north, () =>
        queryRows(sql`select 1 from pending_guardian_links where parent_id = ${parent.id}`),
      ),
    ).toEqual([]);
    const links = await withSchool(north, () =>
      queryRows<{ removed: boolean }>(
        sql`select removed_at is not null as removed from guardian_links where parent_id = ${parent.id}`,
      ),
    );
    expect(links).toEqual([{ removed: true }]);
    await signInAs(NORTH_CHILD.parentCode);
    expect((await sessionNow())?.schoolIds).toEqual([1]);
    expect(await children()).toEqual(inDemo);
    const audited = await withSchool(north, () =>
      queryRows<{ detail: { userId: number } }>(
        sql`select detail from audit_log where action = 'school.member_removed' order by id desc limit 1`,
      ),
    );
    expect(audited[0]?.detail.userId).toBe(parent.id);
  });
});
