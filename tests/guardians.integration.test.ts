import { and, eq, sql } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import {
  issueReportLinkAction,
  linkGuardianAction,
  revokeReportLinkAction,
  unlinkGuardianAction,
} from "@/app/admin/guardian-actions";
import { POST as lettersRoute } from "@/app/admin/letters/route";
import { POST as lookupRoute } from "@/app/api/parent/lookup/route";
import { POST as reportRoute } from "@/app/api/parent/report/route";
import { db, queryRows } from "@/lib/db/client";
import { DEMO_ADMIN, DEMO_STUDENTS } from "@/lib/db/demo-school";
import { guardianLinks, reportCardLinks, users } from "@/lib/db/schema";
import { resetEnvCache } from "@/lib/env";
import { isLinkedGuardian, listChildrenOfParent, listGuardiansOfStudent } from "@/lib/parent/guardians";
import { canReadReportCard } from "@/lib/auth/policy";
import { prepareLetters } from "@/lib/parent/letters";
import { hashReportToken, openReportLink } from "@/lib/parent/report-links";
import { cookieJar } from "./support/request-context";
import { databaseChecksum, seedDemo, userIdByCode } from "./support/fixtures";
import { form } from "./support/form";
import { signInAs } from "./support/session";
import { useTestDatabase } from "./support/test-db";

// Parent access (decision 004): guardian links, report-card links, letters, and the phone lookup
// in its default `verified` mode. The attacks of the review are run as tests.

useTestDatabase();

let ava: number;
let liam: number;
let maya: number;
let tariq: number;
let grace: number; // parent-johnson: Ava's and Liam's parent by phone
let ken: number; // parent-kim: Maya's second parent by phone
let admin: number;
beforeAll(async () => {
  await seedDemo();
  [ava, liam, maya, tariq] = (await Promise.all([0, 1, 3, 29].map((i) => userIdByCode(DEMO_STUDENTS[i]!.code)))) as [
    number,
    number,
    number,
    number,
  ];
  grace = await userIdByCode("parent-johnson");
  ken = await userIdByCode("parent-kim");
  admin = await userIdByCode(DEMO_ADMIN.code);
});
afterEach(() => {
  delete process.env.PARENT_PORTAL;
  resetEnvCache();
});

const childrenOf = async (parentId: number) =>
  (await listChildrenOfParent(parentId)).map((c) => c.studentId).sort((a, b) => a - b);
const lastAudit = async (action: string) =>
  (
    await queryRows<{ actor_id: number | null; detail: Record<string, unknown> }>(
      sql`select actor_id, detail from audit_log where action = ${action} order by id desc limit 1`,
    )
  )[0];

let clientNo = 0;
function post(route: (r: Request) => Promise<Response>, body: unknown, client = `198.51.${++clientNo % 250}.100`) {
  return route(
    new Request("http://localhost/api/parent/x", {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": client, host: "localhost" },
      body: JSON.stringify(body),
    }),
  );
}
const tokenOf = (path: string) => path.replace(/^.*\/r\//, "");

describe("guardian links from phone numbers", () => {
  it("links the demo's parents to the students whose parent number is theirs, in full", async () => {
    expect(await childrenOf(grace)).toEqual([ava, liam].sort((a, b) => a - b));
    expect(await childrenOf(ken)).toEqual([maya]);
    expect((await listGuardiansOfStudent(ava)).map((g) => [g.name, g.source])).toEqual([["Grace Johnson", "phone"]]);
  });
  it("keeps the links in step when either side's number changes, and audits each change", async () => {
    await db().update(users).set({ parent1Number: "555-999-0000" }).where(eq(users.id, liam));
    expect(await childrenOf(grace)).toEqual([ava]);
    expect(await lastAudit("guardian.unlinked")).toMatchObject({
      detail: { parentId: grace, studentId: liam, source: "phone" },
    });
    await db().update(users).set({ parent1Number: "(555) 201-0001" }).where(eq(users.id, liam));
    expect(await childrenOf(grace)).toContain(liam);
    expect(await lastAudit("guardian.linked")).toMatchObject({
      detail: { parentId: grace, studentId: liam, source: "phone" },
    });
    // The parent's own number: a new number drops both children, the old one brings them back.
    await db().update(users).set({ phoneNumber: "555-000-1111" }).where(eq(users.id, grace));
    expect(await childrenOf(grace)).toEqual([]);
    await db().update(users).set({ phoneNumber: "555-201-0001" }).where(eq(users.id, grace));
    expect(await childrenOf(grace)).toHaveLength(2);
  });
  it("matches whole numbers only: a parent whose number is part of a student's is not linked", async () => {
    const [p] = await db()
      .insert(users)
      .values({ name: "Partial", username: "partial", role: "parent", phoneNumber: "201-0001" })
      .returning({ id: users.id });
    expect(await childrenOf(p!.id)).toEqual([]);
  });
});

describe("admin links and unlinks guardians", () => {
  it("links a parent to a student by username, audited with the admin as actor", async () => {
    await signInAs(DEMO_ADMIN.code);
    expect(
      await linkGuardianAction(
        { ok: true },
        form({ studentId: tariq, parentUsername: "kkim", relationship: "father" }),
      ),
    ).toMatchObject({ ok: true });
    expect(await childrenOf(ken)).toEqual([maya, tariq].sort((a, b) => a - b));
    expect(await lastAudit("guardian.linked")).toMatchObject({
      actor_id: admin,
      detail: { parentId: ken, studentId: tariq, relationship: "father", source: "admin" },
    });
  });
  it("refuses unknown usernames, a student as the parent and bad relationships, changing nothing", async () => {
    await signInAs(DEMO_ADMIN.code);
    const before = await databaseChecksum();
    expect(
      await linkGuardianAction(
        { ok: true },
        form({ studentId: tariq, parentUsername: "nobody", relationship: "mother" }),
      ),
    ).toEqual({ ok: false, message: "No parent account has that username." });
    expect(
      await linkGuardianAction(
        { ok: true },
        form({ studentId: tariq, parentUsername: "liam.okafor", relationship: "mother" }),
      ),
    ).toEqual({ ok: false, message: "No parent account has that username." });
    expect(
      (
        await linkGuardianAction(
          { ok: true },
          form({ studentId: tariq, parentUsername: "kkim", relationship: "uncle-in-chief" }),
        )
      ).ok,
    ).toBe(false);
    expect(await databaseChecksum()).toEqual(before);
  });
  it("removes a phone-matched link for good (until a number changes), withdrawing its report-card links", async () => {
    await signInAs(DEMO_ADMIN.code);
    const [link] = await db()
      .select()
      .from(guardianLinks)
      .where(and(eq(guardianLinks.parentId, grace), eq(guardianLinks.studentId, liam)));
    const issued = await issueReportLinkAction({ ok: true }, form({ guardianLinkId: link!.id }));
    expect(issued.ok).toBe(true);
    const token = tokenOf(issued.ok ? issued.data!.path : "");
    expect((await openReportLink(token, "203.0.113.1")).ok).toBe(true);

    expect(await unlinkGuardianAction({ ok: true }, form({ linkId: link!.id }))).toMatchObject({ ok: true });
    expect(await childrenOf(grace)).toEqual([ava]);
    expect(await lastAudit("guardian.unlinked")).toMatchObject({
      actor_id: admin,
      detail: { linkId: link!.id, reportLinksRevoked: 1 },
    });
    expect((await openReportLink(token, "203.0.113.1")).ok).toBe(false);
    // An unrelated edit of either user does not bring it back.
    await db().update(users).set({ name: "Grace A. Johnson" }).where(eq(users.id, grace));
    await db().update(users).set({ parent2Number: "555-123-4567" }).where(eq(users.id, liam));
    expect(await childrenOf(grace)).toEqual([ava]);
    // Linked again by hand: it is back.
    expect(
      await linkGuardianAction(
        { ok: true },
        form({ parentId: grace, studentUsername: "liam.okafor", relationship: "mother" }),
      ),
    ).toMatchObject({ ok: true });
    expect(await childrenOf(grace)).toEqual([ava, liam].sort((a, b) => a - b));
  });
});

describe("signed-in parents see exactly their linked children", () => {
  it("the report-card page's facts: linked children only (app/children/[studentId] asks exactly this)", async () => {
    expect(await isLinkedGuardian(ken, maya)).toBe(true);
    for (const other of [ava, liam, tariq]) expect(await isLinkedGuardian(ken, other)).toBe(other === tariq); // Tariq was linked by hand above
    expect(canReadReportCard({ id: ken, role: "parent" }, { isLinkedGuardian: false })).toBe(false);
    expect(await isLinkedGuardian(grace, maya)).toBe(false);
  });
});

describe("report-card links", () => {
  let linkId: number;
  let token: string;
  beforeAll(async () => {
    const [link] = await db()
      .select()
      .from(guardianLinks)
      .where(and(eq(guardianLinks.parentId, ken), eq(guardianLinks.studentId, maya)));
    linkId = link!.id;
  });
  it("issues a 192-bit token that is stored only as its hash, and opens the one student's card", async () => {
    await signInAs(DEMO_ADMIN.code);
    const res = await issueReportLinkAction({ ok: true }, form({ guardianLinkId: linkId }));
    expect(res.ok).toBe(true);
    const path = res.ok ? res.data!.path : "";
    expect(path).toMatch(/^\/r\/[A-Za-z0-9_-]{32}$/);
    token = tokenOf(path);
    const [stored] = await db()
      .select()
      .from(reportCardLinks)
      .where(eq(reportCardLinks.tokenHash, hashReportToken(token)));
    expect(stored).toBeDefined();
    // Expires in 180 days by default.
    expect(Math.round((stored!.expiresAt.getTime() - Date.now()) / 86_400_000)).toBe(180);
    // The token is nowhere in the database, not even in the audit log.
    const dump = await queryRows<{ t: string }>(
      sql`select (select string_agg(x::text, ' ') from report_card_links x) || (select string_agg(a::text, ' ') from audit_log a) as t`,
    );
    expect(dump[0]!.t).not.toContain(token);

    const opened = await openReportLink(token, "203.0.113.10");
    expect(opened.ok).toBe(true);
    if (!opened.ok) return;
    expect(opened.card.studentName).toBe(DEMO_STUDENTS[3]!.name);
    expect(JSON.stringify(opened.card)).not.toMatch(/stu-|@|555|parent-|\d{4}-\d{2}-\d{2}T/);
    const [after] = await db().select().from(reportCardLinks).where(eq(reportCardLinks.id, stored!.id));
    expect(after!.lastUsedAt).not.toBeNull();
    expect(await lastAudit("report_link.opened")).toMatchObject({ detail: { linkId: stored!.id } });
  });
  it("opens nothing for a guessed, malformed, expired or withdrawn token, with the same answer", async () => {
    const guessed = token.slice(0, -1) + (token.endsWith("A") ? "B" : "A");
    expect(await openReportLink(guessed, "203.0.113.11")).toEqual({ ok: false, limited: false });
    expect(await openReportLink("../../etc/passwd", "203.0.113.11")).toEqual({ ok: false, limited: false });
    expect(await openReportLink(token, "203.0.113.11", new Date(Date.now() + 181 * 86_400_000))).toEqual({
      ok: false,
      limited: false,
    });
    const [row] = await db()
      .select()
      .from(reportCardLinks)
      .where(eq(reportCardLinks.tokenHash, hashReportToken(token)));
    await signInAs(DEMO_ADMIN.code);
    expect(await revokeReportLinkAction({ ok: true }, form({ linkId: row!.id }))).toMatchObject({ ok: true });
    expect(await lastAudit("report_link.revoked")).toMatchObject({ actor_id: admin, detail: { linkId: row!.id } });
    expect(await openReportLink(token, "203.0.113.11")).toEqual({ ok: false, limited: false });
    expect(await lastAudit("report_link.refused")).toMatchObject({ detail: { linkId: row!.id, reason: "revoked" } });
  });
  it("lets the admin choose an expiry date, within two years", async () => {
    await signInAs(DEMO_ADMIN.code);
    const soon = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
    const res = await issueReportLinkAction({ ok: true }, form({ guardianLinkId: linkId, expires: soon }));
    expect(res.ok).toBe(true);
    const [row] = await db()
      .select()
      .from(reportCardLinks)
      .where(eq(reportCardLinks.tokenHash, hashReportToken(tokenOf(res.ok ? res.data!.path : ""))));
    expect(row!.expiresAt.toISOString().slice(0, 10)).toBe(soon);
    for (const bad of ["2001-01-01", "2999-01-01", "2026-02-30", "tomorrow"]) {
      expect(await issueReportLinkAction({ ok: true }, form({ guardianLinkId: linkId, expires: bad }))).toMatchObject({
        ok: false,
      });
    }
  });
  it("limits how often one client may try links; another client is not affected", async () => {
    const results = [];
    for (let i = 0; i < 11; i++) results.push(await openReportLink(`x${i}`.padEnd(32, "y"), "203.0.113.50"));
    expect(results.slice(0, 10).every((r) => !r.ok && !r.limited)).toBe(true);
    expect(results[10]).toMatchObject({ ok: false, limited: true });
    expect(await openReportLink("z".repeat(32), "203.0.113.51")).toEqual({ ok: false, limited: false });
  });
});

describe("the phone lookup in verified mode (the default)", () => {
  it("answers only whether a full number is on file: no names, no ids, no report card, whatever is tried", async () => {
    const students = await db()
      .select({ id: users.id, name: users.name, p1: users.parent1Digits, p2: users.parent2Digits })
      .from(users)
      .where(eq(users.role, "student"));
    const fullNumbers = [
      ...new Set(students.flatMap((s) => [s.p1, s.p2]).filter((d): d is string => !!d && d.length >= 7)),
    ];
    const prefixes = [...new Set(fullNumbers.map((d) => d.slice(0, 7)).concat(fullNumbers.map((d) => d.slice(-7))))];
    const parentPhones = (await db().select({ d: users.phoneDigits }).from(users).where(eq(users.role, "parent"))).map(
      (p) => p.d,
    );
    const numbersOnFile = new Set([...fullNumbers, ...parentPhones]);
    const bodies: string[] = [];
    // The reviewer's attack, each request from its own forged address.
    for (const phone of [...prefixes, ...fullNumbers]) {
      const res = await post(lookupRoute, { phone });
      const text = await res.text();
      bodies.push(text);
      expect(res.status).toBe(numbersOnFile.has(phone) ? 200 : 404);
      for (const s of students) {
        for (const p of [phone, ...fullNumbers.slice(0, 3)]) {
          const card = await post(reportRoute, { phone: p, studentId: s.id });
          bodies.push(await card.text());
          expect(card.status).toBe(403);
        }
      }
    }
    const all = bodies.join("\n");
    for (const s of students) expect(all).not.toContain(s.name);
    expect(all).not.toMatch(/"studentId"|"students"|"classes"/);
    expect(JSON.parse(bodies.find((b) => b.includes("onFile"))!)).toEqual({
      mode: "verified",
      digits: expect.any(String) as unknown,
      onFile: true,
    });
  });
  it("keeps the spec's messages", async () => {
    expect(await (await post(lookupRoute, { phone: "" })).json()).toEqual({ error: "Please enter a phone number" });
    expect(await (await post(lookupRoute, { phone: "555-12" })).json()).toEqual({
      error: "Please enter a valid phone number (at least 7 digits)",
    });
    const none = await post(lookupRoute, { phone: "999-999-9999" });
    expect([none.status, await none.json()]).toEqual([
      404,
      { error: "No students found with that parent phone number" },
    ]);
  });
  it("one client hammering the portal does not lock out another", async () => {
    // The clock stands still at the start of a minute: 400 requests take longer than a minute
    // on a slow machine, and a window rolling over mid-loop lets another ten through (seen in CI).
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Math.ceil(Date.now() / 60_000) * 60_000 + 60_000);
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 400; i++)
        statuses.push((await post(lookupRoute, { phone: "5552010001" }, "192.0.2.200")).status);
      expect(statuses.filter((s) => s === 429).length).toBe(390);
      expect((await post(lookupRoute, { phone: "5552010001" }, "192.0.2.201")).status).toBe(200);
    } finally {
      vi.useRealTimers();
    }
  });
  it("turned off, answers 503 with the office message", async () => {
    process.env.PARENT_PORTAL = "off";
    resetEnvCache();
    expect((await post(lookupRoute, { phone: "5552010001" })).status).toBe(503);
  });
});

describe("parent letters", () => {
  const lettersRequest = (scope: string, origin = "http://localhost") =>
    lettersRoute(
      new Request("http://localhost/admin/letters", {
        method: "POST",
        headers: { origin, host: "localhost", "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ scope }).toString(),
      }),
    );

  it("prints one letter per guardian and student of a class, creating accounts for parent numbers without one", async () => {
    const roster = await queryRows<{ id: number; p1: string; p2: string }>(
      sql`select u.id, u.parent1_digits as p1, u.parent2_digits as p2 from student_enrollment e join users u on u.id = e.student_id where e.level_code = 'BIO-P2'`,
    );
    const res = await prepareLetters({ levelCode: "BIO-P2", actorId: admin });
    expect(res.ok).toBe(true);
    if (!res.ok) return;
    const { batch } = res;
    // Every parent number of the roster now has an account linked to the student.
    for (const s of roster) {
      const guardians = await listGuardiansOfStudent(s.id);
      const expected = new Set([s.p1, s.p2].filter((d) => d && d.length >= 7));
      expect(guardians.length).toBeGreaterThanOrEqual(expected.size);
    }
    const pairs = (await Promise.all(roster.map((s) => listGuardiansOfStudent(s.id)))).flat().length;
    expect(batch.letters).toHaveLength(pairs);
    expect(batch.parentsCreated).toBeGreaterThan(0);
    for (const l of batch.letters) expect(l.code).toMatch(/^[a-z0-9-]{6,}$/);
    // Each letter's link opens its own student's card.
    const letter = batch.letters.find((l) => l.studentName === DEMO_STUDENTS[0]!.name)!;
    const opened = await openReportLink(tokenOf(letter.reportPath), "203.0.113.70");
    expect(opened.ok && opened.card.studentName).toBe(DEMO_STUDENTS[0]!.name);
    expect(await lastAudit("letters.printed")).toMatchObject({ actor_id: admin, detail: { letters: pairs } });

    // Printing again rotates: the first letter's link is withdrawn, the new one works.
    const again = await prepareLetters({ levelCode: "BIO-P2", actorId: admin });
    expect(again.ok && again.batch.parentsCreated).toBe(0);
    expect((await openReportLink(tokenOf(letter.reportPath), "203.0.113.71")).ok).toBe(false);
    const fresh = again.ok ? again.batch.letters.find((l) => l.studentName === DEMO_STUDENTS[0]!.name)! : letter;
    expect((await openReportLink(tokenOf(fresh.reportPath), "203.0.113.71")).ok).toBe(true);
  });
  it("answers the admin with a printable page with QR codes, and refuses everyone else", async () => {
    await signInAs(DEMO_ADMIN.code);
    const res = await lettersRequest("ALG1-P1");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const html = await res.text();
    expect(html.match(/data-testid="parent-letter"/g)!.length).toBeGreaterThan(0);
    expect(html).toContain("<svg");
    expect(html).toMatch(/http:\/\/localhost\/r\/[A-Za-z0-9_-]{32}/);
    expect((await lettersRequest("NOPE")).status).toBe(404);

    const before = await databaseChecksum();
    expect((await lettersRequest("ALG1-P1", "https://evil.example")).status).toBe(403);
    cookieJar.clear();
    expect((await lettersRequest("ALG1-P1")).status).toBe(401);
    for (const code of ["parent-kim", DEMO_STUDENTS[0]!.code, "teach-rivera"]) {
      await signInAs(code);
      expect((await lettersRequest("ALG1-P1")).status).toBe(403);
    }
    expect(await databaseChecksum()).toEqual(before);
  });
});
