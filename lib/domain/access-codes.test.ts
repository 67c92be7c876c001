import { describe, expect, it } from "vitest";
import { isWeakAccessCode } from "./access-codes";

describe("access-code strength", () => {
  it("calls the review's hand-set codes and the demo's short ones weak, generated ones strong", () => {
    for (const weak of ["7", "2718", "teach-chen", "stu-01", "parent-kim", "a-b-c-d-e-f-g-h-i"])
      expect(isWeakAccessCode(weak)).toBe(true);
    for (const strong of ["k7m2p-x9q4r", "abcdefghij", "gen-stu-00001"]) expect(isWeakAccessCode(strong)).toBe(false);
  });
});
