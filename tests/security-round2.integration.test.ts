import crypto from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { signOut } from "@/app/auth/actions";
import { POST as sessionRoute } from "@/app/api/session/route";
import { POST as lookupRoute } from "@/app/api/parent/lookup/route";
import { createStudent, editStudent } from "@/app/level/[levelCode]/update/class-roster-actions";
import { audit } from "@/lib/audit";
import { clientFromHeaders, parseTrustedProxies } from "@/lib/client-address";
import { rememberedCookieCount, startSession, getSessionUser } from "@/lib/auth/session";
import { db, dbHandle, queryRows } from "@/lib/db/client";
import { DEMO_INSTRUCTORS, DEMO_STUDENTS } from "@/lib/db/demo-school";
import { users } from "@/lib/db/schema";
import { signInFallbackMessage } from "@/lib/domain/messages";
import { listParentNumberChanges, listWeakCodes } from "@/lib/queries/admin";
import { boundedKey, hitRateLimit, pruneRateLimits } from "@/lib/rate-limit";
import { cookieJar } from "./support/request-context";
import { databaseChecksum, seedDemo, storedCodes, userIdByCode } from "./support/fixtures";
import { form } from "./support/form";
import { signInAs } from "./support/session";
import { useTestDatabase } from "./support/test-db";

// The security review's findings (issue 17), each as the attack that worked before.

useTestDatabase();
beforeAll(seedDemo);

let n = 0;
async function signIn(
  code: string,
  headers: Record<string, string> = { "x-forwarded-for": `198.51.100.${++n % 250}` },
) {
  const res = await sessionRoute(
    new Request("http://localhost/api/session", {
      method: "POST",
      headers: { "content-type": "application/json", host: "localhost", ...headers },
      body: JSON.stringify({ code }),
    }),
  );
  return { status: res.status, body: (await res.json().catch(() => ({}))) as { ok?: boolean; message?: string } };
}

describe("1 · the client address", () => {
  const none = parseTrustedProxies(undefined);
  it("is the TCP peer when no proxy is trusted, whatever X-Forwarded-For says", () => {
    const h = new Headers({ "x-portal-peer": "203.0.113.9", "x-forwarded-for": "1.2.3.4" });
    expect(clientFromHeaders(h, none)).toBe("203.0.113.9");
  });
  it("behind trusted proxies is the right-most address that is not one of them", () => {
    const trusted = parseTrustedProxies("10.0.0.0/8, ::1");
    const h = new Headers({ "x-portal-peer": "10.0.0.2", "x-forwarded-for": "6.6.6.6, 198.51.100.7, 10.0.0.1" });
    expect(clientFromHeaders(h, trusted)).toBe("198.51.100.7");
    expect(
      clientFromHeaders(new Headers({ "x-portal-peer": "::ffff:10.0.0.2", "x-forwarded-for": "garbage" }), trusted),
    ).toBe("invalid");
    expect(() => parseTrustedProxies("10.0.0.1, not-an-ip")).toThrow(/TRUSTED_PROXIES/);
  });
  it("a forged header does not give a client a fresh key: the 11th miss is refused", async () => {
    const statuses = [];
    for (let i = 0; i < 11; i++)
      statuses.push(
        (await signIn(`wrong-${i}`, { "x-portal-peer": "203.0.113.77", "x-forwarded-for": `10.9.8.${i}` })).status,
      );
    expect(statuses).toEqual([...Array<number>(10).fill(401), 429]);
  });
  it("a 5 kB X-Forwarded-For is counted like any miss, never a 500", async () => {
    // Incompressible, so PostgreSQL cannot squeeze it under the 2,704-byte index limit.
    for (const huge of [
      Array.from({ length: 300 }, (_, i) => `10.0.${i % 250}.1`).join(", "),
      crypto.randomBytes(4000).toString("base64url"),
    ]) {
      expect(huge.length).toBeGreaterThan(2700);
      expect(await signIn("no-such-code", { "x-forwarded-for": huge })).toMatchObject({
        status: 401,
        body: { message: "Invalid code" },
      });
      expect(await signIn(DEMO_STUDENTS[0]!.code, { "x-forwarded-for": huge })).toMatchObject({ status: 200 });
    }
  });
  it("a failure to record an attempt refuses the sign-in (fail closed), without a 500", async () => {
    (globalThis as { __allowConsoleError?: boolean }).__allowConsoleError = true;
    await dbHandle().ownerDb.execute(sql`alter table rate_limits rename to rate_limits_away`);
    try {
      const right = await signIn(DEMO_STUDENTS[0]!.code);
      expect(right.status).toBe(503);
      expect(right.body.ok).toBe(false);
      expect((await signIn("no-such-code")).status).toBe(503);
    } finally {
      await dbHandle().ownerDb.execute(sql`alter table rate_limits_away rename to rate_limits`);
    }
  });
});

describe("3 · school-wide and prefix buckets", () => {
  it("50 misses starting 'tea' do not lock the right code 'teach-chen' out", async () => {
    for (let i = 0; i < 50; i++) await signIn(`tea-guess-${i}`, { "x-forwarded-for": `192.0.2.${i}` });
    expect((await signIn("tea-guess-final", { "x-forwarded-for": "192.0.2.199" })).status).toBe(429);
    expect((await signIn(DEMO_INSTRUCTORS[1].code, { "x-forwarded-for": "192.0.2.200" })).status).toBe(200);
  });
  it("past 1,000 misses school-wide, misses are refused with 429; a right code still gets in", async () => {
    const windowStart = new Date(Math.floor(Date.now() / 600_000) * 600_000).toISOString();
    await db()
      .execute(sql`insert into rate_limits (key, window_start, count) values ('signin:school', ${windowStart}::timestamptz, 1000)
      on conflict (key) do update set count = 1000, window_start = excluded.window_start`);
    expect((await signIn("zz-nothing-like-it")).status).toBe(429);
    expect((await signIn(DEMO_STUDENTS[1]!.code)).status).toBe(200);
    await db().execute(sql`delete from rate_limits where key = 'signin:school'`);
  });
});

describe("4 · increment, then decide", () => {
  it("60 parallel misses from one client let exactly 10 through", async () => {
    const results = await Promise.all(
      Array.from({ length: 60 }, (_, i) => signIn(`par-${i}`, { "x-forwarded-for": "203.0.113.160" })),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(50);
  });
});

describe("5 · a revoked cookie cannot log out everywhere again", () => {
  it("replaying an old cookie's logout leaves the new session alone", async () => {
    const me = await signInAs(DEMO_STUDENTS[2]!.code);
    const old = cookieJar.getAll();
    await signOut(); // revokes `old`
    const [row] = await db().select({ v: users.sessionVersion }).from(users).where(eq(users.id, me.id));
    cookieJar.clear();
    await startSession({ id: me.id, sessionVersion: row!.v });
    const fresh = cookieJar.getAll();
    cookieJar.clear();
    for (const c of old) cookieJar.set(c.name, c.value);
    await signOut(); // the attacker's replay
    cookieJar.clear();
    for (const c of fresh) cookieJar.set(c.name, c.value);
    expect((await getSessionUser())?.id).toBe(me.id);
  });
});

describe("5b · unsealed cookies are remembered, sessions are not", () => {
  // Issue 21: each process keeps what a sealed cookie decrypted to; the session itself is checked
  // on every request, so a remembered cookie is refused once its user signs out.
  const use = (cookies: { name: string; value: string }[]) => {
    cookieJar.clear();
    for (const c of cookies) cookieJar.set(c.name, c.value);
  };
  it("gives each of two cookies read in turn its own user, and refuses a remembered one after sign-out", async () => {
    const a = await signInAs(DEMO_STUDENTS[5]!.code);
    const cookieA = cookieJar.getAll();
    const b = await signInAs(DEMO_STUDENTS[6]!.code);
    const cookieB = cookieJar.getAll();
    for (const [cookies, id] of [
      [cookieA, a.id],
      [cookieB, b.id],
      [cookieA, a.id],
      [cookieB, b.id],
    ] as const) {
      use([...cookies]);
      expect((await getSessionUser())?.id).toBe(id);
    }
    use([...cookieA]);
    await signOut();
    use([...cookieA]);
    expect(await getSessionUser()).toBeNull();
    use([...cookieB]);
    expect((await getSessionUser())?.id).toBe(b.id);
  });

  it("remembers a cookie once, however much text is appended to copies of it", async () => {
    const me = await signInAs(DEMO_STUDENTS[7]!.code);
    const [cookie] = cookieJar.getAll();
    expect((await getSessionUser())?.id).toBe(me.id);
    const before = rememberedCookieCount();
    for (let i = 0; i < 50; i++) {
      // iron-session reads only up to the seal's format version: these still sign in.
      use([{ name: cookie!.name, value: `${cookie!.value}~${"x".repeat(i)}` }]);
      expect((await getSessionUser())?.id).toBe(me.id);
    }
    expect(rememberedCookieCount()).toBe(before);
  });
});

describe("6 · ?signin= keys", () => {
  it("answers the generic message for keys we never send, including Object's own", () => {
    expect(signInFallbackMessage("invalid")).toBe("Invalid code");
    for (const k of ["__proto__", "constructor", "toString", "hasOwnProperty", "nope"])
      expect(signInFallbackMessage(k)).toBe("Something went wrong. Please try again.");
    expect(signInFallbackMessage(null)).toBeNull();
  });
});

describe("7 · bounded counters and audit details", () => {
  it("stores a bounded key for any client string, and prunes counters older than a day", async () => {
    const key = `x:${"a".repeat(15_000)}`;
    expect((await hitRateLimit(key, 5, 60_000)).allowed).toBe(true);
    expect(boundedKey(key).length).toBeLessThanOrEqual(100);
    const [longest] = await queryRows<{ n: number }>(sql`select max(length(key))::int as n from rate_limits`);
    expect(longest!.n).toBeLessThanOrEqual(100);
    await db().execute(
      sql`insert into rate_limits (key, window_start, count) values ('old:one', now() - interval '3 days', 4)`,
    );
    expect(await pruneRateLimits()).toBeGreaterThanOrEqual(1);
    expect(await queryRows(sql`select 1 from rate_limits where key = 'old:one'`)).toHaveLength(0);
  });
  it("cuts audit details to bounded values", async () => {
    await audit(db(), {
      action: "parent.lookup",
      detail: {
        client: "x".repeat(15_000),
        nested: { a: { b: { c: { d: "deep" } } } },
        many: Array.from({ length: 500 }, (_, i) => i),
      },
    });
    const [row] = await queryRows<{ len: number; detail: Record<string, unknown> }>(
      sql`select length(detail::text)::int as len, detail from audit_log order by id desc limit 1`,
    );
    expect(row!.len).toBeLessThan(1000);
    expect((row!.detail.many as unknown[]).length).toBe(20);
  });
  it("the parent lookup no longer writes the client header into the log", async () => {
    const forged = "1.1.1.1, ".repeat(1500);
    await lookupRoute(
      new Request("http://localhost/api/parent/lookup", {
        method: "POST",
        headers: { "content-type": "application/json", host: "localhost", "x-forwarded-for": forged },
        body: JSON.stringify({ phone: "5552010001" }),
      }),
    );
    const [row] = await queryRows<{ len: number }>(
      sql`select length(detail::text)::int as len from audit_log where action = 'parent.lookup' order by id desc limit 1`,
    );
    expect(row!.len).toBeLessThan(200);
  });
});

describe("2, 9, 10 · teachers and access codes", () => {
  const BIO = "BIO-P2";
  let liam: number;
  beforeAll(async () => {
    liam = await userIdByCode(DEMO_STUDENTS[1]!.code);
  });
  it("a teacher cannot type a code: edit and create refuse it and change nothing", async () => {
    await signInAs(DEMO_INSTRUCTORS[1].code);
    const before = await databaseChecksum();
    expect(
      await editStudent(
        { ok: true },
        form({ levelCode: BIO, studentId: liam, name: "Liam Okafor", username: "liam.okafor", code: "7" }),
      ),
    ).toMatchObject({ ok: false, message: expect.stringMatching(/generated/) as unknown });
    expect(
      await createStudent({ ok: true }, form({ levelCode: BIO, name: "New", username: "new.kid", code: "2718" })),
    ).toMatchObject({ ok: false, message: expect.stringMatching(/generated/) as unknown });
    expect(await databaseChecksum()).toEqual(before);
  });
  it("a teacher may generate a new code; the edit is audited old → new with the code masked", async () => {
    await signInAs(DEMO_INSTRUCTORS[1].code);
    const res = await editStudent(
      { ok: true },
      form({
        levelCode: BIO,
        studentId: liam,
        name: "Liam O. Okafor",
        username: "liam.okafor",
        parent1Number: "(555) 201-0001",
        newCode: "on",
      }),
    );
    expect(res.ok).toBe(true);
    const code = res.ok ? res.data!.code! : "";
    expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    const [entry] = await queryRows<{ detail: Record<string, unknown> }>(
      sql`select detail from audit_log where action = 'student.edited' order by id desc limit 1`,
    );
    expect(entry!.detail).toMatchObject({
      studentId: liam,
      code: "regenerated",
      changes: { name: { from: "Liam Okafor", to: "Liam O. Okafor" } },
    });
    expect(JSON.stringify(entry)).not.toContain(code);
  });
  it("a teacher's parent-number change is audited and listed for the admin", async () => {
    await signInAs(DEMO_INSTRUCTORS[1].code);
    expect(
      (
        await editStudent(
          { ok: true },
          form({
            levelCode: BIO,
            studentId: liam,
            name: "Liam O. Okafor",
            username: "liam.okafor",
            parent1Number: "555-777-1234",
          }),
        )
      ).ok,
    ).toBe(true);
    const [latest] = await listParentNumberChanges();
    expect(latest).toMatchObject({
      studentId: liam,
      actorName: DEMO_INSTRUCTORS[1].name,
      detail: { parent1Number: { from: "(555) 201-0001", to: "555-777-1234" } },
    });
  });
  it("lists weak codes for regeneration", async () => {
    const { rows } = await listWeakCodes();
    const weak = await storedCodes(sql`id = any(${`{${rows.map((r) => r.id).join(",")}}`}::int[])`);
    expect(weak.length).toBeGreaterThan(0);
    for (const w of weak) expect(w.replace(/[^a-z0-9]/g, "").length).toBeLessThan(10);
    expect(rows.map((r) => r.id)).toContain(await userIdByCode(DEMO_STUDENTS[0]!.code)); // stu-01
    expect(rows.map((r) => r.id)).not.toContain(liam); // Liam's code was just generated
  });
});

describe("14 · body size", () => {
  it("refuses a declared 10 MB body before reading it, and a stream that runs past the cap", async () => {
    const declared = await sessionRoute(
      new Request("http://localhost/api/session", {
        method: "POST",
        headers: { "content-type": "application/json", host: "localhost", "content-length": String(10 * 2 ** 20) },
        body: "{}",
      }),
    );
    expect(declared.status).toBe(413);
    let pulled = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled++;
        controller.enqueue(new TextEncoder().encode(" ".repeat(64 * 1024)));
        if (pulled > 200) controller.close();
      },
    });
    const res = await lookupRoute(
      new Request("http://localhost/api/parent/lookup", {
        method: "POST",
        headers: { "content-type": "application/json", host: "localhost" },
        body: stream,
        duplex: "half",
      } as RequestInit),
    );
    expect(res.status).toBe(413);
    expect(pulled).toBeLessThan(5);
  });
});
