import { describe, expect, it } from "vitest";
import { roundedMean, studentStatus } from "./summary";

describe("student status (teacher dashboard)", () => {
  it.each([
    [80, 80, "Excellent"],
    [100, 79, "Good"],
    [79, 100, "Good"],
    [60, 60, "Good"],
    [59, 100, "Needs Attention"],
    [100, 59, "Needs Attention"],
    [0, 0, "Needs Attention"],
    // Issue 27: nothing graded or no attendance taken is not 0 %: only the known figure counts.
    [null, 90, "Excellent"],
    [null, 59, "Needs Attention"],
    [70, null, "Good"],
    [null, null, null],
  ])("grade %s, attendance %s → %s", (g, a, s) => {
    expect(studentStatus(g, a)).toBe(s);
  });
  it("averages", () => {
    expect(roundedMean([])).toBe(0);
    expect(roundedMean([80, 85])).toBe(83);
    expect(roundedMean([89, 90])).toBe(90);
    expect(roundedMean([89.5, 89.5, 89.5])).toBe(90);
  });
});
