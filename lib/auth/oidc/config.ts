import { z } from "zod";

// School accounts (OpenID Connect, issue 32): the providers come from the environment, read and
// checked once, like lib/env.ts. Not server-only: the start-up check and its unit test import it.
//
//   OIDC_PROVIDERS=google,microsoft,district      names: lower-case letters and digits
//   OIDC_<NAME>_ISSUER          the provider's issuer URL (presets fill it for google and microsoft)
//   OIDC_<NAME>_CLIENT_ID / _CLIENT_SECRET
//   OIDC_<NAME>_LABEL           the button says "Sign in with <label>"
//   OIDC_<NAME>_DOMAINS         e-mail domains a verified address may link from (comma-separated)
//   OIDC_<NAME>_TYPE            google | microsoft | oidc (default: the name when it is a preset)
//   OIDC_MICROSOFT_TENANT_ID    Entra tenant id (GUID): the issuer and the `tid` every token must carry
//   OIDC_<NAME>_ROSTER_CLAIM    a claim whose value is the person's roster sourcedId (e.g. ClassLink)
//   OIDC_<NAME>_ROSTER_CLAIM_ADMINS  on: the claim may link admins too (default off, decision 022)

export type OidcKind = "google" | "microsoft" | "oidc";

export interface OidcProvider {
  name: string;
  kind: OidcKind;
  label: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Lower-case; a verified e-mail links only from these. */
  domains: string[];
  /** Microsoft Entra only: the tenant every token must come from. */
  tenantId?: string;
  rosterClaim?: string;
  /** Whether the roster claim may link (and keep signing in) an admin; off unless the school says on. */
  rosterClaimAdmins: boolean;
}

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const ACCOUNT_DOMAIN = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;
const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]"]);

const name = z
  .string()
  .regex(/^[a-z][a-z0-9]{0,29}$/, "each name is lower-case letters and digits, starting with a letter");

function issuerUrl(value: string): string | null {
  try {
    const u = new URL(value);
    // http only on the machine itself (the test provider); a real provider is always https.
    if (u.protocol === "https:" || (u.protocol === "http:" && LOOPBACK.has(u.hostname)))
      return u.href.replace(/\/$/, "");
  } catch {
    // falls through
  }
  return null;
}

/** Reads the providers from `source`; returns them, or the list of what is wrong (one line each). */
export function parseOidcProviders(
  source: Record<string, string | undefined>,
): { ok: true; providers: OidcProvider[] } | { ok: false; problems: string[]; providers: OidcProvider[] } {
  const list = (source.OIDC_PROVIDERS ?? "").trim();
  if (list === "") return { ok: true, providers: [] };
  const problems: string[] = [];
  const names = list.split(",").map((s) => s.trim().toLowerCase());
  const providers: OidcProvider[] = [];
  if (new Set(names).size !== names.length) problems.push("OIDC_PROVIDERS: a name is listed twice");
  if (!source.PORTAL_URL)
    problems.push(
      "OIDC_PROVIDERS: PORTAL_URL must be set (the redirect address <PORTAL_URL>/auth/oidc/<name>/callback)",
    );
  for (const n of names.slice(0, 10)) {
    if (!name.safeParse(n).success) {
      problems.push(`OIDC_PROVIDERS: "${n.slice(0, 40)}": each name is lower-case letters and digits`);
      continue;
    }
    const key = (k: string) => `OIDC_${n.toUpperCase()}_${k}`;
    const get = (k: string) => (source[key(k)] ?? "").trim();
    const kindRaw = get("TYPE") || (n === "google" || n === "microsoft" ? n : "oidc");
    if (!["google", "microsoft", "oidc"].includes(kindRaw)) {
      problems.push(`${key("TYPE")}: must be google, microsoft or oidc`);
      continue;
    }
    const kind = kindRaw as OidcKind;
    const tenantId = get("TENANT_ID") || undefined;
    if (kind === "microsoft" && !(tenantId && GUID.test(tenantId)))
      problems.push(`${key("TENANT_ID")}: the Microsoft Entra tenant id (a GUID, from Entra admin center → Overview)`);
    const presetIssuer =
      kind === "google"
        ? "https://accounts.google.com"
        : kind === "microsoft" && tenantId
          ? `https://login.microsoftonline.com/${tenantId}/v2.0`
          : "";
    const issuer = issuerUrl(get("ISSUER") || presetIssuer);
    if (!issuer) problems.push(`${key("ISSUER")}: must be the provider's https:// issuer address`);
    const clientId = get("CLIENT_ID");
    const clientSecret = get("CLIENT_SECRET");
    if (!clientId || clientId.length > 500)
      problems.push(`${key("CLIENT_ID")}: required (from the provider's app registration)`);
    if (!clientSecret || clientSecret.length > 500)
      problems.push(`${key("CLIENT_SECRET")}: required (from the provider's app registration)`);
    const domains = get("DOMAINS")
      .split(",")
      .map((d) => d.trim().toLowerCase())
      .filter(Boolean);
    const badDomain = domains.find((d) => !ACCOUNT_DOMAIN.test(d));
    if (badDomain) problems.push(`${key("DOMAINS")}: "${badDomain.slice(0, 60)}" is not a domain name`);
    if (kind === "google" && domains.length === 0)
      problems.push(`${key("DOMAINS")}: required for Google (the Workspace domains whose accounts may sign in)`);
    const label = get("LABEL") || (kind === "google" ? "Google" : kind === "microsoft" ? "Microsoft" : n);
    if (label.length > 40) problems.push(`${key("LABEL")}: at most 40 characters`);
    const rosterClaim = get("ROSTER_CLAIM") || undefined;
    if (rosterClaim && !/^[A-Za-z0-9_.:-]{1,60}$/.test(rosterClaim))
      problems.push(`${key("ROSTER_CLAIM")}: a claim name such as sourcedId`);
    const claimAdmins = get("ROSTER_CLAIM_ADMINS").toLowerCase() || "off";
    if (claimAdmins !== "on" && claimAdmins !== "off")
      problems.push(`${key("ROSTER_CLAIM_ADMINS")}: must be on or off`);
    else if (claimAdmins === "on" && !rosterClaim)
      problems.push(`${key("ROSTER_CLAIM_ADMINS")}: needs ${key("ROSTER_CLAIM")} (the claim it lets link admins)`);
    const rosterClaimAdmins = claimAdmins === "on" && rosterClaim !== undefined;
    if (issuer)
      providers.push({
        name: n,
        kind,
        label,
        issuer,
        clientId,
        clientSecret,
        domains,
        tenantId,
        rosterClaim,
        rosterClaimAdmins,
      });
  }
  if (names.length > 10) problems.push("OIDC_PROVIDERS: at most 10 providers");
  // On failure the providers whose issuer is readable come too: the start-up check asks them for
  // their discovery document all the same, so every problem is reported at once.
  return problems.length ? { ok: false, problems, providers } : { ok: true, providers };
}

let cached: OidcProvider[] | undefined;

/** The configured providers; throws the same "Invalid configuration" as lib/env.ts when they are wrong. */
export function oidcProviders(): OidcProvider[] {
  if (!cached) {
    const parsed = parseOidcProviders(process.env);
    if (!parsed.ok) throw new Error(`Invalid configuration:\n${parsed.problems.map((p) => `  ${p}`).join("\n")}`);
    cached = parsed.providers;
  }
  return cached;
}

export function oidcProvider(name: string): OidcProvider | undefined {
  return oidcProviders().find((p) => p.name === name);
}

/** Tests that change process.env read it again. */
export function resetOidcProviders(): void {
  cached = undefined;
}

/** What the sign-in dialog needs: no secrets. */
export function signInButtons(): { name: string; label: string }[] {
  return oidcProviders().map((p) => ({ name: p.name, label: p.label }));
}

/**
 * The sign-in configuration's problems that need no one's answer (lib/start-check.ts): the
 * providers' variables, and that codes turned off for some role leave a provider to sign in with.
 * One line each; the providers whose issuer is readable, for the discovery check that follows.
 */
export function signInConfigurationProblems(
  source: Record<string, string | undefined>,
  signInCodes: Set<string> | null,
): { providers: OidcProvider[]; problems: string[] } {
  const parsed = parseOidcProviders(source);
  const problems = parsed.ok ? [] : [...parsed.problems];
  if (signInCodes && signInCodes.size < 4 && (source.OIDC_PROVIDERS ?? "").trim() === "")
    problems.push("SIGNIN_CODES: turning access codes off needs a school account provider (OIDC_PROVIDERS)");
  return { providers: parsed.providers, problems };
}
