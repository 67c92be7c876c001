import { describe, expect, it } from "vitest";
import { asciiLowerCase } from "./email-match";

describe("ASCII-only lower-casing of e-mail addresses", () => {
  it("lower-cases ASCII letters in the local part and the domain", () => {
    expect(asciiLowerCase("DAVID.Chen@Demo.SCHOOL")).toBe("david.chen@demo.school");
  });

  it("keeps every other character as it is: look-alikes stay different addresses", () => {
    // U+212A KELVIN SIGN, U+212B ANGSTROM SIGN, U+0130 DOTTED CAPITAL I: toLowerCase turns them into k, å, i̇.
    for (const address of ["liam.o\u212Aafor@demo.school", "\u212Bsa@demo.school", "\u0130nes@demo.school"])
      expect(asciiLowerCase(address)).not.toBe(address.toLowerCase());
    expect(asciiLowerCase("liam.o\u212Aafor@demo.school")).toBe("liam.o\u212Aafor@demo.school");
    // Composed and decomposed é are not normalised into each other; É is not lower-cased.
    expect(asciiLowerCase("jos\u00E9@demo.school")).not.toBe(asciiLowerCase("jose\u0301@demo.school"));
    expect(asciiLowerCase("JOS\u00C9@demo.school")).toBe("jos\u00C9@demo.school");
    // Nor is white space trimmed.
    expect(asciiLowerCase(" ava@demo.school\u3000")).toBe(" ava@demo.school\u3000");
  });
});
