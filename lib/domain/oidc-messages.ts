// What a refused school-account sign-in (issue 32) says: each names what the person or the school
// must do. Shown by the sign-in dialog from ?signin=oidc_<reason> (lib/domain/messages.ts).
export const OIDC_SIGN_IN_MESSAGES = {
  oidc_unknown:
    "No portal account matches this school account. Ask the school office to put your school e-mail address on your portal account, then try again.",
  oidc_unverified:
    "Your school account's e-mail address is not verified, so it cannot be matched to a portal account. Ask the school office to verify it, or sign in with your access code.",
  oidc_domain:
    "This account's e-mail address is not one of the school's. Sign in with the account the school gave you, or ask the school office.",
  oidc_tenant: "This account does not belong to the school. Sign in with the account the school gave you.",
  oidc_ambiguous:
    "More than one portal account has this e-mail address. Ask the school office to give each person their own address.",
  oidc_elsewhere:
    "Your portal account is already linked to a different school sign-in. Use that one, or ask the school office to remove the link.",
  oidc_removed: "This school account belongs to a portal account that has been removed. Ask the school office.",
  oidc_expired: "That sign-in took too long or was already used. Please try again.",
  oidc_failed: "The sign-in with your school account could not be completed. Please try again.",
  oidc_unavailable: "School-account sign-in is unavailable for a moment. Please try again.",
  oidc_limited: "Too many sign-in attempts. Please wait a few minutes and try again.",
  oidc_blocked: "This school account has been blocked from signing in to the portal. Ask the school office.",
  oidc_conflict:
    "Your school account's roster id and e-mail address belong to two different portal accounts. Ask the school office to correct the roster.",
  oidc_admin_claim:
    "Administrator accounts are not linked by roster id at this school. Sign in with your access code, or ask the school office.",
} satisfies Record<string, string>;
