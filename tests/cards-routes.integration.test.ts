import { sql } from "drizzle-orm";
import { codeColumns, openCode } from "@/lib/auth/code-store";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { POST as adminCardsRoute } from "@/app/admin/cards/route";
import { POST as classCardsRoute } from "@/app/level/[levelCode]/cards/route";
import { db, queryRows } from "@/lib/db/client";
import { DEMO_ADMIN, DEMO_INSTRUCTORS, DEMO_STUDENTS } from "@/lib/db/demo-school";
import { rosterImports, studentEnrollment, users } from "@/lib/db/schema";
import { resetEnvCache } from "@/lib/env";
import { cookieJar } from "./support/request-context";
import { databaseChecksum, seedDemo, storedCodes, userIdByCode } from "./support/fixtures";
import { signInAs } from "./support/session";
import { useTestDatabase } from "./support/test-db";

// Printable sign-in cards (issue 18 §4): a class's (its own instructor, admins), the school's and
// the last import's (admins). Codes reach only those callers; every printing is audited.

useTestDatabase();

const BIO = "BIO-P2"; // David Chen's
let admin: number;
let chen: number;
beforeAll(async () => {
  await seedDemo();
  admin = await userIdByCode(DEMO_ADMIN.code);
  chen = await userIdByCode(DEMO_INSTRUCTORS[1].code);
});
afterEach(() => {
  delete process.env.PORTAL_URL;
  resetEnvCache();
});

const post = (url: string, body: Record<string, string>, origin = "http://localhost") =>
  new Request(url, {
    method: "POST",
    headers: { origin, host: "localhost", "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(body).toString(),
  });
const classCards = (code: string, origin?: string) =>
  classCardsRoute(post(`http://localhost/level/${code}/cards`, {}, origin), {
    params: Promise.resolve({ levelCode: code }),
  });
const adminCards = (scope: string, origin?: string) =>
  adminCardsRoute(post("http://localhost/admin/cards", { scope }, origin));

const cardsIn = (html: string) => html.match(/data-testid="sign-in-card"/g)?.length ?? 0;
const codesIn = (html: string) => [...html.matchAll(/data-testid="card-code">([^<]*)</g)].map((m) => m[1]);
const lastAudit = async () =>
  (
    await queryRows<{ actor_id: number; level_code: string | null; detail: Record<string, unknown> }>(
      sql`select actor_id, level_code, detail from audit_log where action = 'cards.printed' order by id desc limit 1`,
    )
  )[0];
const allCodes = () => storedCodes();

describe("a class's cards", () => {
  it("gives the class's instructor one card per student with the code, the portal's address and a QR code, and audits it", async () => {
    const [nocode] = await db()
      .insert(users)
      .values({ name: "Nora Nocode", username: "nora.nocode", role: "student" })
      .returning({ id: users.id });
    await db().insert(studentEnrollment).values({ studentId: nocode!.id, levelCode: BIO });
    // Issue 28: the instructor's cards carry the codes of students whose every class is theirs;
    // a student who also takes another teacher's class gets a card without it (admins print those).
    const roster = await queryRows<{ name: string; sealed: string | null; shared: boolean }>(
      sql`select u.name, u.code_sealed as sealed, exists (select 1 from student_enrollment o join levels l on l.code = o.level_code
            where o.student_id = u.id and l.teacher_id is distinct from ${chen}::int) as shared
          from student_enrollment e join users u on u.id = e.student_id where e.level_code = ${BIO} order by u.name, u.id`,
    );
    const printable = roster.filter((r) => r.sealed && !r.shared).map((r) => openCode(r.sealed)!);
    const adminsOnly = roster.filter((r) => r.sealed && r.shared).map((r) => openCode(r.sealed)!);
    expect(printable.length).toBeGreaterThan(0);
    expect(adminsOnly.length).toBeGreaterThan(0);

    await signInAs(DEMO_INSTRUCTORS[1].code);
    const res = await classCards(BIO);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(res.headers.get("cache-control")).toBe("no-store");
    const html = await res.text();
    expect(cardsIn(html)).toBe(roster.length);
    expect(codesIn(html)).toEqual(printable);
    for (const code of adminsOnly) expect(html).not.toContain(code);
    expect(html.match(/data-testid="card-code-admins-only"/g)).toHaveLength(adminsOnly.length);
    expect(html).toContain("only an admin can print their code");
    expect(html.match(/data-testid="card-no-code"/g)).toHaveLength(1);
    expect(html).toContain("Nora Nocode");
    expect(html).toContain("Sign in at http://localhost/");
    expect(html).toContain("<svg");
    expect(html).toContain("Biology");
    // Print layout: 8 cards a sheet, dashed cut lines, one sheet a page.
    expect(html.match(/<section class="sheet">/g)).toHaveLength(Math.ceil(roster.length / 8));
    expect(html).toMatch(/border: 1px dashed/);
    expect(html).toMatch(/@media print[\s\S]*break-after: page/);

    const entry = await lastAudit();
    expect(entry).toMatchObject({
      actor_id: chen,
      level_code: BIO,
      detail: { scope: "class", count: roster.length, withCode: printable.length },
    });
    expect(JSON.stringify(entry!.detail)).not.toMatch(new RegExp((await allCodes()).join("|")));
  });

  it("prints the configured PORTAL_URL when there is one", async () => {
    process.env.PORTAL_URL = "https://portal.school.example/";
    resetEnvCache();
    await signInAs(DEMO_ADMIN.code);
    const html = await (await classCards(BIO)).text();
    expect(html).toContain("Sign in at https://portal.school.example/<");
    // Admins print every code of the class.
    expect(html).not.toContain('data-testid="card-code-admins-only"');
    expect(await lastAudit()).toMatchObject({ actor_id: admin, level_code: BIO, detail: { scope: "class" } });
  });

  it("refuses everyone else with no code and no audit entry, and cross-site posts", async () => {
    const codes = await allCodes();
    const before = await databaseChecksum();
    const callers = [
      { who: "anonymous", code: null, status: 401 },
      { who: "student enrolled", code: DEMO_STUDENTS[0]!.code, status: 403 },
      { who: "parent", code: "parent-kim", status: 403 },
      { who: "instructor not owning the class", code: DEMO_INSTRUCTORS[0].code, status: 403 },
    ] as const;
    for (const c of callers) {
      if (c.code) await signInAs(c.code);
      else cookieJar.clear();
      const res = await classCards(BIO);
      expect(res.status, c.who).toBe(c.status);
      const html = await res.text();
      expect(cardsIn(html)).toBe(0);
      for (const code of codes) expect(html.includes(code), `${c.who} saw ${code}`).toBe(false);
    }
    await signInAs(DEMO_INSTRUCTORS[1].code);
    expect((await classCards(BIO, "https://evil.example")).status).toBe(403);
    await signInAs(DEMO_ADMIN.code);
    expect((await classCards("NOPE")).status).toBe(404);
    expect(await databaseChecksum()).toEqual(before);
  });
});

describe("the school's and the last import's cards", () => {
  it("gives admins every student and instructor, never an admin's or a parent's code", async () => {
    await signInAs(DEMO_ADMIN.code);
    const res = await adminCards("school");
    expect(res.status).toBe(200);
    const html = await res.text();
    const scope = sql`role in ('student', 'instructor') and roster_deleted_at is null`;
    const [people] = await queryRows<{ n: number }>(sql`select count(*)::int as n from users where ${scope}`);
    expect(cardsIn(html)).toBe(people!.n);
    expect(codesIn(html).sort()).toEqual((await storedCodes(scope)).sort());
    expect(html).not.toContain(DEMO_ADMIN.code);
    expect(html).not.toContain("parent-kim");
    // Instructors first, each with the classes they teach; students with theirs.
    expect(html.indexOf(DEMO_INSTRUCTORS[0].name)).toBeLessThan(html.indexOf(DEMO_STUDENTS[0]!.name));
    expect(html).toMatch(/BIO-P2/);
    expect(await lastAudit()).toMatchObject({
      actor_id: admin,
      level_code: null,
      detail: { scope: "school", count: people!.n },
    });
    // A class by its code, like the class's own button.
    expect(cardsIn(await (await adminCards(BIO)).text())).toBeGreaterThan(0);
  });

  it("prints the users the last applied import created, and says so when there was none", async () => {
    await signInAs(DEMO_ADMIN.code);
    const before = await databaseChecksum();
    const none = await adminCards("last-import");
    expect(none.status).toBe(404);
    expect(await none.text()).toContain("No roster import has been applied yet");
    expect(await databaseChecksum()).toEqual(before);

    const made = await db()
      .insert(users)
      .values([
        { name: "Tess Newteacher", username: "tess.new", role: "instructor", ...codeColumns("newteach-0001") },
        { name: "Sam Newstudent", username: "sam.new", role: "student", ...codeColumns("newstu-00001") },
      ])
      .returning({ id: users.id });
    const ids = made.map((m) => m.id);
    await db().insert(studentEnrollment).values({ studentId: ids[1]!, levelCode: BIO });
    await db().insert(rosterImports).values({
      source: "web",
      fileName: "roster.zip",
      dryRun: false,
      status: "applied",
      newUserIds: ids,
      actorId: admin,
    });
    // A later preview and a refused run created nobody: the last applied import still counts.
    await db()
      .insert(rosterImports)
      .values({
        source: "web",
        fileName: "roster2.zip",
        dryRun: true,
        status: "previewed",
        newUserIds: [chen],
        actorId: admin,
      });
    await db()
      .insert(rosterImports)
      .values({
        source: "cli",
        fileName: "folder",
        dryRun: false,
        status: "refused",
        newUserIds: [chen],
        actorId: admin,
      });

    const html = await (await adminCards("last-import")).text();
    expect(cardsIn(html)).toBe(2);
    expect(codesIn(html)).toEqual(["newteach-0001", "newstu-00001"]);
    // The student's card names the class as a class's own cards do: "Name (code)" (issue 29).
    const [bio] = await queryRows<{ name: string }>(sql`select name from levels where code = ${BIO}`);
    expect(html).toContain(`${bio!.name} (${BIO})`);
    expect(await lastAudit()).toMatchObject({
      actor_id: admin,
      detail: { scope: "last-import", count: 2, withCode: 2 },
    });
  });

  it("refuses everyone but admins, a bad scope, an unknown class and cross-site posts", async () => {
    const codes = await allCodes();
    const before = await databaseChecksum();
    cookieJar.clear();
    expect((await adminCards("school")).status).toBe(401);
    for (const code of [DEMO_STUDENTS[0]!.code, "parent-kim", DEMO_INSTRUCTORS[0].code, DEMO_INSTRUCTORS[1].code]) {
      await signInAs(code);
      for (const scope of ["school", "last-import", BIO]) {
        const res = await adminCards(scope);
        expect(res.status, `${code} ${scope}`).toBe(403);
        const html = await res.text();
        for (const c of codes) expect(html.includes(c)).toBe(false);
      }
    }
    await signInAs(DEMO_ADMIN.code);
    expect((await adminCards("")).status).toBe(400);
    expect((await adminCards("NOPE")).status).toBe(404);
    expect((await adminCards("school", "https://evil.example")).status).toBe(403);
    const big = await adminCardsRoute(post("http://localhost/admin/cards", { scope: "x".repeat(3_000) }));
    expect(big.status).toBe(413);
    expect(await databaseChecksum()).toEqual(before);
  });
});
