import { describe, expect, it } from "vitest";
import { codeRolesPhrase, parseSignInCodes } from "./sign-in-codes";

describe("SIGNIN_CODES", () => {
  it("reads all, off and a list of roles", () => {
    expect([...parseSignInCodes(undefined)!].sort()).toEqual(["admin", "instructor", "parent", "student"]);
    expect(parseSignInCodes("off")!.size).toBe(0);
    expect([...parseSignInCodes("students, parents")!].sort()).toEqual(["parent", "student"]);
    expect(parseSignInCodes("students,staff")).toBeNull();
  });
  it("says who still uses codes, for the dialog", () => {
    expect(codeRolesPhrase(parseSignInCodes("students,parents")!)).toBe("Students and parents");
    expect(codeRolesPhrase(parseSignInCodes("all")!)).toBeNull();
  });
});
