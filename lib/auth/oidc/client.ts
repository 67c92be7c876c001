import "server-only";
import * as oidc from "openid-client";
import type { OidcProvider } from "./config";

// One openid-client Configuration per provider, from its discovery document (which openid-client
// checks names the configured issuer). Kept while the process lives; a failed discovery is not
// kept, so the next sign-in tries again.
const configs = new Map<string, Promise<oidc.Configuration>>();

export function providerConfiguration(p: OidcProvider): Promise<oidc.Configuration> {
  let c = configs.get(p.name);
  if (!c) {
    const execute = [oidc.enableNonRepudiationChecks]; // the ID token's signature checked against the provider's JWKS
    // http is accepted by config.ts only on the machine itself (the test provider).
    if (p.issuer.startsWith("http:")) execute.push(oidc.allowInsecureRequests);
    c = oidc.discovery(
      new URL(p.issuer),
      p.clientId,
      { client_secret: p.clientSecret },
      oidc.ClientSecretPost(p.clientSecret),
      {
        execute,
        timeout: 10,
      },
    );
    configs.set(p.name, c);
    c.catch(() => configs.delete(p.name));
  }
  return c;
}

/** Tests that restart their providers forget the old discovery. */
export function forgetProviderConfigurations(): void {
  configs.clear();
}
