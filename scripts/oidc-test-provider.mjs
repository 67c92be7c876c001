// A real OpenID provider for the tests (issue 32): panva's oidc-provider on a free loopback port,
// with the test accounts below. Used by the e2e server (in its process) and by the integration
// tests (as a child process: `node scripts/oidc-test-provider.mjs <redirect-uri>...` prints its
// issuer on the first line). Log in on its page with an account name and any password.
import crypto from "node:crypto";
import http from "node:http";
import Provider from "oidc-provider";

/** Test accounts: the login name is the account and its `sub`. */
export const TEST_ACCOUNTS = {
  // A teacher of the demo school (Elena Rivera), verified e-mail.
  elena: { email: "elena.rivera@demo.school", email_verified: true, name: "Elena Rivera" },
  david: { email: "DAVID.CHEN@demo.school", email_verified: true, name: "David Chen" },
  // In the school's domain, but no portal user has this address.
  stranger: { email: "nobody@demo.school", email_verified: true, name: "No Body" },
  // Ava Johnson, a demo student, whose e-mail the provider has not verified.
  ava: { email: "ava.johnson@students.demo.school", email_verified: false, name: "Ava Johnson" },
  // A demo parent's real address, outside the school's domains.
  ken: { email: "ken.kim@example.com", email_verified: true, name: "Ken Kim" },
  // No e-mail at all; the provider carries the person's roster sourcedId (as ClassLink does).
  maya: { name: "Maya Patel", sourcedId: "roster-maya-patel" },
  // Noah Kim, a demo student: the admin's e2e test removes and blocks his link (e2e/oidc-links.spec.ts).
  noah: { email: "noah.kim@students.demo.school", email_verified: true, name: "Noah Kim" },
  // Look-alikes (issue 39): Liam Okafor's address with U+212A KELVIN SIGN for the k, verified by the
  // provider; and his plain address, for when the portal's stored copy is the one with the look-alike.
  liamk: { email: "liam.o\u212Aafor@students.demo.school", email_verified: true, name: "Liam Okafor" },
  liam: { email: "liam.okafor@students.demo.school", email_verified: true, name: "Liam Okafor" },
  // Roster-claim abuse (issue 39): the admin's sourcedId on an account whose e-mail is unverified and
  // not the school's; on a verified address outside the district's domains; beside David's verified
  // address (two people at once); and alone, on an account with no e-mail.
  mallory: { email: "mallory@evil.example", email_verified: false, name: "Mallory", sourcedId: "roster-alex-morgan" },
  outsider: { email: "maya@example.com", email_verified: true, name: "Maya P", sourcedId: "roster-maya-patel" },
  twofaced: {
    email: "david.chen@demo.school",
    email_verified: true,
    name: "David Chen",
    sourcedId: "roster-maya-patel",
  },
  alex: { name: "Alex Morgan", sourcedId: "roster-alex-morgan" },
};

export const TEST_CLIENT = { id: "portal", secret: "portal-test-secret-0123456789" };
export const OTHER_CLIENT = { id: "other-app", secret: "other-app-secret-0123456789" };

/**
 * Starts a provider; resolves with its issuer and a close(). `redirectUris` are the portal's
 * callback addresses; both clients (the portal and another application) may use them.
 */
export async function startTestProvider({ redirectUris, idTokenTtl = 600 }) {
  const server = http.createServer();
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const issuer = `http://127.0.0.1:${server.address().port}`;
  const { privateKey } = crypto.generateKeyPairSync("rsa", { modulusLength: 2048 });
  const client = (c) => ({
    client_id: c.id,
    client_secret: c.secret,
    redirect_uris: redirectUris,
    grant_types: ["authorization_code"],
    response_types: ["code"],
  });
  const provider = new Provider(issuer, {
    clients: [client(TEST_CLIENT), client(OTHER_CLIENT)],
    jwks: { keys: [{ ...privateKey.export({ format: "jwk" }), kid: "test-key", use: "sig", alg: "RS256" }] },
    cookies: { keys: [crypto.randomBytes(32).toString("hex")] },
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name", "sourcedId"] },
    // Like Google and Entra: the e-mail is in the ID token itself.
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    ttl: { IdToken: idTokenTtl, AccessToken: 600, Interaction: 600, Grant: 3600, Session: 3600 },
    features: { devInteractions: { enabled: true } },
    async findAccount(_ctx, id) {
      const account = TEST_ACCOUNTS[id];
      if (!account) return undefined;
      return { accountId: id, claims: async () => ({ sub: id, ...account }) };
    },
    // First-party: no consent screen (the grant is made on the first sign-in).
    async loadExistingGrant(ctx) {
      const grantId = ctx.oidc.result?.consent?.grantId || ctx.oidc.session.grantIdFor(ctx.oidc.client.clientId);
      if (grantId) return ctx.oidc.provider.Grant.find(grantId);
      const grant = new ctx.oidc.provider.Grant({
        clientId: ctx.oidc.client.clientId,
        accountId: ctx.oidc.session.accountId,
      });
      grant.addOIDCScope("openid email profile");
      await grant.save();
      return grant;
    },
  });
  server.on("request", provider.callback());
  return { issuer, close: () => new Promise((resolve) => server.close(resolve)) };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const ttl = Number(process.env.OIDC_TEST_ID_TOKEN_TTL ?? 600);
  const { issuer } = await startTestProvider({ redirectUris: process.argv.slice(2), idTokenTtl: ttl });
  process.stdout.write(`${issuer}\n`);
  process.on("SIGTERM", () => process.exit(0));
}
