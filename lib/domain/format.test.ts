import { describe, expect, it } from "vitest";
import { formatDate, formatDay, formatLongDay, formatNumber, localizeDecimal } from "./format";

// Issue 31 item 4: dates and numbers per locale, in the school's zone.
describe("formatting per locale", () => {
  it("writes a long day in each language", () => {
    expect(formatLongDay("2026-11-26", "en")).toBe("Thursday, November 26, 2026");
    expect(formatLongDay("2026-11-26", "es")).toBe("jueves, 26 de noviembre de 2026");
  });
  it("keeps English in the US style the spec shows", () => {
    expect(formatDay("2026-11-26")).toBe("Thu, Nov 26, 2026");
    expect(formatDate(new Date("2026-11-26T03:00:00Z"), "America/Chicago")).toBe("Nov 25, 2026");
    expect(formatDate(new Date("2026-11-26T03:00:00Z"), "America/Chicago", "es")).toBe("25 nov 2026");
  });
  it("writes a decimal comma in Spanish and a point in English, never rounding", () => {
    expect(formatNumber(89.5, "en", 1)).toBe("89.5");
    expect(formatNumber(89.5, "es", 1)).toBe("89,5");
    expect(formatNumber(1234, "es")).toBe("1234");
    expect(formatNumber(85, "en")).toBe("85");
  });
  it("changes only the decimal mark of a calculated grade", () => {
    expect(localizeDecimal(89.5, "es")).toBe("89,5");
    expect(localizeDecimal("92.25", "es")).toBe("92,25");
    expect(localizeDecimal(89.5, "en")).toBe("89.5");
    expect(localizeDecimal(100, "es")).toBe("100");
  });
});
