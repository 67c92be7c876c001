import { describe, expect, it } from "vitest";
import { ACCESS_CODE_ENTROPY_BITS, generateAccessCode } from "./codes";

describe("generated access codes", () => {
  it("have at least 40 bits of entropy and a readable shape", () => {
    expect(ACCESS_CODE_ENTROPY_BITS).toBeGreaterThanOrEqual(40);
    expect(generateAccessCode()).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
  });
  it("avoid look-alike characters and do not repeat", () => {
    const codes = Array.from({ length: 2000 }, generateAccessCode);
    expect(new Set(codes).size).toBe(codes.length);
    expect(codes.join("")).not.toMatch(/[01ilo]/);
  });
  it("use every symbol about equally often", () => {
    const counts = new Map<string, number>();
    for (let i = 0; i < 3000; i++)
      for (const ch of generateAccessCode().replace("-", "")) counts.set(ch, (counts.get(ch) ?? 0) + 1);
    expect(counts.size).toBe(31);
    const expected = 30000 / 31;
    for (const n of counts.values()) expect(Math.abs(n - expected) / expected).toBeLessThan(0.2);
  });
});
