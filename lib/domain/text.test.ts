import { describe, expect, it } from "vitest";
import { ellipsize } from "./text";

describe("ellipsize", () => {
  it("keeps text that fits and cuts the rest to exactly max characters, ending in an ellipsis", () => {
    expect(ellipsize("Quiz 3", 6)).toBe("Quiz 3");
    expect(ellipsize("Quiz 3 retake", 6)).toBe("Quiz …");
    expect(ellipsize("x".repeat(700), 600)).toHaveLength(600);
  });
});
