import { describe, expect, it } from "vitest";
import { MIN_RESPONSE_LENGTH } from "./constants";
import { isCompleteSubmission, isLongEnoughResponse, responseLength } from "./response-length";

// The submit dialog's live count and the server's 10-character rule are this one function: the
// dialog said "13 characters" for "  123456789  " while the rule, which trims, refused it.
describe("responseLength", () => {
  it("counts what the rule counts: no spaces or line breaks at either end", () => {
    expect(responseLength("  123456789  ")).toBe(9);
    expect(responseLength("\n\t123456789\r\n")).toBe(9);
    expect(responseLength("   ")).toBe(0);
    expect(responseLength("")).toBe(0);
    expect(responseLength("a b")).toBe(3); // spaces inside count
  });
  it("counts a line break once, as typed (the browser sends it as CR LF)", () => {
    expect(responseLength("line one\nline two")).toBe(17);
    expect(responseLength("line one\r\nline two")).toBe(17);
  });
  it("counts a character outside the BMP once", () => {
    expect(responseLength("😀".repeat(9))).toBe(9);
    expect(responseLength("naïve café")).toBe(10);
  });
});

describe("isLongEnoughResponse", () => {
  it(`needs ${MIN_RESPONSE_LENGTH} characters once trimmed`, () => {
    expect(isLongEnoughResponse("  123456789  ")).toBe(false);
    expect(isLongEnoughResponse("1234567890")).toBe(true);
    expect(isLongEnoughResponse("  1234567890  ")).toBe(true);
    expect(isLongEnoughResponse("😀".repeat(9))).toBe(false);
    expect(isLongEnoughResponse("12345\r\n6789")).toBe(true); // 10 as typed: 5, a line break, 4
    expect(isLongEnoughResponse("12345\r\n678")).toBe(false);
  });
});

describe("isCompleteSubmission", () => {
  it(`needs ${MIN_RESPONSE_LENGTH} characters, or a file with any text or none (issue 39)`, () => {
    expect(isCompleteSubmission("", 0)).toBe(false);
    expect(isCompleteSubmission("123456789", 0)).toBe(false);
    expect(isCompleteSubmission("1234567890", 0)).toBe(true);
    expect(isCompleteSubmission("", 1)).toBe(true);
    expect(isCompleteSubmission("ok", 1)).toBe(true);
  });
});
