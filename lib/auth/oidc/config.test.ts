import { describe, expect, it } from "vitest";
import { parseOidcProviders, signInConfigurationProblems } from "./config";

const base = { PORTAL_URL: "https://portal.school.org" };

describe("OIDC providers from the environment", () => {
  it("reads a Google and a Microsoft preset and a generic provider", () => {
    const r = parseOidcProviders({
      ...base,
      OIDC_PROVIDERS: "google, microsoft,district",
      OIDC_GOOGLE_CLIENT_ID: "g-id",
      OIDC_GOOGLE_CLIENT_SECRET: "g-secret",
      OIDC_GOOGLE_DOMAINS: "Lincoln.School",
      OIDC_MICROSOFT_CLIENT_ID: "m-id",
      OIDC_MICROSOFT_CLIENT_SECRET: "m-secret",
      OIDC_MICROSOFT_TENANT_ID: "0b5e3f0c-9d1a-4c53-8f5e-2a6b7c8d9e0f",
      OIDC_DISTRICT_ISSUER: "https://sso.district.org/realms/schools/",
      OIDC_DISTRICT_CLIENT_ID: "d-id",
      OIDC_DISTRICT_CLIENT_SECRET: "d-secret",
      OIDC_DISTRICT_LABEL: "District SSO",
    });
    expect(r).toMatchObject({
      ok: true,
      providers: [
        {
          name: "google",
          kind: "google",
          label: "Google",
          issuer: "https://accounts.google.com",
          domains: ["lincoln.school"],
        },
        {
          name: "microsoft",
          kind: "microsoft",
          label: "Microsoft",
          issuer: "https://login.microsoftonline.com/0b5e3f0c-9d1a-4c53-8f5e-2a6b7c8d9e0f/v2.0",
        },
        { name: "district", kind: "oidc", label: "District SSO", issuer: "https://sso.district.org/realms/schools" },
      ],
    });
  });

  it("names every problem, one line each", () => {
    const r = parseOidcProviders({
      OIDC_PROVIDERS: "google,microsoft,keycloak,Bad-Name",
      OIDC_MICROSOFT_CLIENT_ID: "m",
      OIDC_MICROSOFT_CLIENT_SECRET: "s",
      OIDC_KEYCLOAK_ISSUER: "http://sso.example.org",
      OIDC_KEYCLOAK_CLIENT_ID: "k",
      OIDC_KEYCLOAK_CLIENT_SECRET: "s",
    });
    expect(r.ok).toBe(false);
    const problems = r.ok ? [] : r.problems;
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^OIDC_PROVIDERS: PORTAL_URL must be set/),
        expect.stringMatching(/^OIDC_GOOGLE_CLIENT_ID: required/),
        expect.stringMatching(/^OIDC_GOOGLE_DOMAINS: required for Google/),
        expect.stringMatching(/^OIDC_MICROSOFT_TENANT_ID: the Microsoft Entra tenant id/),
        expect.stringMatching(/^OIDC_KEYCLOAK_ISSUER: must be the provider's https:\/\/ issuer/),
        expect.stringMatching(/"bad-name": each name is lower-case/),
      ]),
    );
  });

  it("accepts plain http only on the machine itself (the test provider)", () => {
    const r = parseOidcProviders({
      ...base,
      OIDC_PROVIDERS: "test",
      OIDC_TEST_ISSUER: "http://127.0.0.1:4000",
      OIDC_TEST_CLIENT_ID: "c",
      OIDC_TEST_CLIENT_SECRET: "s",
    });
    expect(r.ok).toBe(true);
  });

  it("lets a roster claim link admins only when the school says on, and only beside a claim", () => {
    const district = {
      ...base,
      OIDC_PROVIDERS: "district",
      OIDC_DISTRICT_ISSUER: "https://sso.district.org",
      OIDC_DISTRICT_CLIENT_ID: "c",
      OIDC_DISTRICT_CLIENT_SECRET: "s",
      OIDC_DISTRICT_ROSTER_CLAIM: "sourcedId",
    };
    expect(parseOidcProviders(district)).toMatchObject({ ok: true, providers: [{ rosterClaimAdmins: false }] });
    expect(parseOidcProviders({ ...district, OIDC_DISTRICT_ROSTER_CLAIM_ADMINS: "on" })).toMatchObject({
      ok: true,
      providers: [{ rosterClaimAdmins: true }],
    });
    expect(parseOidcProviders({ ...district, OIDC_DISTRICT_ROSTER_CLAIM_ADMINS: "yes" })).toMatchObject({
      ok: false,
      problems: ["OIDC_DISTRICT_ROSTER_CLAIM_ADMINS: must be on or off"],
    });
    expect(
      parseOidcProviders({ ...district, OIDC_DISTRICT_ROSTER_CLAIM: "", OIDC_DISTRICT_ROSTER_CLAIM_ADMINS: "on" }),
    ).toMatchObject({
      ok: false,
      problems: ["OIDC_DISTRICT_ROSTER_CLAIM_ADMINS: needs OIDC_DISTRICT_ROSTER_CLAIM (the claim it lets link admins)"],
    });
  });

  it("refuses to turn codes off when no provider is configured", () => {
    expect(signInConfigurationProblems({ ...base, OIDC_PROVIDERS: "" }, new Set(["student", "parent"]))).toEqual({
      providers: [],
      problems: ["SIGNIN_CODES: turning access codes off needs a school account provider (OIDC_PROVIDERS)"],
    });
    expect(
      signInConfigurationProblems(
        { ...base, OIDC_PROVIDERS: "" },
        new Set(["student", "parent", "instructor", "admin"]),
      ),
    ).toEqual({ providers: [], problems: [] });
  });
});
