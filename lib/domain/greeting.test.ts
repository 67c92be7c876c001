import { describe, expect, it } from "vitest";
import { firstName, formatCountdown, greeting, greetingForHour } from "./greeting";

describe("greeting", () => {
  it.each([
    [0, "Good Morning"],
    [11, "Good Morning"],
    [12, "Good Afternoon"],
    [16, "Good Afternoon"],
    [17, "Good Evening"],
    [23, "Good Evening"],
  ])("hour %i → %s", (hour, expected) => {
    expect(greetingForHour(hour)).toBe(expected);
  });

  it.each([
    ["2026-03-02T11:59:00Z", "Good Morning"],
    ["2026-03-02T12:00:00Z", "Good Afternoon"],
    ["2026-03-02T16:59:00Z", "Good Afternoon"],
    ["2026-03-02T17:00:00Z", "Good Evening"],
  ])("at %s UTC → %s", (iso, expected) => {
    expect(greeting(new Date(iso), "UTC")).toBe(expected);
  });

  it("uses the school's time zone, not UTC", () => {
    // 16:30 UTC is 11:30 in New York (EST, UTC-5).
    expect(greeting(new Date("2026-01-15T16:30:00Z"), "America/New_York")).toBe("Good Morning");
  });

  it("takes the first name", () => {
    expect(firstName("  Maria  del Carmen ")).toBe("Maria");
  });

  it("formats the countdown as mm:ss", () => {
    expect(formatCountdown(4 * 60 * 60 * 1000)).toBe("240:00");
    expect(formatCountdown(61_999)).toBe("01:01");
    expect(formatCountdown(-5)).toBe("00:00");
  });
});
