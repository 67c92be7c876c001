import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { switchSchool } from "@/app/auth/actions";
import { saveSchoolSettingsAction } from "@/app/admin/school-actions";
import { attemptSignIn } from "@/lib/auth/sign-in-flow";
import { db, queryRows } from "@/lib/db/client";
import { withSchool } from "@/lib/db/school-scope";
import { DEMO_ADMIN, DEMO_INSTRUCTORS, DEMO_STUDENTS } from "@/lib/db/demo-school";
import { msg } from "@/lib/i18n/message";
import { forgetOverrides } from "@/lib/school-overrides";
import { DISTRICT_ADMIN, NORTH_STUDENT, seedDistrict, request } from "./support/district";
import { form } from "./support/form";
import { expectRefused, linksOf, useOidcPortal, userIdByEmail } from "./support/oidc-portal";
import { cookieJar, requestHeaders } from "./support/request-context";
import { signInAs } from "./support/session";
import { useTestDatabase } from "./support/test-db";

// Each school says who signs in how (issue 42, decision 037): which roles use access codes and
// which e-mail domains' school accounts link to its people. One person, one account: a teacher of
// two schools signs in with a code only where both schools allow it, and is linked only from a
// domain their schools accept. Through real OpenID providers (tests/support/oidc-portal.ts).

useTestDatabase();
const { signInThrough } = useOidcPortal();
let north: number;

const save = (fields: Record<string, string>) =>
  request(() => saveSchoolSettingsAction({ ok: true }, form({ codes: "install", ...fields })));

async function asAdminOf(school: "demo" | "north") {
  requestHeaders.set("accept-language", "en-US");
  if (school === "demo") return void (await signInAs(DEMO_ADMIN.code));
  await signInAs(DISTRICT_ADMIN.code);
  await expect(request(() => switchSchool(form({ school: String(north) })))).rejects.toThrow(/NEXT_REDIRECT/);
}
const codeSignIn = (code: string, client: string) => {
  cookieJar.clear();
  return request(() => attemptSignIn({ code }, client));
};
const INVALID = { status: 401, body: { ok: false, message: msg("signInAnswers.invalidCode") } };

beforeAll(async () => {
  north = await seedDistrict(); // the demo school is seeded by useOidcPortal
});
afterAll(() => {
  forgetOverrides();
  requestHeaders.delete("accept-language");
});

describe("access codes, school by school", () => {
  it("North Campus keeps its teachers off codes: its own and the shared teacher are refused, others sign in", async () => {
    // Elena Rivera teaches at both schools: her code works while both take teachers' codes.
    expect(await codeSignIn(DEMO_INSTRUCTORS[0].code, "10.7.0.9")).toMatchObject({ status: 200 });
    await asAdminOf("north");
    expect(await save({ codes: "custom", "code.students": "on", "code.parents": "on", "code.admins": "on" })).toEqual({
      ok: true,
      message: "Settings saved.",
    });
    // Her one code would open North Campus too: refused, and the school sees the attempt.
    expect(await codeSignIn(DEMO_INSTRUCTORS[0].code, "10.7.0.1")).toEqual(INVALID);
    await vi.waitFor(async () =>
      expect(await queryRows(sql`select 1 from audit_log where action = 'signin.code_refused'`)).not.toHaveLength(0),
    );
    // David Chen teaches at the demo school only, which still takes teachers' codes.
    expect(await codeSignIn(DEMO_INSTRUCTORS[1].code, "10.7.0.2")).toMatchObject({ status: 200 });
    expect(await codeSignIn(NORTH_STUDENT.code, "10.7.0.3")).toMatchObject({ status: 200 });
    expect(await codeSignIn(DEMO_STUDENTS[0]!.code, "10.7.0.4")).toMatchObject({ status: 200 });
  });

  it("a refused code is audited in the person's school, not in the school the browser was in", async () => {
    await asAdminOf("north");
    const northCodes = { codes: "custom", "code.students": "on", "code.parents": "on", "code.admins": "on" };
    expect(await save({ ...northCodes, "code.students": "" })).toMatchObject({ ok: true });
    // A fresh browser is in the demo school; Noor belongs to North Campus only.
    expect(await codeSignIn(NORTH_STUDENT.code, "10.7.0.6")).toEqual(INVALID);
    const refusedOf = () =>
      queryRows(
        sql`select 1 from audit_log a join users u on u.id = a.actor_id where a.action = 'signin.code_refused' and u.username = ${NORTH_STUDENT.username}`,
      );
    await vi.waitFor(async () => expect(await withSchool(north, refusedOf)).toHaveLength(1));
    expect(await refusedOf()).toEqual([]);
    await asAdminOf("north");
    expect(await save(northCodes)).toMatchObject({ ok: true });
  });

  it("an admin cannot turn admins' codes off before their own school account is linked", async () => {
    await asAdminOf("demo");
    const adminOnly = { codes: "custom", "code.students": "on", "code.parents": "on" };
    expect(await save(adminOnly)).toEqual({
      ok: false,
      message:
        "Every admin of this school must sign in once with their school account before admins' access codes are turned off, or they could not sign in again: 1 has not.",
    });
    expect(await codeSignIn(DEMO_ADMIN.code, "10.7.0.5")).toMatchObject({ status: 200 });
    const admin = await userIdByEmail(DEMO_ADMIN.email);
    await db().execute(
      sql`insert into oidc_links (user_id, provider, subject, matched_by, email) values (${admin}, 'school', 'admin-sub', 'email', ${DEMO_ADMIN.email})`,
    );
    await asAdminOf("demo");
    expect(await save(adminOnly)).toMatchObject({ ok: true });
    expect(await codeSignIn(DEMO_ADMIN.code, "10.7.0.6")).toEqual(INVALID);
    // North Campus's own setting is untouched: its student still signs in, the demo school's too.
    expect(
      (await queryRows<{ codes: string }>(sql`select sign_in_codes as codes from schools where id = ${north}`))[0]!
        .codes,
    ).toBe("students,parents,admins");
    expect(await codeSignIn(NORTH_STUDENT.code, "10.7.0.7")).toMatchObject({ status: 200 });
    expect(await codeSignIn(DEMO_STUDENTS[1]!.code, "10.7.0.8")).toMatchObject({ status: 200 });
  });
});

describe("school-account domains, school by school", () => {
  beforeAll(async () => {
    await db().execute(sql`update schools set sign_in_codes = null`);
    forgetOverrides();
  });

  it("the demo school takes only its students' domain: a teacher's staff address links to nobody", async () => {
    await asAdminOf("demo");
    expect(await save({ accountDomains: "students.demo.school" })).toMatchObject({ ok: true });
    const david = await userIdByEmail(DEMO_INSTRUCTORS[1].email);
    await expectRefused(() => signInThrough("david"), "domain");
    expect(await linksOf(david)).toEqual([]);
    expect(await signInThrough("liam")).toBe("/");
  });

  it("a teacher of two schools links while one of them leaves it to the provider, not once both name others", async () => {
    await asAdminOf("north");
    expect(await save({ accountDomains: "north.demo.school" })).toMatchObject({ ok: true });
    const elena = await userIdByEmail(DEMO_INSTRUCTORS[0].email);
    await expectRefused(() => signInThrough("elena"), "domain");
    await asAdminOf("north");
    expect(await save({ accountDomains: "" })).toMatchObject({ ok: true });
    expect(await signInThrough("elena")).toBe("/");
    expect(await linksOf(elena)).toMatchObject([{ subject: "elena", matchedBy: "email" }]);
  });
});
