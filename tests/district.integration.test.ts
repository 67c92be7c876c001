import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { switchSchool } from "@/app/auth/actions";
import { createSchoolAction } from "@/app/district/actions";
import { POST as previewRoute } from "@/app/admin/roster/preview/route";
import { AccessDenied, requireAdmin, requireClassAccess } from "@/lib/auth/guards";
import { getSessionUser } from "@/lib/auth/session";
import { queryRows } from "@/lib/db/client";
import { DEMO_ADMIN, DEMO_CLASSES, DEMO_INSTRUCTORS } from "@/lib/db/demo-school";
import { districtOverview } from "@/lib/district/overview";
import { SCHOOL_COOKIE, runInRequestSchool } from "@/lib/request-school.mjs";
import { adminCounts, listInstructors, searchStudentsAdmin } from "@/lib/queries/admin";
import { listTeachableClasses } from "@/lib/queries/teacher";
import { seedDemo } from "./support/fixtures";
import { DISTRICT_ADMIN, NORTH, NORTH_STUDENT, seedDistrict } from "./support/district";
import { form } from "./support/form";
import { cookieJar } from "./support/request-context";
import { signInAs } from "./support/session";
import { useTestDatabase } from "./support/test-db";

// Several schools in one install (issue 42): a person belongs to schools, works in one at a time
// (the school cookie, read before the request as scripts/start.mjs does), and sees nothing of a
// school they do not belong to; a district admin adds schools.

useTestDatabase();
const idle = { ok: true } as const;
let north: number;

/** Runs `fn` as one request of the fake browser: in the school its cookie names. */
function request<T>(fn: () => Promise<T>): Promise<T> {
  const cookie = cookieJar
    .getAll()
    .map((c) => `${c.name}=${c.value}`)
    .join("; ");
  return runInRequestSchool({ headers: { cookie } }, fn);
}

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
    expect(user?.schools).toEqual([
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
    expect(user?.schools.map((s) => s.id)).toEqual([north]);
    expect((await request(() => requireClassAccess(NORTH.classCode, "view"))).view).toBe("student");
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
    await signInAs(DISTRICT_ADMIN.code);
    const user = await sessionNow();
    expect(user?.districtAdmin).toBe(true);
    expect(user?.schools.map((s) => s.id)).toEqual([1, north]);
    const overview = await request(() => districtOverview());
    const northRow = overview.find((s) => s.id === north)!;
    expect(northRow).toMatchObject({ name: NORTH.name, students: 1, teachers: 1, classes: 1, lastTerm: null });
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
    expect(admin?.schools).toEqual([{ id: south, name: "South High" }]);
    expect(await request(() => adminCounts())).toEqual({ classes: 0, students: 0, parents: 0 });
    expect(await request(() => listInstructors())).toEqual([]);
    expect(await classCodesOnTeacherPage()).toEqual([]);
    expect(await refusal(() => requireClassAccess(DEMO_CLASSES[0].code, "view"))).toBe("not-found");
    // Its roster import waits for district rostering: refused, and nothing is recorded.
    const body = new FormData();
    body.set("files", new Blob(["sourcedId,status\n"], { type: "text/csv" }), "users.csv");
    const refused = await request(() =>
      previewRoute(
        new Request("http://localhost/admin/roster/preview", {
          method: "POST",
          headers: { host: "localhost", origin: "http://localhost" },
          body,
        }),
      ),
    );
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { message: string }).message).toContain("first school only");
    expect(await request(() => queryRows(sql`select id from roster_imports`))).toEqual([]);
    const [entry] = await request(() =>
      queryRows<{ action: string }>(sql`select action from audit_log where action = 'school.created'`),
    );
    expect(entry?.action).toBe("school.created");
  });
});
