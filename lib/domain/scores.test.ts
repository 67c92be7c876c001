import { describe, expect, it } from "vitest";
import { decimal, msg } from "@/lib/i18n/message";
import { render } from "@/lib/i18n/render";
import { parseScore } from "./scores";

describe("parseScore", () => {
  it("ignores blank and non-numeric entries", () => {
    for (const raw of [
      "",
      "   ",
      "abc",
      "1e3",
      "NaN",
      "Infinity",
      "-",
      ",",
      ".",
      "1,5,0",
      "1.5.0",
      "1,5.0",
      undefined,
      null,
    ]) {
      expect(parseScore(raw, 10), String(raw)).toEqual({ kind: "blank" });
    }
  });
  it("refuses scores outside 0…max with the spec's message", () => {
    for (const raw of ["-0.01", "-0,01", "10.01", "10,01", "11", "99999999999999999999"])
      expect(parseScore(raw, 10), raw).toEqual({
        kind: "invalid",
        reason: "range",
        message: msg("gradesServer.actions.scoreRange", { max: decimal(10) }),
      });
  });
  it("writes the maximum in the reader's digits when the refusal is shown (issue 40)", () => {
    const refused = parseScore("13", 12.5);
    expect(refused.kind === "invalid" && render(refused.message, "en")).toBe(
      "Please enter a valid score between 0 and 12.5",
    );
    expect(refused.kind === "invalid" && render(refused.message, "es")).toBe(
      "Por favor, escriba una puntuación válida entre 0 y 12,5",
    );
  });
  it("accepts the bounds", () => {
    expect(parseScore("0", 10)).toEqual({ kind: "ok", value: 0 });
    expect(parseScore("10", 10)).toEqual({ kind: "ok", value: 10 });
    expect(parseScore("10.00", 10)).toEqual({ kind: "ok", value: 10 });
    expect(parseScore(" 7.25 ", 10)).toEqual({ kind: "ok", value: 7.25 });
    expect(parseScore(".5", 10)).toEqual({ kind: "ok", value: 0.5 });
    expect(parseScore("5.", 10)).toEqual({ kind: "ok", value: 5 });
    expect(parseScore(7.5, 10)).toEqual({ kind: "ok", value: 7.5 });
  });
  // Issue 39 item 14: a comma is a decimal mark as much as a point. A thousands separator is never
  // valid in a score (it is followed by three digits), so one or two digits after either mark are
  // decimals in every language, and three or more are refused instead of guessed at.
  it("reads a decimal comma exactly like a decimal point", () => {
    expect(parseScore("17,5", 20)).toEqual({ kind: "ok", value: 17.5 });
    expect(parseScore("17.5", 20)).toEqual({ kind: "ok", value: 17.5 });
    expect(parseScore("8,95", 10)).toEqual({ kind: "ok", value: 8.95 });
    expect(parseScore(",25", 10)).toEqual({ kind: "ok", value: 0.25 });
    expect(parseScore("0,01", 10)).toEqual({ kind: "ok", value: 0.01 });
  });
  it("keeps every 0.01 step exact (no binary float at a rounding boundary)", () => {
    for (let h = 0; h <= 2000; h++) {
      const text = `${Math.floor(h / 100)},${String(h % 100).padStart(2, "0")}`;
      const parsed = parseScore(text, 20);
      expect(parsed.kind === "ok" && Math.round(parsed.value * 100), text).toBe(h);
    }
  });
  it("refuses more than two decimals, which a thousands separator would look like", () => {
    for (const raw of ["1.000", "1,000", "7.255", "7,255", "0,001", "17,500"])
      expect(parseScore(raw, 2000), raw).toEqual({
        kind: "invalid",
        reason: "decimals",
        message: msg("gradesServer.actions.scoreDecimals"),
      });
  });
});
