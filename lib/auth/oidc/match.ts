import "server-only";
import { and, eq, ne, sql } from "drizzle-orm";
import { audit } from "@/lib/audit";
import { db } from "@/lib/db/client";
import { oidcLinks, users } from "@/lib/db/schema";
import type { OidcProvider } from "./config";

// Who a provider's account is in the portal (decision 022): only a stored link (provider + sub)
// says so. A link is made once, on the first sign-in, from a verified e-mail in the provider's
// domains that belongs to exactly one user, or from the roster id the provider vouches for. No
// match makes no account.

export type Refusal =
  | "tenant" // Google hd / Entra tid not the school's
  | "unverified"
  | "domain"
  | "unknown"
  | "ambiguous"
  | "elsewhere" // the user's first link is with another provider
  | "removed"; // the linked user was removed by the roster

export type MatchResult =
  | { ok: true; user: { id: number; sessionVersion: number; role: string }; linked: "existing" | "email" | "roster" }
  | { ok: false; reason: Refusal };

type Claims = Record<string, unknown>;

/** The provider-specific check every token must pass before anything is read from it. */
export function tenantAllowed(p: OidcProvider, claims: Claims): boolean {
  if (p.kind === "google") return typeof claims.hd === "string" && p.domains.includes(claims.hd.toLowerCase());
  if (p.kind === "microsoft")
    return typeof claims.tid === "string" && claims.tid.toLowerCase() === p.tenantId!.toLowerCase();
  return true;
}

/** The e-mail the provider vouches for, or why there is none. Entra vouches with xms_edov (domain owner verified). */
function verifiedEmail(p: OidcProvider, claims: Claims): { email: string } | { refusal: Refusal } | null {
  if (typeof claims.email !== "string" || claims.email.length > 254 || !claims.email.includes("@")) return null;
  const verified = claims.email_verified === true || (p.kind === "microsoft" && claims.xms_edov === true);
  if (!verified) return { refusal: "unverified" };
  const email = claims.email.trim().toLowerCase();
  if (!p.domains.includes(email.slice(email.lastIndexOf("@") + 1))) return { refusal: "domain" };
  return { email };
}

const userColumns = {
  id: users.id,
  sessionVersion: users.sessionVersion,
  role: users.role,
  removed: sql<boolean>`${users.rosterDeletedAt} is not null`,
};

export async function matchAccount(p: OidcProvider, claims: Claims): Promise<MatchResult> {
  if (!tenantAllowed(p, claims)) return { ok: false, reason: "tenant" };
  const sub = String(claims.sub);
  const [linked] = await db()
    .select(userColumns)
    .from(oidcLinks)
    .innerJoin(users, eq(users.id, oidcLinks.userId))
    .where(and(eq(oidcLinks.provider, p.name), eq(oidcLinks.subject, sub)));
  if (linked) {
    if (linked.removed) return { ok: false, reason: "removed" };
    return { ok: true, user: linked, linked: "existing" };
  }

  // The roster's own id, when this provider is configured to carry it (e.g. ClassLink's sourcedId).
  const rosterId = p.rosterClaim ? claims[p.rosterClaim] : undefined;
  let by: "roster" | "email";
  let candidates: { id: number; sessionVersion: number; role: string; removed: boolean }[];
  let email: string | null = null;
  if (typeof rosterId === "string" && rosterId !== "" && rosterId.length <= 255) {
    by = "roster";
    candidates = await db().select(userColumns).from(users).where(eq(users.sourcedId, rosterId)).limit(2);
  } else {
    const v = verifiedEmail(p, claims);
    if (!v) return { ok: false, reason: "unknown" };
    if ("refusal" in v) return { ok: false, reason: v.refusal };
    by = "email";
    email = v.email;
    candidates = await db()
      .select(userColumns)
      .from(users)
      .where(eq(sql`lower(${users.email})`, v.email))
      .limit(2);
  }
  if (candidates.length === 0) return { ok: false, reason: "unknown" };
  if (candidates.length > 1) return { ok: false, reason: "ambiguous" };
  const user = candidates[0]!;
  if (user.removed) return { ok: false, reason: "removed" };

  // One provider per person: a second provider claiming the same address is not trusted on its word.
  const [other] = await db()
    .select({ provider: oidcLinks.provider })
    .from(oidcLinks)
    .where(and(eq(oidcLinks.userId, user.id), ne(oidcLinks.provider, p.name)))
    .limit(1);
  if (other) return { ok: false, reason: "elsewhere" };

  const made = await db().transaction(async (tx) => {
    const [row] = await tx
      .insert(oidcLinks)
      .values({ userId: user.id, provider: p.name, subject: sub, matchedBy: by, email })
      .onConflictDoNothing()
      .returning({ id: oidcLinks.id });
    if (row)
      await audit(tx, {
        action: "oidc.linked",
        actorId: user.id,
        detail: { userId: user.id, provider: p.name, linkId: row.id, matchedBy: by },
      });
    return row;
  });
  // Lost a race with a parallel first sign-in of the same account: the link that won decides.
  if (!made) return matchAccount(p, claims);
  return { ok: true, user, linked: by };
}

/** Marks a link used (the admin's list shows when). */
export async function touchLink(provider: string, subject: string): Promise<void> {
  await db()
    .update(oidcLinks)
    .set({ lastUsedAt: new Date() })
    .where(and(eq(oidcLinks.provider, provider), eq(oidcLinks.subject, subject)));
}
