import { describe, expect, it } from "vitest";
import { fillFirstName, firstName, toTemplate } from "./comments";

describe("comment templates", () => {
  it("fill in the first name", () => {
    expect(fillFirstName("{first name} worked hard; well done, {First Name}!", "Maya Patel")).toBe(
      "Maya worked hard; well done, Maya!",
    );
    expect(firstName("  Zoë   Ångström ")).toBe("Zoë");
  });
  it("turn a written comment back into a template, whole words only", () => {
    expect(toTemplate("Maya worked hard. Mayan history suits Maya.", "Maya Patel")).toBe(
      "{first name} worked hard. Mayan history suits {first name}.",
    );
    expect(toTemplate("Zoë improved", "Zoë Ångström")).toBe("{first name} improved");
    expect(toTemplate("A (great) term", "A. (Al) Smith")).toBe("A (great) term");
  });
});
