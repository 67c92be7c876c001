import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, expect } from "vitest";
import * as startRoute from "@/app/auth/oidc/[provider]/route";
import * as callbackRoute from "@/app/auth/oidc/[provider]/callback/route";
import { forgetProviderConfigurations } from "@/lib/auth/oidc/client";
import { resetOidcProviders } from "@/lib/auth/oidc/config";
import { SESSION_COOKIE } from "@/lib/auth/session";
import { db } from "@/lib/db/client";
import { auditLog, oidcLinks, users } from "@/lib/db/schema";
import { resetEnvCache } from "@/lib/env";
import { databaseChecksum, seedDemo } from "./fixtures";
import { loginAtProvider, startProviderProcess } from "./oidc";
import { cookieJar } from "./request-context";

// The portal's school-account sign-in against two real OpenID providers (oidc-provider in child
// processes): "school" links by e-mail, "district" also by the roster claim `sourcedId`. For the
// integration tests of lib/auth/oidc; call once per file, after useTestDatabase().

export const PORTAL = "http://localhost:3999";
const callbackOf = (name: string) => `${PORTAL}/auth/oidc/${name}/callback`;
const ctx = (provider: string) => ({ params: Promise.resolve({ provider }) });

export function useOidcPortal() {
  let school: { issuer: string; close(): Promise<void> };
  let district: { issuer: string; close(): Promise<void> };
  const saved = { ...process.env };

  /** The two providers, with `extra` variables on top (e.g. SIGNIN_CODES). */
  function configure(extra: Record<string, string> = {}) {
    process.env = { ...saved };
    Object.assign(process.env, {
      PORTAL_URL: PORTAL,
      OIDC_PROVIDERS: "school,district",
      OIDC_SCHOOL_ISSUER: school.issuer,
      OIDC_SCHOOL_CLIENT_ID: "portal",
      OIDC_SCHOOL_CLIENT_SECRET: "portal-test-secret-0123456789",
      OIDC_SCHOOL_LABEL: "Demo School",
      OIDC_SCHOOL_DOMAINS: "demo.school,students.demo.school",
      OIDC_DISTRICT_ISSUER: district.issuer,
      OIDC_DISTRICT_CLIENT_ID: "portal",
      OIDC_DISTRICT_CLIENT_SECRET: "portal-test-secret-0123456789",
      OIDC_DISTRICT_DOMAINS: "demo.school",
      OIDC_DISTRICT_ROSTER_CLAIM: "sourcedId",
      ...extra,
    });
    resetEnvCache();
    resetOidcProviders();
  }

  beforeAll(async () => {
    const uris = [callbackOf("school"), callbackOf("district")];
    // ID tokens live 60 s at the school's provider, so "expired" needs the portal's clock only minutes ahead.
    [school, district] = await Promise.all([
      startProviderProcess(uris, { OIDC_TEST_ID_TOKEN_TTL: "60" }),
      startProviderProcess(uris),
    ]);
    configure();
    await seedDemo();
  });

  afterAll(async () => {
    process.env = saved;
    resetEnvCache();
    resetOidcProviders();
    forgetProviderConfigurations();
    await Promise.all([school.close(), district.close()]);
  });

  /** Presses "Sign in with …": the provider's authorization address (the state cookie is now set). */
  async function start(provider = "school"): Promise<string> {
    const res = await startRoute.GET(new Request(`${PORTAL}/auth/oidc/${provider}`), ctx(provider));
    expect(res.status).toBe(303);
    return res.headers.get("location")!;
  }

  /** The provider sends the browser back: where the portal then sends it. */
  async function answer(callbackUrl: string, provider = "school"): Promise<string> {
    const res = await callbackRoute.GET(new Request(callbackUrl), ctx(provider));
    expect(res.status).toBe(303);
    return res.headers.get("location")!;
  }

  /** A whole sign-in as the provider's account `login`, in a fresh browser. */
  async function signInThrough(login: string, provider = "school"): Promise<string> {
    cookieJar.clear();
    const auth = await start(provider);
    return answer(await loginAtProvider(auth, login, PORTAL), provider);
  }

  return {
    configure,
    start,
    answer,
    signInThrough,
    district: () => district,
  };
}

export const userIdByEmail = async (email: string) =>
  (await db().select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;
export const linksOf = (id: number) => db().select().from(oidcLinks).where(eq(oidcLinks.userId, id));
export const signedIn = () => cookieJar.has(SESSION_COOKIE);
const snapshot = () => databaseChecksum(["users", "oidc_links", "oidc_blocks"]);

export async function lastAudit() {
  const [last] = await db()
    .select()
    .from(auditLog)
    .orderBy(sql`${auditLog.id} desc`)
    .limit(1);
  return last!;
}

/** Refused for `reason` (and, for a token openid-client refused, with an error matching `because`). */
export async function expectRefused(run: () => Promise<string>, reason: string, because?: RegExp) {
  const before = await snapshot();
  const location = await run();
  expect(location).toBe(`/?signin=oidc_${reason}`);
  expect(signedIn()).toBe(false);
  expect(await snapshot()).toEqual(before);
  const last = await lastAudit();
  expect(last).toMatchObject({ action: "oidc.refused", detail: expect.objectContaining({ reason }) as unknown });
  if (because) expect(JSON.stringify(last.detail), JSON.stringify(last.detail)).toMatch(because);
}
