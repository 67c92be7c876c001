import { describe, expect, it } from "vitest";
import { SESSION_LIFETIME_MS } from "@/lib/domain/constants";
import { sessionIsLive } from "./session";

const now = 1_800_000_000_000;

describe("sessionIsLive", () => {
  const current = { sessionVersion: 3 };
  it("accepts a fresh session with the current version", () => {
    expect(sessionIsLive({ uid: 1, ver: 3, iat: now - 1000 }, current, now)).toBe(true);
  });
  it("is absolute: 4 h after sign-in it is over, whatever happened since", () => {
    expect(sessionIsLive({ uid: 1, ver: 3, iat: now - SESSION_LIFETIME_MS + 1 }, current, now)).toBe(true);
    expect(sessionIsLive({ uid: 1, ver: 3, iat: now - SESSION_LIFETIME_MS }, current, now)).toBe(false);
  });
  it("refuses an older session version (logout or code change) and deleted users", () => {
    expect(sessionIsLive({ uid: 1, ver: 2, iat: now }, current, now)).toBe(false);
    expect(sessionIsLive({ uid: 1, ver: 3, iat: now }, undefined, now)).toBe(false);
  });
  it("refuses incomplete data and sign-in times in the future", () => {
    expect(sessionIsLive({ uid: 1, ver: 3 }, current, now)).toBe(false);
    expect(sessionIsLive({ ver: 3, iat: now }, current, now)).toBe(false);
    expect(sessionIsLive({ uid: 1, ver: 3, iat: now + 3_600_000 }, current, now)).toBe(false);
  });
});
