import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { STATE_COOKIE } from "@/lib/auth/oidc/flow";
import { attemptSignIn } from "@/lib/auth/sign-in-flow";
import { db } from "@/lib/db/client";
import { DEMO_INSTRUCTORS, DEMO_STUDENTS } from "@/lib/db/demo-school";
import { auditLog, rateLimits, users } from "@/lib/db/schema";
import { msg } from "@/lib/i18n/message";
import { clientKey } from "@/lib/rate-limit";
import { databaseChecksum } from "./support/fixtures";
import { loginAtProvider } from "./support/oidc";
import {
  expectRefused,
  lastAudit,
  linksOf as links,
  PORTAL,
  signedIn,
  useOidcPortal,
  userIdByEmail as userId,
} from "./support/oidc-portal";
import { cookieJar } from "./support/request-context";
import { useTestDatabase } from "./support/test-db";

// Issue 32: sign-in through a real OpenID provider (oidc-provider in a child process), and the
// attacks a sign-in must refuse. A refusal leaves no session, no link and no change to any user.

useTestDatabase();
const { configure, start, answer, signInThrough, district } = useOidcPortal();

afterEach(() => vi.useRealTimers());

const snapshot = () => databaseChecksum(["users", "oidc_links"]);

describe("sign-in with a school account", () => {
  it("a teacher signs in through the provider: linked by her verified e-mail, then by the link", async () => {
    const elena = await userId(DEMO_INSTRUCTORS[0].email);
    expect(await signInThrough("elena")).toBe("/");
    expect(signedIn()).toBe(true);
    expect(await links(elena)).toMatchObject([{ provider: "school", subject: "elena", matchedBy: "email" }]);
    // The second time the stored link decides, and no second link is made.
    expect(await signInThrough("elena")).toBe("/");
    expect(await links(elena)).toHaveLength(1);
    const actions = await db().select({ a: auditLog.action }).from(auditLog).where(eq(auditLog.actorId, elena));
    expect(actions.map((r) => r.a)).toEqual(expect.arrayContaining(["oidc.linked", "oidc.signed_in"]));
  });

  it("an account no user has is refused, and no account is made", async () => {
    const count = await db().$count(users);
    await expectRefused(() => signInThrough("stranger"), "unknown");
    expect(await db().$count(users)).toBe(count);
  });

  it("an unverified e-mail is refused (a student)", async () => {
    await expectRefused(() => signInThrough("ava"), "unverified");
    expect(await links(await userId(DEMO_STUDENTS[0]!.email))).toEqual([]);
  });

  it("an e-mail outside the provider's domains is refused, even when it is a user's", async () => {
    await expectRefused(() => signInThrough("ken"), "domain");
  });
});

describe("linking by the roster's id", () => {
  it("a provider that carries the roster sourcedId links the one user with it; an unknown id is refused", async () => {
    const maya = await userId(DEMO_STUDENTS[2]!.email);
    // No user has the id yet: refused, nothing made.
    await expectRefused(() => signInThrough("maya", "district"), "unknown");
    await db().update(users).set({ sourcedId: "roster-maya-patel" }).where(eq(users.id, maya));
    expect(await signInThrough("maya", "district")).toBe("/");
    expect(await links(maya)).toMatchObject([
      { provider: "district", subject: "maya", matchedBy: "roster", email: null },
    ]);
  });
});

describe("attacks, each refused with nothing written", () => {
  it("a replayed answer (the same state and code again)", async () => {
    cookieJar.clear();
    const auth = await start();
    const state = new URL(auth).searchParams.get("state")!;
    const callback = await loginAtProvider(auth, "david", PORTAL);
    expect(await answer(callback)).toBe("/");
    // The attacker has the address and sets the state cookie again.
    cookieJar.clear();
    cookieJar.set(STATE_COOKIE, state);
    await expectRefused(() => answer(callback), "expired");
  });

  it("an answer without this browser's state cookie (login CSRF)", async () => {
    cookieJar.clear();
    const callback = await loginAtProvider(await start(), "david", PORTAL);
    cookieJar.clear();
    await expectRefused(() => answer(callback), "expired");
  });

  for (const [what, change, because] of [
    ["a wrong nonce", (u: URL) => u.searchParams.set("nonce", "attacker-chosen-nonce"), /nonce/],
    ["a missing nonce", (u: URL) => u.searchParams.delete("nonce"), /nonce/],
  ] as const) {
    it(`an ID token with ${what}`, async () => {
      cookieJar.clear();
      const auth = new URL(await start());
      change(auth);
      const callback = await loginAtProvider(auth.href, "david", PORTAL);
      await expectRefused(() => answer(callback), "failed", because);
    });
  }

  it("a code and token issued to another application (another aud)", async () => {
    cookieJar.clear();
    const auth = new URL(await start());
    auth.searchParams.set("client_id", "other-app");
    const callback = await loginAtProvider(auth.href, "david", PORTAL);
    // The provider itself will not hand a token made for other-app to the portal's client.
    await expectRefused(() => answer(callback), "failed", /invalid_grant/);
  });

  it("an expired ID token", async () => {
    cookieJar.clear();
    const callback = await loginAtProvider(await start(), "david", PORTAL);
    // The answer reaches the portal 3 minutes later: past the token's 60 s and the 30 s tolerance.
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 3 * 60_000 });
    await expectRefused(() => answer(callback), "failed", /exp/);
  });

  it("an answer from another issuer (mix-up; RFC 9207 iss)", async () => {
    cookieJar.clear();
    // The sign-in starts at the school's provider, but the answer comes from the district's.
    const auth = new URL(await start());
    const elsewhere = new URL(`${district().issuer}/auth${auth.search}`);
    const callback = await loginAtProvider(elsewhere.href, "david", PORTAL);
    expect(new URL(callback).searchParams.get("iss")).toBe(district().issuer);
    await expectRefused(() => answer(callback), "failed", /iss/);
  });

  it("a second provider claiming the same e-mail", async () => {
    const elena = await userId(DEMO_INSTRUCTORS[0].email);
    expect(await signInThrough("elena")).toBe("/"); // linked with the school's provider
    await expectRefused(() => signInThrough("elena", "district"), "elsewhere");
    expect((await links(elena)).map((l) => l.provider)).toEqual(["school"]);
  });

  // A user who ever signed in has audit entries, so the database refuses to delete the row (the log is
  // append-only); the roster's deletion keeps the row and marks it, and that is what a link meets.
  it("a sub linked to a user the roster deleted", async () => {
    const david = await userId(DEMO_INSTRUCTORS[1].email);
    expect(await signInThrough("david")).toBe("/");
    await db().update(users).set({ rosterDeletedAt: new Date() }).where(eq(users.id, david));
    await expectRefused(() => signInThrough("david"), "removed");
  });

  it("codes turned off for staff: a teacher's right code answers as a wrong one does, counted the same", async () => {
    configure({ SIGNIN_CODES: "students,parents" });
    try {
      cookieJar.clear();
      const before = await snapshot();
      const right = DEMO_INSTRUCTORS[0].code; // teach-rivera
      const wrong = `${right.slice(0, -1)}x`; // the same prefix (one bucket), no one's code
      const hits = async () => {
        const rows = await db().select({ key: rateLimits.key, count: rateLimits.count }).from(rateLimits);
        const of = (key: string) => rows.find((r) => r.key === key)?.count ?? 0;
        return {
          rightClient: of(clientKey("signin:ip", "10.0.0.1")),
          wrongClient: of(clientKey("signin:ip", "10.0.0.3")),
          prefix: of(clientKey("signin:prefix", right.slice(0, 3))),
          school: of("signin:school"),
        };
      };
      const h0 = await hits();
      const teacher = await attemptSignIn({ code: right }, "10.0.0.1");
      const h1 = await hits();
      const guess = await attemptSignIn({ code: wrong }, "10.0.0.3");
      const h2 = await hits();
      // Status and message alike: nothing tells a guesser the code exists.
      expect(teacher).toEqual({ status: 401, body: { ok: false, message: msg("signInAnswers.invalidCode") } });
      expect(guess).toEqual(teacher);
      // Each counted against its client, its prefix and the school, as a miss.
      expect([h1.rightClient - h0.rightClient, h1.prefix - h0.prefix, h1.school - h0.school]).toEqual([1, 1, 1]);
      expect([h2.wrongClient - h1.wrongClient, h2.prefix - h1.prefix, h2.school - h1.school]).toEqual([1, 1, 1]);
      expect(signedIn()).toBe(false);
      expect(await snapshot()).toEqual(before);
      // The school still sees staff trying codes.
      await vi.waitFor(async () => {
        const refused = await db().select().from(auditLog).where(eq(auditLog.action, "signin.code_refused"));
        expect(refused.length).toBeGreaterThan(0);
      });
      expect(await attemptSignIn({ code: DEMO_STUDENTS[3]!.code }, "10.0.0.2")).toMatchObject({ status: 200 });
    } finally {
      configure();
    }
  });
});

describe("the admin's links", () => {
  it("an admin removes a link: audited, she is signed out, and the account must match again", async () => {
    const { removeSignInLink, listSignInLinks } = await import("@/lib/auth/oidc/links");
    const elena = await userId(DEMO_INSTRUCTORS[0].email);
    expect(await signInThrough("elena")).toBe("/");
    const [link] = await listSignInLinks(elena);
    expect(link).toMatchObject({ provider: "school", providerLabel: "Demo School", email: "elena.rivera@demo.school" });
    const admin = (await db().select({ id: users.id }).from(users).where(eq(users.role, "admin")))[0]!.id;
    const { getSessionUser } = await import("@/lib/auth/session");
    expect(await getSessionUser()).toMatchObject({ id: elena });
    expect(await removeSignInLink({ linkId: link!.id, actorId: admin })).toMatchObject({ ok: true });
    expect(await links(elena)).toEqual([]);
    expect(await getSessionUser()).toBeNull(); // her cookie from the linked sign-in no longer works
    expect(await lastAudit()).toMatchObject({
      action: "oidc.unlinked",
      actorId: admin,
      detail: expect.objectContaining({ userId: elena }) as unknown,
    });
    // Her address still matches: the next sign-in links again.
    expect(await signInThrough("elena")).toBe("/");
    expect(await links(elena)).toHaveLength(1);
  });
});
