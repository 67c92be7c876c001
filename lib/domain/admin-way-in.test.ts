import { describe, expect, it } from "vitest";
import { adminCouldSignIn, type AdminSignInFacts } from "./admin-way-in";

const google = { name: "google", domains: ["lincoln.school"] };
const classlink = { name: "classlink", domains: [], rosterClaim: "sourcedId" };
const admin = (facts: Partial<AdminSignInFacts>): AdminSignInFacts => ({
  email: null,
  usersWithEmail: 0,
  sourcedId: null,
  linkedProviders: [],
  ...facts,
});

describe("adminCouldSignIn (issue 39: codes off for admins)", () => {
  it("counts a link with a provider in use", () => {
    expect(adminCouldSignIn(admin({ linkedProviders: ["google"] }), [google])).toBe(true);
  });
  it("counts the first admin of a fresh install, who links by her school e-mail on first sign-in", () => {
    expect(adminCouldSignIn(admin({ email: "Dana.Lee@Lincoln.School", usersWithEmail: 1 }), [google])).toBe(true);
  });
  it("counts a roster id where the provider links by it", () => {
    expect(adminCouldSignIn(admin({ sourcedId: "t-42" }), [classlink])).toBe(true);
    expect(adminCouldSignIn(admin({ sourcedId: "t-42" }), [google])).toBe(false);
  });
  it("does not count an admin with no e-mail, one outside the domains, or one another user shares", () => {
    expect(adminCouldSignIn(admin({}), [google])).toBe(false);
    expect(adminCouldSignIn(admin({ email: "dana@gmail.com", usersWithEmail: 1 }), [google])).toBe(false);
    expect(adminCouldSignIn(admin({ email: "dana@lincoln.school", usersWithEmail: 2 }), [google])).toBe(false);
  });
  it("does not count a link with a provider no longer in use: it refuses every other provider", () => {
    expect(
      adminCouldSignIn(admin({ email: "dana@lincoln.school", usersWithEmail: 1, linkedProviders: ["old"] }), [google]),
    ).toBe(false);
  });
  it("counts nothing when no provider can be used", () => {
    expect(adminCouldSignIn(admin({ linkedProviders: ["google"] }), [])).toBe(false);
  });
});
