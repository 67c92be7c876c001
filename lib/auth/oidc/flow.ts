import "server-only";
import crypto from "node:crypto";
import { and, eq, gt, lt } from "drizzle-orm";
import * as oidc from "openid-client";
import { audit } from "@/lib/audit";
import { db } from "@/lib/db/client";
import { withSchool } from "@/lib/db/school-scope";
import { oidcPending } from "@/lib/db/schema";
import { env } from "@/lib/env";
import { clientKey, giveBack, hitRateLimit } from "@/lib/rate-limit";
import { startSession } from "../session";
import { providerConfiguration } from "./client";
import { oidcProvider, type OidcProvider } from "./config";
import { matchAccount, touchLink, type Refusal } from "./match";

// The authorization code flow (issue 32) with PKCE, state and nonce. The state travels in the
// address and in a cookie of this browser; the PKCE verifier and the nonce stay in the database
// under the state's hash and are used once. openid-client checks the rest: the `iss` parameter
// (RFC 9207), the ID token's signature against the provider's JWKS, iss, aud, exp, iat and nonce.

export const STATE_COOKIE = "portal_oidc_state";
export const PENDING_LIFETIME_MS = 10 * 60 * 1000;
const WINDOW_MS = 10 * 60 * 1000;
// Per client address, per 10 minutes. A whole school may share one address, so starts are only
// bounded (each leaves a pending row), and answers count only when refused (a sign-in gives its
// hit back), like the code sign-in.
const STARTS_PER_CLIENT = 600;
const REFUSALS_PER_CLIENT = 30;
const SCOPE = "openid email profile";

export type FlowRefusal = Refusal | "expired" | "failed" | "limited" | "unavailable";

const hash = (state: string) => crypto.createHash("sha256").update(state).digest("base64url");

export function redirectUri(p: OidcProvider): string {
  return `${env().PORTAL_URL!.replace(/\/$/, "")}/auth/oidc/${p.name}/callback`;
}

/** Counts one step of a school-account sign-in against the client (a start, or an answer). */
async function allowed(key: string, limit: number): Promise<boolean> {
  try {
    return (await hitRateLimit(key, limit, WINDOW_MS)).allowed;
  } catch (err) {
    console.warn("oidc: the attempt could not be counted; refusing:", err);
    return false;
  }
}

/** Where to send the browser, and the state for its cookie; or why not. */
export async function startOidcSignIn(
  name: string,
  client: string,
): Promise<{ ok: true; url: string; state: string } | { ok: false; reason: FlowRefusal }> {
  const p = oidcProvider(name);
  if (!p) return { ok: false, reason: "failed" };
  if (!(await allowed(clientKey("oidc:start", client), STARTS_PER_CLIENT))) return { ok: false, reason: "limited" };
  let config;
  try {
    config = await providerConfiguration(p);
  } catch (err) {
    console.warn(`oidc: ${p.name}: discovery failed:`, err);
    return { ok: false, reason: "unavailable" };
  }
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const codeVerifier = oidc.randomPKCECodeVerifier();
  await db()
    .delete(oidcPending)
    .where(lt(oidcPending.createdAt, new Date(Date.now() - PENDING_LIFETIME_MS)));
  await db()
    .insert(oidcPending)
    .values({ stateHash: hash(state), provider: p.name, codeVerifier, nonce });
  const params: Record<string, string> = {
    redirect_uri: redirectUri(p),
    scope: SCOPE,
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: "S256",
    state,
    nonce,
  };
  // Google shows only the school's accounts when there is one domain (hd is a hint; the token's hd is checked).
  if (p.kind === "google" && p.domains.length === 1) params.hd = p.domains[0]!;
  return { ok: true, url: oidc.buildAuthorizationUrl(config, params).href, state };
}

/**
 * The provider's answer: `query` is the callback's query string, `cookieState` what this browser
 * was given at the start. Signs in, or says why not; every outcome is audited.
 */
export async function finishOidcSignIn(
  name: string,
  query: URLSearchParams,
  cookieState: string | undefined,
  client: string,
): Promise<{ ok: true } | { ok: false; reason: FlowRefusal }> {
  const p = oidcProvider(name);
  const refuse = async (reason: FlowRefusal, detail: Record<string, unknown> = {}) => {
    await audit(db(), { action: "oidc.refused", detail: { provider: name.slice(0, 30), reason, ...detail } }).catch(
      (err) => console.warn("oidc: a refusal could not be audited:", err),
    );
    return { ok: false as const, reason };
  };
  if (!p) return refuse("failed", { error: "unknown provider" });
  const answers = clientKey("oidc:answer", client);
  if (!(await allowed(answers, REFUSALS_PER_CLIENT))) return refuse("limited");
  const state = query.get("state") ?? "";
  if (!cookieState || state !== cookieState || state.length > 200)
    return refuse("expired", { error: "state mismatch" });
  // Used once: a replayed answer finds nothing.
  const [pending] = await db()
    .delete(oidcPending)
    .where(
      and(
        eq(oidcPending.stateHash, hash(state)),
        eq(oidcPending.provider, p.name),
        gt(oidcPending.createdAt, new Date(Date.now() - PENDING_LIFETIME_MS)),
      ),
    )
    .returning();
  if (!pending) return refuse("expired", { error: "state unknown or used" });

  let claims: Record<string, unknown>;
  try {
    const config = await providerConfiguration(p);
    const answer = new URL(redirectUri(p));
    answer.search = query.toString();
    const tokens = await oidc.authorizationCodeGrant(config, answer, {
      pkceCodeVerifier: pending.codeVerifier,
      expectedState: state,
      expectedNonce: pending.nonce,
      idTokenExpected: true,
    });
    claims = { ...tokens.claims() };
  } catch (err) {
    const e = err as { code?: string; error?: string; message?: string; cause?: unknown };
    // openid-client's message is general ("invalid response encountered"); its cause names the check.
    const why = e.cause instanceof Error ? e.cause.message : String(e.message ?? "");
    console.warn(`oidc: ${p.name}: the provider's answer was refused: ${why}`);
    return refuse("failed", { error: String(e.error ?? e.code ?? "error"), why });
  }

  const match = await matchAccount(p, claims);
  if (!match.ok) return refuse(match.reason, { sub: String(claims.sub) });
  await giveBack(answers, WINDOW_MS).catch(() => undefined);
  const schoolId = await startSession(match.user);
  await touchLink(p.name, String(claims.sub));
  await withSchool(schoolId, () =>
    audit(db(), {
      action: "oidc.signed_in",
      actorId: match.user.id,
      detail: { provider: p.name, linked: match.linked },
    }),
  );
  return { ok: true };
}
