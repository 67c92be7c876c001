import { sql } from "drizzle-orm";
import { codeHash } from "@/lib/auth/code-store";
import { describe, expect, it } from "vitest";
import { signOut } from "@/app/auth/actions";
import { POST as sessionRoute } from "@/app/api/session/route";
import { getSessionUser } from "@/lib/auth/session";
import { SIGN_IN_WINDOW_MS } from "@/lib/auth/sign-in-flow";
import { db, queryRows } from "@/lib/db/client";
import { DEMO_ADMIN, DEMO_CLASSES, DEMO_INSTRUCTORS, DEMO_STUDENTS } from "@/lib/db/demo-school";
import { runMigrations } from "@/lib/db/migrate";
import { seedDemoSchool } from "@/lib/db/seed";
import { HOME_PAGE_SIZE, listHomeClasses } from "@/lib/queries/levels";
import { ALL_TABLES, CORE_TABLES, databaseChecksum } from "./support/fixtures";
import { inOneWindow } from "./support/one-window";
import { useTestDatabase } from "./support/test-db";
import { signInAs, useExpiredSessionOf } from "./support/session";
import { cookieJar } from "./support/request-context";

const t = useTestDatabase();

let client = 0;
async function signIn(
  code: string,
  from = `198.51.100.${++client}`,
): Promise<{ status: number; body: Record<string, unknown>; retryAfter: string | null }> {
  const res = await sessionRoute(
    new Request("http://localhost/api/session", {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": from, host: "localhost" },
      body: JSON.stringify({ code }),
    }),
  );
  return {
    status: res.status,
    body: (await res.json()) as Record<string, unknown>,
    retryAfter: res.headers.get("retry-after"),
  };
}

describe("migrations", () => {
  it("create every table from empty and are idempotent", async () => {
    await runMigrations(t.handle()); // second run: nothing to do, no error
    const rows = await queryRows<{ table_name: string }>(
      sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
    );
    const names = rows.map((r) => r.table_name);
    expect(names).toEqual(
      [
        // The tables the tests' checksums read, and those they leave out.
        ...ALL_TABLES,
        "rate_limits",
        "pending_guardian_links",
        "term_grade_records",
        "files",
        "files_trash",
        "settings",
      ].sort(),
    );
  });
});

describe("demo seed", () => {
  it("loads the demo school, and a second run changes nothing", async () => {
    const now = new Date("2026-03-04T15:00:00Z");
    expect(await seedDemoSchool(db(), { now, timeZone: "UTC" })).toEqual({ seeded: true });
    const first = await databaseChecksum(CORE_TABLES);
    expect(await seedDemoSchool(db(), { now: new Date(), timeZone: "UTC" })).toEqual({ seeded: false });
    expect(await databaseChecksum(CORE_TABLES)).toEqual(first);

    const counts = await queryRows<Record<string, number>>(sql`
      select
        (select count(*) from users where role = 'student')::int as students,
        (select count(*) from users where role = 'instructor')::int as instructors,
        (select count(*) from users where role = 'parent')::int as parents,
        (select count(*) from levels)::int as classes,
        (select count(*) from users u where role = 'student' and not exists (select 1 from student_enrollment e where e.student_id = u.id))::int as unenrolled,
        (select count(distinct status) from attendance)::int as statuses,
        (select count(distinct date) from attendance)::int as days,
        (select count(*) from assignments where due_date is null)::int as no_due,
        (select count(*) from (select assignment_id, student_id from assignment_submissions group by 1, 2 having count(*) > 1) r)::int as resubmitted,
        (select count(*) from grades where feedback is not null)::int as with_feedback,
        (select count(*) from responses)::int as responses,
        (select count(*) from users p where role = 'parent' and exists (
          select 1 from users s where s.role = 'student' and p.phone_digits in (s.parent1_digits, s.parent2_digits)))::int as matching_parents
    `);
    expect(counts[0]).toEqual({
      students: 30,
      instructors: 2,
      parents: 3,
      classes: 4,
      unenrolled: 1,
      statuses: 4,
      days: 20,
      no_due: 4,
      resubmitted: expect.any(Number) as unknown,
      with_feedback: expect.any(Number) as unknown,
      responses: expect.any(Number) as unknown,
      matching_parents: 3,
    });
    const row = counts[0]!;
    expect(row.resubmitted).toBeGreaterThan(0);
    expect(row.with_feedback).toBeGreaterThan(0);
    expect(row.responses).toBeGreaterThan(0);
  });
});

describe("sign-in", () => {
  it("accepts an upper-case code with spaces around it", async () => {
    cookieJar.clear();
    const result = await signIn(`  ${DEMO_ADMIN.code.toUpperCase()} `);
    expect(result).toMatchObject({ status: 200, body: { ok: true } });
    const user = await getSessionUser();
    expect(user?.username).toBe(DEMO_ADMIN.username);
    expect(user?.expiresAt).toBeGreaterThan(Date.now() + 4 * 3600_000 - 60_000);
  });

  it("answers 'Invalid code' for an unknown code and starts no session", async () => {
    cookieJar.clear();
    expect(await signIn("no-such-code")).toMatchObject({ status: 401, body: { ok: false, message: "Invalid code" } });
    expect(cookieJar.getAll()).toEqual([]);
    expect(await getSessionUser()).toBeNull();
  });

  describe("failures, counted in one window", () => {
    inOneWindow(SIGN_IN_WINDOW_MS);
    it("limits failures per client address: the 11th attempt in 10 minutes gets HTTP 429 with the wait", async () => {
      cookieJar.clear();
      const from = "203.0.113.9";
      for (let i = 0; i < 10; i++) expect((await signIn(`wrong-${i}`, from)).status).toBe(401);
      const blocked = await signIn(DEMO_ADMIN.code, from); // even the right code waits
      expect(blocked.status).toBe(429);
      expect(blocked.body.message).toMatch(/^Too many sign-in attempts\. Please wait \d+ minutes? and try again\.$/);
      expect(Number(blocked.retryAfter)).toBeGreaterThan(0);
      expect(cookieJar.getAll()).toEqual([]);
      expect((await signIn(DEMO_ADMIN.code, "203.0.113.10")).status).toBe(200); // another client is not affected
    });

    it("limits failures per code prefix across clients", async () => {
      for (let i = 0; i < 50; i++) await signIn(`zzq-guess-${i}`, `192.0.2.${i}`);
      expect((await signIn("zzq-guess-final", "192.0.2.200")).status).toBe(429);
      expect((await signIn(DEMO_INSTRUCTORS[0].code, "192.0.2.201")).status).toBe(200);
    });
  });

  it("sets the cookie httpOnly and SameSite=Lax, Secure only over HTTPS, for at most 4 h", async () => {
    const { requestHeaders } = await import("./support/request-context");
    await signInAs(DEMO_ADMIN.code);
    expect(cookieJar.lastOptions).toMatchObject({ httpOnly: true, sameSite: "lax", secure: false, path: "/" });
    expect(Number(cookieJar.lastOptions.maxAge)).toBeLessThanOrEqual(4 * 3600);
    requestHeaders.set("x-forwarded-proto", "https");
    try {
      await signInAs(DEMO_ADMIN.code);
      expect(cookieJar.lastOptions).toMatchObject({ secure: true, path: "/" });
      // The __Host- prefix: the browser keeps it only with Secure, Path=/ and no Domain.
      expect(cookieJar.getAll().map((c) => c.name)).toContain("__Host-portal_session");
      expect(await getSessionUser()).not.toBeNull();
    } finally {
      requestHeaders.delete("x-forwarded-proto");
    }
  });

  it("signs in from a plain form post (no JavaScript yet) and redirects back to the page, never putting the code in a URL", async () => {
    const post = (code: string, referer: string | null, from: string) =>
      sessionRoute(
        new Request("http://localhost/api/session", {
          method: "POST",
          headers: {
            "content-type": "application/x-www-form-urlencoded",
            "x-forwarded-for": from,
            host: "localhost",
            ...(referer ? { referer } : {}),
          },
          body: new URLSearchParams({ code }).toString(),
        }),
      );
    cookieJar.clear();
    const ok = await post(
      DEMO_STUDENTS[0]!.code.toUpperCase(),
      "http://localhost/level/BIO-P2?tab=grades&signin=invalid",
      "198.51.100.201",
    );
    expect(ok.status).toBe(303);
    expect(ok.headers.get("location")).toBe("/level/BIO-P2?tab=grades");
    expect((await getSessionUser())?.username).toBe(DEMO_STUDENTS[0]!.username);

    cookieJar.clear();
    const wrong = await post("no-such-code", "http://localhost/", "198.51.100.202");
    expect(wrong.headers.get("location")).toBe("/?signin=invalid");
    expect(wrong.headers.get("location")).not.toContain("no-such-code");
    expect(await getSessionUser()).toBeNull();
    expect((await post("", "http://localhost/admin", "198.51.100.202")).headers.get("location")).toBe(
      "/admin?signin=empty",
    );
    // Only this site's pages: another host, a protocol-relative path or no referer go home.
    expect((await post("nope", "https://evil.example/phish", "198.51.100.203")).headers.get("location")).toBe(
      "/?signin=invalid",
    );
    expect((await post("nope", "http://localhost//evil.example/x", "198.51.100.204")).headers.get("location")).toBe(
      "/?signin=invalid",
    );
    expect((await post("nope", null, "198.51.100.205")).headers.get("location")).toBe("/?signin=invalid");
    const limited = "198.51.100.206";
    for (let i = 0; i < 10; i++) await post(`wrong-${i}`, "http://localhost/", limited);
    expect((await post(DEMO_ADMIN.code, "http://localhost/", limited)).headers.get("location")).toBe(
      "/?signin=limited",
    );
    expect(await getSessionUser()).toBeNull();
  });

  it("refuses an expired session on the server", async () => {
    await useExpiredSessionOf(DEMO_ADMIN.code);
    expect(await getSessionUser()).toBeNull();
  });

  it("revokes the session on logout, also for a copy of the cookie", async () => {
    await signInAs(DEMO_INSTRUCTORS[0].code);
    const copy = cookieJar.getAll();
    expect(await getSessionUser()).not.toBeNull();
    await signOut();
    expect(await getSessionUser()).toBeNull();
    for (const c of copy) cookieJar.set(c.name, c.value); // replay the old cookie
    expect(await getSessionUser()).toBeNull();
  });
});

describe("home class list per role", () => {
  async function namesFor(code: string) {
    await signInAs(code);
    const user = await getSessionUser();
    return (await listHomeClasses(user!)).rows.map((c) => c.code);
  }

  it("gives a student only their enrolled classes, by name", async () => {
    const s = DEMO_STUDENTS[0]!;
    const expected = s.classes
      .map((i) => DEMO_CLASSES[i]!)
      .sort((a, b) => a.name.localeCompare(b.name))
      .map((c) => c.code);
    expect(await namesFor(s.code)).toEqual(expected);
  });
  it("gives the student enrolled nowhere an empty list", async () => {
    expect(await namesFor(DEMO_STUDENTS[29]!.code)).toEqual([]);
  });
  it("gives an instructor only their own classes", async () => {
    expect(await namesFor(DEMO_INSTRUCTORS[1].code)).toEqual(["BIO-P2", "HIST-P4"]);
  });
  it("gives an admin every class", async () => {
    expect(await namesFor(DEMO_ADMIN.code)).toEqual(["ALG1-P1", "BIO-P2", "GEO-P3", "HIST-P4"]);
  });
  it("pages a long list: every class exactly once, in name order, with the total", async () => {
    await db().execute(
      sql`insert into levels (code, name) select 'PG' || g, 'Paged ' || lpad(g::text, 3, '0') from generate_series(1, 130) g`,
    );
    await signInAs(DEMO_ADMIN.code);
    const admin = (await getSessionUser())!;
    const pages = await Promise.all([1, 2, 3, 4].map((p) => listHomeClasses(admin, p)));
    expect(pages.map((p) => p.rows.length)).toEqual([HOME_PAGE_SIZE, HOME_PAGE_SIZE, 134 - 2 * HOME_PAGE_SIZE, 0]);
    expect(pages.every((p) => p.total === 134)).toBe(true);
    const names = pages.flatMap((p) => p.rows.map((r) => r.name));
    expect(new Set(names).size).toBe(134);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    await db().execute(sql`delete from levels where code like 'PG%'`);
  });
});

describe("database constraints", () => {
  async function rejects(statement: ReturnType<typeof sql>) {
    await expect(db().execute(statement)).rejects.toThrow();
  }
  it("refuses a duplicate enrollment, grade and attendance row", async () => {
    await rejects(
      sql`insert into student_enrollment (student_id, level_code) select student_id, level_code from student_enrollment limit 1`,
    );
    await rejects(
      sql`insert into grades (assignment_id, student_id, score) select assignment_id, student_id, 1 from grades limit 1`,
    );
    await rejects(
      sql`insert into attendance (student_id, level_code, date, status) select student_id, level_code, date, 'present' from attendance limit 1`,
    );
  });
  it("refuses an unknown role or status, an upper-case code, a duplicate code and a max score below 1", async () => {
    await rejects(sql`insert into users (name, username, role) values ('X', 'x-role', 'teacher-ish')`);
    await rejects(
      sql`insert into attendance (student_id, level_code, date, status) select student_id, level_code, '2001-01-01', 'sick' from attendance limit 1`,
    );
    await rejects(sql`insert into users (name, username, role, code) values ('X', 'x-upper', 'student', 'ABC')`);
    await rejects(
      sql`insert into users (name, username, role, code_hash, code_sealed) values ('X', 'x-dup', 'student', ${codeHash(DEMO_ADMIN.code)}, 'v1.x')`,
    );
    await rejects(sql`insert into users (name, username, role, code_hash) values ('X', 'x-half', 'student', 'abc')`);
    await rejects(sql`insert into assignments (level_code, title, max_score) values ('ALG1-P1', 'X', 0)`);
  });
  it("keeps the audit log append-only", async () => {
    await db().execute(sql`insert into audit_log (action, detail) values ('test', '{}')`);
    await rejects(sql`update audit_log set action = 'x'`);
    await rejects(sql`delete from audit_log`);
  });
  it("keeps academic records: a student with grades cannot be deleted", async () => {
    await rejects(sql`delete from users where id = (select student_id from grades limit 1)`);
  });
});
