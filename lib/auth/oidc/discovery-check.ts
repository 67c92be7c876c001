import "server-only";
import { providerConfiguration } from "./client";
import type { OidcProvider } from "./config";

// Each provider's discovery document, asked for at start (issue 39) rather than at the first
// sign-in: a wrong issuer address, a provider that names another issuer, or a page that is not a
// discovery document is a configuration problem and stops the start with the others. A provider
// that does not answer (refused, timed out, no such host yet, a 5xx) may be starting beside the
// portal or briefly down: that is a warning, since refusing would also lock out every student and
// parent signing in with a code, and the first sign-in asks again (lib/auth/oidc/client.ts keeps
// a document only once it was read). A document read now is kept for the first sign-in.

export interface DiscoveryCheck {
  problems: string[];
  warnings: string[];
  /** The providers not known to be wrong: the ones that answered, and the ones that did not answer yet. */
  usable: OidcProvider[];
}

export async function checkDiscovery(providers: readonly OidcProvider[]): Promise<DiscoveryCheck> {
  const result: DiscoveryCheck = { problems: [], warnings: [], usable: [] };
  // A provider without its client id or secret is a problem already (config.ts), and openid-client
  // refuses to build its client before asking anything.
  const complete = providers.filter((p) => p.clientId && p.clientSecret);
  const answers = await Promise.all(
    complete.map((p) =>
      Promise.resolve()
        .then(() => providerConfiguration(p))
        .then(
          () => null,
          (err: unknown) => discoveryFailure(err),
        ),
    ),
  );
  complete.forEach((p, i) => {
    const failure = answers[i];
    const where = `OIDC_${p.name.toUpperCase()}_ISSUER: ${p.issuer}`;
    if (!failure) result.usable.push(p);
    else if (failure.answered) result.problems.push(`${where}: ${failure.what}`);
    else {
      result.usable.push(p);
      result.warnings.push(
        `${where} did not answer (${failure.what}); sign-in with ${p.label} tries again when someone signs in.`,
      );
    }
  });
  return result;
}

/** What went wrong, and whether the provider answered (a wrong answer) or not (a network failure). */
export function discoveryFailure(err: unknown): { answered: boolean; what: string } {
  const e = err as { code?: string; cause?: unknown; name?: string; message?: string };
  const status = e.cause instanceof Response ? e.cause.status : undefined;
  if (status !== undefined && status >= 500) return { answered: false, what: `HTTP ${status}` };
  if (e.code === "OAUTH_JSON_ATTRIBUTE_COMPARISON_FAILED")
    return { answered: true, what: "its discovery document names a different issuer (check the address exactly)" };
  if (status !== undefined && e.code === "OAUTH_RESPONSE_IS_NOT_CONFORM")
    return {
      answered: true,
      what: `no discovery document there (HTTP ${status} for /.well-known/openid-configuration)`,
    };
  if (e.code === "OAUTH_RESPONSE_IS_NOT_JSON" || e.code === "OAUTH_PARSE_ERROR" || e.code === "OAUTH_INVALID_RESPONSE")
    return { answered: true, what: "the answer to /.well-known/openid-configuration is not a discovery document" };
  if (e.name === "TimeoutError" || e.name === "AbortError") return { answered: false, what: "timed out" };
  const cause = e.cause as { code?: string; message?: string } | undefined;
  if (e.message === "fetch failed" || cause?.code)
    return { answered: false, what: cause?.code ?? cause?.message ?? "no connection" };
  return { answered: true, what: e.message ?? String(err) };
}
