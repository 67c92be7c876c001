import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { switchSchool } from "@/app/auth/actions";
import { saveSchoolSettingsAction } from "@/app/admin/school-actions";
import { POST as lookupRoute } from "@/app/api/parent/lookup/route";
import { attemptSignIn } from "@/lib/auth/sign-in-flow";
import { db, queryRows } from "@/lib/db/client";
import { refreshSchoolSettings } from "@/lib/district/school-settings";
import { DEMO_ADMIN, DEMO_INSTRUCTORS } from "@/lib/db/demo-school";
import { withSchool } from "@/lib/db/school-scope";
import { requestLocale } from "@/lib/i18n/request-locale";
import { recipientLocale } from "@/lib/i18n/recipient";
import { schoolToday } from "@/lib/queries/school-years";
import { SCHOOL_COOKIE } from "@/lib/request-school.mjs";
import { resetEnvCache } from "@/lib/env";
import { forgetOverrides } from "@/lib/school-overrides";
import { seedDemo } from "./support/fixtures";
import { DISTRICT_ADMIN, seedDistrict, request } from "./support/district";
import { form } from "./support/form";
import { cookieJar, requestHeaders } from "./support/request-context";
import { signInAs } from "./support/session";
import { useTestDatabase } from "./support/test-db";

// Each school's own settings (issue 42, decision 037): a school admin sets their school's time
// zone, language, parent lookup and access-code roles on /admin → School; another school keeps the
// install's. What a family or teacher of each school then gets differs; nothing crosses schools.

useTestDatabase();
let north: number;
const saved = { ...process.env };

const save = (fields: Record<string, string>) =>
  request(() => saveSchoolSettingsAction({ ok: true }, form({ codes: "install", ...fields })));
const schoolRow = (id: number) =>
  queryRows<Record<string, string | null>>(
    sql`select time_zone, locale, parent_portal, sign_in_codes, account_domains from schools where id = ${id}`,
  ).then((r) => r[0]);

/** A visitor with no session and no language of their own, in `school`. */
function anonymousIn(school: number) {
  cookieJar.clear();
  cookieJar.set(SCHOOL_COOKIE, String(school));
  requestHeaders.delete("accept-language");
}

async function lookup(phone: string) {
  const response = await request(() =>
    lookupRoute(
      new Request("http://localhost/api/parent/lookup", {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": "10.8.0.1", host: "localhost" },
        body: JSON.stringify({ phone }),
      }),
    ),
  );
  return { status: response.status, body: (await response.json()) as { error?: string } };
}

beforeAll(async () => {
  delete process.env.SCHOOL_TIMEZONE;
  delete process.env.SCHOOL_LOCALE;
  delete process.env.PARENT_PORTAL;
  delete process.env.OIDC_PROVIDERS;
  resetEnvCache();
  await seedDemo();
  north = await seedDistrict();
});

/** The district admin, working in North Campus as its admin would. */
async function asNorthAdmin() {
  requestHeaders.set("accept-language", "en-US");
  await signInAs(DISTRICT_ADMIN.code);
  await expect(request(() => switchSchool(form({ school: String(north) })))).rejects.toThrow(/NEXT_REDIRECT/);
}
afterAll(() => {
  process.env = saved;
  resetEnvCache();
  forgetOverrides();
  requestHeaders.delete("accept-language");
});

describe("/admin → School", () => {
  it("refuses a time zone, language or domain it does not know, and changes nothing", async () => {
    await asNorthAdmin();
    const before = await schoolRow(north);
    expect(await save({ timeZone: "Mars/Olympus_Mons" })).toEqual({
      ok: false,
      message: "That is not a known time zone. Choose one from the list.",
      fieldErrors: { timeZone: ["That is not a known time zone. Choose one from the list."] },
    });
    expect(await save({ locale: "fr" })).toMatchObject({ ok: false, message: "Choose a value from the list." });
    expect(await save({ accountDomains: "north.district.org, not a domain" })).toEqual({
      ok: false,
      message: "“not” is not a domain name.",
    });
    expect(await save({ accountDomains: Array.from({ length: 21 }, (_, i) => `s${i}.org`).join(",") })).toEqual({
      ok: false,
      message: "Name at most 20 domains.",
    });
    // Without a school-account provider, every role keeps its codes: nobody could sign in otherwise.
    expect(await save({ codes: "custom", "code.students": "on", "code.admins": "on" })).toEqual({
      ok: false,
      message: "Limiting access codes needs a school account provider (OIDC_PROVIDERS).",
    });
    expect(await schoolRow(north)).toEqual(before);
  });

  it("saves the school's own settings, audited in that school, and leaves the other school's", async () => {
    await asNorthAdmin();
    expect(
      await save({
        timeZone: "Pacific/Kiritimati",
        locale: "es",
        parentPortal: "off",
        accountDomains: "North.District.org  students.north.district.org",
      }),
    ).toEqual({ ok: true, message: "Settings saved." });
    expect(await schoolRow(north)).toEqual({
      time_zone: "Pacific/Kiritimati",
      locale: "es",
      parent_portal: "off",
      sign_in_codes: null,
      account_domains: "north.district.org,students.north.district.org",
    });
    expect(await schoolRow(1)).toEqual({
      time_zone: null,
      locale: null,
      parent_portal: null,
      sign_in_codes: null,
      account_domains: null,
    });
    const audited = (school: number) =>
      withSchool(school, () =>
        queryRows<{ n: number }>(sql`select count(*)::int as n from audit_log where action = 'school.settings_saved'`),
      );
    expect((await audited(north))[0]!.n).toBe(1);
    expect((await audited(1))[0]!.n).toBe(0);
  });

  it("is the school's own: North Campus's admin, with a cookie of the demo school, changes nothing there", async () => {
    // Awaited inside the school: a drizzle query runs when awaited, not when built.
    await withSchool(north, async () => {
      await db().execute(
        sql`insert into users (name, username, code, role) values ('Nia North', 'nnorth', 'north-admin-1', 'admin')`,
      );
    });
    const schoolsOfNia = await queryRows<{ school_id: number }>(
      sql`select m.school_id from school_memberships m join users u on u.id = m.user_id where u.username = 'nnorth'`,
    );
    expect(schoolsOfNia.map((r) => Number(r.school_id))).toEqual([north]);
    await request(() => signInAs("north-admin-1"));
    expect(cookieJar.get(SCHOOL_COOKIE)?.value).toBe(String(north));
    // Her own school's form, sent again as it stands (every field is sent each time).
    const northAsSaved = {
      timeZone: "Pacific/Kiritimati",
      locale: "es",
      parentPortal: "off",
      accountDomains: "north.district.org,students.north.district.org",
    };
    expect(await save(northAsSaved)).toMatchObject({ ok: true });
    cookieJar.set(SCHOOL_COOKIE, "1");
    expect(await save({ timeZone: "Asia/Tokyo" })).toEqual({ ok: false, message: "Please log in to access this page" });
    expect((await schoolRow(1))!.time_zone).toBeNull();
  });

  it("is a school admin's: a teacher of the school cannot save it", async () => {
    await signInAs(DEMO_INSTRUCTORS[1].code);
    expect(await save({ timeZone: "Asia/Tokyo" })).toMatchObject({ ok: false });
    expect((await schoolRow(1))!.time_zone).toBeNull();
  });
});

describe("what each school's people get", () => {
  beforeAll(async () => {
    // The demo school's admin sets the zone farthest from North's: the two schools' days always differ.
    requestHeaders.set("accept-language", "en-US");
    await signInAs(DEMO_ADMIN.code);
    expect(await save({ timeZone: "Pacific/Pago_Pago" })).toMatchObject({ ok: true });
    cookieJar.clear();
  });

  it("each school's 'today' is its own time zone's", () => {
    const now = new Date();
    const inZone = (tz: string) => new Intl.DateTimeFormat("en-CA", { timeZone: tz }).format(now);
    expect(withSchool(north, () => schoolToday(now))).toBe(inZone("Pacific/Kiritimati"));
    expect(withSchool(1, () => schoolToday(now))).toBe(inZone("Pacific/Pago_Pago"));
    expect(inZone("Pacific/Kiritimati")).not.toBe(inZone("Pacific/Pago_Pago"));
  });

  it("a visitor whose browser asks for no language gets the school's", async () => {
    anonymousIn(north);
    expect(await request(() => requestLocale())).toBe("es");
    anonymousIn(1);
    expect(await request(() => requestLocale())).toBe("en");
    // E-mails to someone who chose no language: in their school's.
    expect(withSchool(north, () => recipientLocale(null))).toBe("es");
    expect(withSchool(1, () => recipientLocale(null))).toBe("en");
  });

  it("the phone lookup is off at North Campus only", async () => {
    anonymousIn(north);
    expect(await lookup("5552010001")).toEqual({
      status: 503,
      body: {
        error:
          "El portal para familias está desactivado en esta escuela. Por favor, comuníquese con la oficina de la escuela.",
      },
    });
    anonymousIn(1);
    expect((await lookup("123")).body.error).toBe("Please enter a valid phone number (at least 7 digits)");
  });

  it("an open lookup finds only its own school's families", async () => {
    await asNorthAdmin();
    expect(await save({ parentPortal: "open" })).toMatchObject({ ok: true });
    // The demo school's parents' numbers begin 555-2010: nobody of North Campus has one.
    anonymousIn(north);
    expect(await lookup("5552010")).toMatchObject({ status: 404 });
    requestHeaders.set("accept-language", "en-US");
    await signInAs(DEMO_ADMIN.code);
    expect(await save({ timeZone: "Pacific/Pago_Pago", parentPortal: "open" })).toMatchObject({ ok: true });
    anonymousIn(1);
    const found = await lookup("5552010");
    expect(found.status).toBe(200);
    expect(JSON.stringify(found.body)).toContain("Ava Johnson");
  });

  it("a school's code limit is not applied while no school-account provider is configured", async () => {
    await db().execute(sql`update schools set sign_in_codes = 'students' where id = 1`);
    await refreshSchoolSettings(true);
    cookieJar.clear();
    expect(await request(() => attemptSignIn({ code: DEMO_INSTRUCTORS[1].code }, "10.8.1.1"))).toMatchObject({
      status: 200,
    });
    await db().execute(sql`update schools set sign_in_codes = null where id = 1`);
    await refreshSchoolSettings(true);
  });

  it("set back to the install's, a school follows the install again", async () => {
    await asNorthAdmin();
    expect(await save({})).toMatchObject({ ok: true });
    expect(await schoolRow(north)).toMatchObject({ time_zone: null, locale: null, parent_portal: null });
    anonymousIn(north);
    expect(await request(() => requestLocale())).toBe("en");
    expect((await lookup("123")).status).toBe(400);
  });
});
