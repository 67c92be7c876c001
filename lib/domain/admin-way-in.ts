// Could an admin sign in at all (issue 39)? With SIGNIN_CODES keeping admins' codes off, an admin
// signs in only with a school account: through a stored link, or by the link made at her first
// sign-in (decision 022). Pure, so the start-up check (lib/auth/admin-way-in.ts loads the facts)
// and its unit test share it; it mirrors lib/auth/oidc/match.ts.

/** One admin, as the start-up check sees her. */
export interface AdminSignInFacts {
  email: string | null;
  /** How many users (her included) have this e-mail address, ignoring case. */
  usersWithEmail: number;
  sourcedId: string | null;
  /** The providers she is linked with (any, configured or not). */
  linkedProviders: string[];
}

/** A provider the portal can use now, as far as linking goes. */
export interface ProviderLinkRules {
  name: string;
  /** Lower-case: a verified e-mail links only from these. */
  domains: string[];
  /** A claim carrying the roster sourcedId, when the provider links by it. */
  rosterClaim?: string;
}

/**
 * Whether she could sign in with one of these providers: her link is with one of them, or she
 * has no link at all (one provider per person: a link with another refuses every other) and
 * either her e-mail, hers alone, is in the provider's domains, or the provider links by roster id
 * and she has one (sourcedId is unique). Whether the provider verifies her e-mail cannot be known
 * before she signs in; it is counted as yes.
 */
export function adminCouldSignIn(admin: AdminSignInFacts, providers: readonly ProviderLinkRules[]): boolean {
  return providers.some((p) => {
    if (admin.linkedProviders.includes(p.name)) return true;
    if (admin.linkedProviders.length > 0) return false;
    if (p.rosterClaim && admin.sourcedId) return true;
    const email = admin.email?.trim().toLowerCase() ?? "";
    const at = email.lastIndexOf("@");
    return at > 0 && admin.usersWithEmail === 1 && p.domains.includes(email.slice(at + 1));
  });
}
