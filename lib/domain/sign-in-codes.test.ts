import { describe, expect, it } from "vitest";
import { codeRolesPhrase, parseSignInCodes, signInDialog } from "./sign-in-codes";

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

describe("the sign-in dialog shows only what applies", () => {
  it("no school account: the code field, as before", () => {
    expect(signInDialog(0, parseSignInCodes("all")!)).toEqual({
      codes: true,
      description: "Enter the access code your school gave you.",
    });
  });
  it("codes off for staff: the field stays, and says who it is for", () => {
    expect(signInDialog(1, parseSignInCodes("students,parents")!)).toEqual({
      codes: true,
      description:
        "Staff sign in with their school account. Students and parents: enter the access code your school gave you.",
    });
  });
  it("codes off for everyone: only the school-account buttons", () => {
    expect(signInDialog(2, parseSignInCodes("off")!)).toEqual({
      codes: false,
      description: "Sign in with your school account.",
    });
  });
});
