import "server-only";
import { and, eq, ne, sql, type SQL } from "drizzle-orm";
import { audit } from "@/lib/audit";
import { db } from "@/lib/db/client";
import { oidcLinks, users } from "@/lib/db/schema";
import { asciiLowerCase, SQL_ASCII_FOLD } from "@/lib/domain/email-match";
import { accountDomainAllowed } from "@/lib/district/school-settings";
import { isBlocked } from "./blocks";
import type { OidcProvider } from "./config";

// Who a provider's account is in the portal (decision 022): only a stored link (provider + sub)
// says so. A link is made once, on the first sign-in, from a verified e-mail in the provider's
// domains that belongs to exactly one user, or from the roster id the provider vouches for. No
// match makes no account. Precedence: a block, then an existing link, then the roster claim, then
// the verified e-mail; the claim and the e-mail never name two different people.

export type Refusal =
  | "tenant" // Google hd / Entra tid not the school's
  | "unverified"
  | "domain"
  | "unknown"
  | "ambiguous"
  | "elsewhere" // the user's first link is with another provider
  | "removed" // the linked user was removed by the roster
  | "blocked" // an admin blocked this account when removing its link
  | "conflict" // the roster claim and the verified e-mail belong to two different users
  | "admin_claim"; // the roster claim names an admin, and this provider may not link admins by claim

export type MatchResult =
  | { ok: true; user: { id: number; sessionVersion: number; role: string }; linked: "existing" | "email" | "roster" }
  | { ok: false; reason: Refusal };

type Claims = Record<string, unknown>;
type Candidate = { id: number; sessionVersion: number; role: string; removed: boolean };

/** The provider-specific check every token must pass before anything is read from it. */
export function tenantAllowed(p: OidcProvider, claims: Claims): boolean {
  if (p.kind === "google") return typeof claims.hd === "string" && p.domains.includes(asciiLowerCase(claims.hd));
  if (p.kind === "microsoft")
    return typeof claims.tid === "string" && asciiLowerCase(claims.tid) === asciiLowerCase(p.tenantId!);
  return true;
}

/** The e-mail the provider vouches for, or why there is none. Entra vouches with xms_edov (domain owner verified). */
function verifiedEmail(p: OidcProvider, claims: Claims): { email: string } | { refusal: Refusal } | null {
  if (typeof claims.email !== "string" || claims.email.length > 254 || !claims.email.includes("@")) return null;
  const verified = claims.email_verified === true || (p.kind === "microsoft" && claims.xms_edov === true);
  if (!verified) return { refusal: "unverified" };
  const email = asciiLowerCase(claims.email);
  if (!p.domains.includes(email.slice(email.lastIndexOf("@") + 1))) return { refusal: "domain" };
  return { email };
}

/** The roster's own id, when this provider is configured to carry it (e.g. ClassLink's sourcedId). */
function rosterIdOf(p: OidcProvider, claims: Claims): string | null {
  const value = p.rosterClaim ? claims[p.rosterClaim] : undefined;
  return typeof value === "string" && value !== "" && value.length <= 255 ? value : null;
}

const userColumns = {
  id: users.id,
  sessionVersion: users.sessionVersion,
  role: users.role,
  removed: sql<boolean>`${users.rosterDeletedAt} is not null`,
};

const usersWhere = (where: SQL) => db().select(userColumns).from(users).where(where).limit(2);
// The stored side of the strict comparison (lib/domain/email-match.ts): A–Z folded, nothing else.
const storedEmailKey = sql`translate(${users.email}, ${SQL_ASCII_FOLD.from}, ${SQL_ASCII_FOLD.to})`;

/** The one user a new account's claims name, and by what; or why none. */
async function findUser(
  p: OidcProvider,
  claims: Claims,
): Promise<{ user: Candidate; by: "roster" | "email"; email: string | null } | { refusal: Refusal }> {
  const rosterId = rosterIdOf(p, claims);
  const mail = verifiedEmail(p, claims);
  // The provider's e-mail rules hold for a claim link too: an account whose address is unverified
  // or outside the school's domains links by nothing, whatever id it carries.
  if (mail && "refusal" in mail) return mail;
  if (rosterId === null && mail === null) return { refusal: "unknown" };
  const [byClaim, byEmail] = await Promise.all([
    rosterId === null ? [] : usersWhere(eq(users.sourcedId, rosterId)),
    mail === null ? [] : usersWhere(eq(storedEmailKey, mail.email)),
  ]);
  if (byClaim.length > 1 || byEmail.length > 1) return { refusal: "ambiguous" };
  const [claimed, mailed] = [byClaim[0], byEmail[0]];
  const email = mail?.email ?? null;
  if (claimed && mailed && claimed.id !== mailed.id) return { refusal: "conflict" };
  if (claimed?.role === "admin" && !p.rosterClaimAdmins) {
    // The verified e-mail alone links an admin, as with any provider; the claim may not.
    return mailed ? { user: mailed, by: "email", email } : { refusal: "admin_claim" };
  }
  if (claimed) return { user: claimed, by: "roster", email };
  if (mailed) return { user: mailed, by: "email", email };
  return { refusal: "unknown" };
}

export async function matchAccount(p: OidcProvider, claims: Claims): Promise<MatchResult> {
  if (!tenantAllowed(p, claims)) return { ok: false, reason: "tenant" };
  const sub = String(claims.sub);
  // Before the link: a block stands even if a link was made in a race with its removal.
  if (await isBlocked(p.name, sub)) return { ok: false, reason: "blocked" };
  const [linked] = await db()
    .select({ ...userColumns, matchedBy: oidcLinks.matchedBy })
    .from(oidcLinks)
    .innerJoin(users, eq(users.id, oidcLinks.userId))
    .where(and(eq(oidcLinks.provider, p.name), eq(oidcLinks.subject, sub)));
  if (linked) {
    if (linked.removed) return { ok: false, reason: "removed" };
    // An admin's claim link (made before admins needed the school's say, or before a promotion)
    // signs in only while the school allows it.
    if (linked.matchedBy === "roster" && linked.role === "admin" && !p.rosterClaimAdmins)
      return { ok: false, reason: "admin_claim" };
    return { ok: true, user: linked, linked: "existing" };
  }

  const found = await findUser(p, claims);
  if ("refusal" in found) return { ok: false, reason: found.refusal };
  const { user, by, email } = found;
  if (user.removed) return { ok: false, reason: "removed" };
  // The person's schools may each name their own account domains (/admin → School): an address of
  // another school's domain links to nobody here.
  if (email !== null && !(await accountDomainAllowed(user.id, email.slice(email.lastIndexOf("@") + 1))))
    return { ok: false, reason: "domain" };

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
