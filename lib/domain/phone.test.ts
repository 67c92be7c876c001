import { describe, expect, it } from "vitest";
import { msg } from "@/lib/i18n/message";
import { render } from "@/lib/i18n/render";
import { phoneDigits, validateParentPhone } from "./phone";

describe("parent phone search input", () => {
  it("keeps digits only", () => {
    expect(phoneDigits("(555) 123-4567")).toBe("5551234567");
    expect(phoneDigits("+1 555.123.4567 ext")).toBe("15551234567");
  });
  it("asks for a number when empty", () => {
    expect(validateParentPhone("   ")).toEqual({ ok: false, problem: "enterPhone" });
    expect(render(msg("parent.enterPhone"), "en")).toBe("Please enter a phone number");
  });
  it("needs at least 7 digits", () => {
    expect(validateParentPhone("555-12-3")).toEqual({ ok: false, problem: "phoneInvalid" });
    expect(validateParentPhone("abc-defg")).toEqual({ ok: false, problem: "phoneInvalid" });
    expect(render(msg("parent.phoneInvalid"), "en")).toBe("Please enter a valid phone number (at least 7 digits)");
    expect(validateParentPhone("555-1234")).toEqual({ ok: true, digits: "5551234" });
  });
});
