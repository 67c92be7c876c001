import { describe, expect, it } from "vitest";
import { parseScore } from "./scores";

describe("parseScore", () => {
  it("ignores blank and non-numeric entries", () => {
    for (const raw of ["", "   ", "abc", "1e3", "NaN", "Infinity", "-", "1,5", undefined, null]) {
      expect(parseScore(raw, 10)).toEqual({ kind: "blank" });
    }
  });
  it("refuses scores outside 0…max with the spec's message", () => {
    expect(parseScore("-0.01", 10)).toEqual({
      kind: "invalid",
      message: "Please enter a valid score between 0 and 10",
    });
    expect(parseScore("10.01", 10)).toEqual({
      kind: "invalid",
      message: "Please enter a valid score between 0 and 10",
    });
  });
  it("accepts the bounds and keeps two decimals", () => {
    expect(parseScore("0", 10)).toEqual({ kind: "ok", value: 0 });
    expect(parseScore("10", 10)).toEqual({ kind: "ok", value: 10 });
    expect(parseScore(" 7.255 ", 10)).toEqual({ kind: "ok", value: 7.26 });
    expect(parseScore(".5", 10)).toEqual({ kind: "ok", value: 0.5 });
  });
});
