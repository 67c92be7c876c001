import fs from "node:fs";
import { sql } from "drizzle-orm";
import { sealData } from "iron-session";
import { beforeAll, describe, expect, it } from "vitest";
import { signOut } from "@/app/auth/actions";
import { POST as sessionRoute } from "@/app/api/session/route";
import { GET as childPdfRoute } from "@/app/children/[studentId]/pdf/route";
import { sessionSecret } from "@/lib/auth/secret";
import { getSessionUser, SESSION_COOKIE } from "@/lib/auth/session";
import { clientFromHeaders, clientNetwork, parseTrustedProxies } from "@/lib/client-address";
import { queryRows } from "@/lib/db/client";
import { DEMO_REFUSED_MESSAGE, demoSeedDecision } from "@/lib/db/demo-decision";
import { DEMO_STUDENTS } from "@/lib/db/demo-school";
import { envProblems } from "@/lib/env";
import { lookupStudents } from "@/lib/parent/portal";
import { PDF_BUSY, PDF_PER_MINUTE, PDF_RENDERS_AT_ONCE, pdfRendersInProgress } from "@/lib/report-pdf/gate";
import { cookieJar } from "./support/request-context";
import { seedDemo, userIdByCode } from "./support/fixtures";
import { signInAs } from "./support/session";
import { inOneWindow } from "./support/one-window";
import { useTestDatabase } from "./support/test-db";
import { publishTerms } from "./support/publish";

// Security round 3 (issue 28), items 2, 3, 7, 8 and 10, each as the attack that worked before.

useTestDatabase();
beforeAll(seedDemo);

describe("2 · the demo school in production", () => {
  it("is refused by SEED_DEMO=auto on PGlite too, and the message points to create-admin", () => {
    expect(demoSeedDecision({ seedDemo: "auto", nodeEnv: "production", databaseEmpty: true })).toBe("refuse");
    expect(DEMO_REFUSED_MESSAGE).toContain("npm run create-admin");
  });
  it("is asked for by name by `npm run demo`", () => {
    const pkg = JSON.parse(fs.readFileSync("package.json", "utf8")) as { scripts: Record<string, string> };
    expect(pkg.scripts.demo).toBe("node scripts/demo.mjs");
    expect(fs.readFileSync("scripts/demo.mjs", "utf8")).toMatch(
      /process\.argv\.push\("--demo"\);\s*await import\("\.\/start\.mjs"\)/,
    );
    expect(fs.readFileSync("scripts/start.mjs", "utf8")).toMatch(/process\.env\.SEED_DEMO = "on"/);
  });
});

describe("3 · TRUSTED_PROXIES", () => {
  it('refuses "10.0.0.1/" instead of reading it as /0, which trusted every X-Forwarded-For', () => {
    expect(() => parseTrustedProxies("10.0.0.1/")).toThrow('TRUSTED_PROXIES: "10.0.0.1/" is not an IP address');
    for (const bad of ["10.0.0.0/33", "10.0.0.1/x", "1.2.3", "proxy.local", "::1/129", "10.0.0.1/-1"])
      expect(() => parseTrustedProxies(bad)).toThrow(/TRUSTED_PROXIES/);
    const trusted = parseTrustedProxies("10.0.0.0/8, ::1");
    expect(trusted.map((r) => r.text)).toEqual(["10.0.0.0/8", "::1"]);
    const h = new Headers({ "x-portal-peer": "203.0.113.9", "x-forwarded-for": "1.2.3.4" });
    expect(clientFromHeaders(h, trusted)).toBe("203.0.113.9");
  });
  it("is a problem of the start-up check, named with the others (e2e/start-configuration.spec.ts starts the server)", () => {
    expect(envProblems({ TRUSTED_PROXIES: "10.0.0.1, 10.0.0.1/" })).toEqual([
      'TRUSTED_PROXIES: "10.0.0.1/" is not an IP address or CIDR range (write e.g. 10.0.0.1, 10.0.0.0/8 or ::1).',
    ]);
  });
});

describe("7 · the parent lookup's buckets", () => {
  inOneWindow(60_000);
  const look = (client: string) => lookupStudents({ phone: "555-010-9999" }, client);
  it("lets a parent in however many other networks' clients are at their limit", async () => {
    // 31 clients on 31 networks, each at its own limit of 10 a minute: 310 lookups.
    for (let i = 0; i < 31; i++)
      for (const r of await Promise.all(Array.from({ length: 10 }, () => look(`198.18.${i}.7`))))
        expect(r.status).toBe(404);
    expect((await look("203.0.113.50")).status).toBe(404); // not 429
  });
  it("still stops one network: 50 lookups a minute from a /24, whatever addresses it uses", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) for (let j = 0; j < 10; j++) statuses.push((await look(`192.0.2.${i + 10}`)).status);
    expect(statuses.slice(0, 50).every((s) => s === 404)).toBe(true);
    expect(statuses.slice(50).every((s) => s === 429)).toBe(true);
    expect(clientNetwork("2001:db8:abcd:12ff:1::1")).toBe("2001:db8:abcd:1200::/56");
    expect(clientNetwork("::ffff:192.0.2.7")).toBe("192.0.2.0/24");
  });
});

describe("8 · a malformed session cookie is no session", () => {
  // A genuine seal with its prefix changed, and seals of the right shape with bad fields: iron-session
  // threw "Wrong mac prefix" / "Invalid expiration" on these, and every page answered 500.
  let hostile: string[] = [];
  beforeAll(async () => {
    const real = await sealData({ uid: 1, ver: 1, iat: Date.now() }, { password: sessionSecret() });
    hostile = [
      real.replace("Fe26.2", "Fe26.1"),
      real.replace("Fe26.2", "fE26.2"),
      "Fe26.2*x*a*b*c*d*e*f~2",
      "a*b*c*d*e*f*g*h",
      "garbage",
    ];
  });
  it("reads as signed out, and signing out or in over it works", async () => {
    for (const value of hostile) {
      cookieJar.clear();
      cookieJar.set(SESSION_COOKIE, value);
      expect(await getSessionUser()).toBeNull();
      await signOut().catch((err: unknown) => {
        // signOut redirects (Next's redirect error); anything else is the bug.
        if (!String((err as { digest?: string }).digest ?? "").startsWith("NEXT_REDIRECT")) throw err;
      });
      cookieJar.set(SESSION_COOKIE, value);
      const res = await sessionRoute(
        new Request("http://localhost/api/session", {
          method: "POST",
          headers: { "content-type": "application/json", host: "localhost", "x-portal-peer": "198.51.100.200" },
          body: JSON.stringify({ code: DEMO_STUDENTS[0]!.code }),
        }),
      );
      expect(res.status).toBe(200);
      expect((await getSessionUser())?.username).toBeTruthy();
    }
  });
});

describe("10 · PDF routes", () => {
  let parentCode: string;
  let studentId: number;
  beforeAll(async () => {
    await queryRows(
      sql`insert into school_terms (title, type, start_date, end_date) values ('Autumn 2026', 'term', current_date - 300, current_date + 300)`,
    );
    await publishTerms((await queryRows<{ id: number }>(sql`select id from school_terms`)).map((t) => t.id));
    // Codes are stored sealed (decision 019): the demo's public code of a linked parent.
    parentCode = "parent-johnson";
    const [pair] = await queryRows<{ student_id: number }>(sql`
      select g.student_id from guardian_links g where g.parent_id = ${await userIdByCode(parentCode)}
      and g.removed_at is null order by g.id limit 1`);
    studentId = pair!.student_id;
  });
  inOneWindow(60_000);
  const pdf = () =>
    childPdfRoute(new Request("http://localhost/x"), { params: Promise.resolve({ studentId: String(studentId) }) });

  it(`draws at most ${PDF_RENDERS_AT_ONCE} at a time in a process; one more is refused with 429 at once`, async () => {
    await signInAs(parentCode);
    const held = [await pdf(), await pdf()];
    expect(held.map((r) => r.status)).toEqual([200, 200]);
    expect(pdfRendersInProgress()).toBe(2);
    const busy = await pdf();
    expect([busy.status, await busy.text(), busy.headers.get("retry-after")]).toEqual([429, PDF_BUSY, "5"]);
    for (const r of held)
      expect(
        Buffer.from(await r.arrayBuffer())
          .subarray(0, 5)
          .toString(),
      ).toBe("%PDF-");
    expect(pdfRendersInProgress()).toBe(0);
  });

  it(`gives one user ${PDF_PER_MINUTE} a minute, then 429 with a clear message`, async () => {
    await signInAs(parentCode);
    const statuses: number[] = [];
    let last = "";
    for (let i = 0; i <= PDF_PER_MINUTE; i++) {
      const r = await pdf();
      statuses.push(r.status);
      last = r.status === 429 ? await r.text() : (await r.arrayBuffer(), "");
    }
    expect(statuses).toEqual([...Array<number>(PDF_PER_MINUTE).fill(200), 429]);
    expect(last).toMatch(/^Too many report-card downloads\. Please wait \d+ seconds and try again\.$/);
  });
});
