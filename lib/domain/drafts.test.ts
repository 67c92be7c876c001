import { describe, expect, it } from "vitest";
import { isDraft } from "./drafts";

describe("isDraft", () => {
  it("is a draft only on an assignment posted on return, with a score the server did not read as returned", () => {
    expect(isDraft({ onReturn: true }, 7, "-")).toBe(true);
    expect(isDraft({ onReturn: true }, 0, undefined)).toBe(true);
    expect(isDraft({ onReturn: true }, 7, "r")).toBe(false);
    expect(isDraft({ onReturn: true }, null, "-")).toBe(false);
    expect(isDraft({ onReturn: false }, 7, "-")).toBe(false);
  });
});
