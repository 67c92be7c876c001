import { describe, expect, it } from "vitest";
import { assignmentState, descriptionPreview, matchesFilter } from "./assignments";

describe("assignment state", () => {
  const due = new Date("2026-03-02T23:59:00Z");
  it("is Submitted as soon as one submission exists, even late", () => {
    expect(assignmentState(due, 1, new Date("2026-03-10T00:00:00Z"))).toBe("Submitted");
  });
  it("is Pending up to the due instant and Overdue after it", () => {
    expect(assignmentState(due, 0, new Date("2026-03-02T23:58:59Z"))).toBe("Pending");
    expect(assignmentState(due, 0, new Date("2026-03-02T23:59:00Z"))).toBe("Pending");
    expect(assignmentState(due, 0, new Date("2026-03-02T23:59:00.001Z"))).toBe("Overdue");
  });
  it("is never Overdue without a due date", () => {
    expect(assignmentState(null, 0, new Date("2099-01-01"))).toBe("Pending");
  });
  it("filters Overdue with Pending", () => {
    expect(matchesFilter("Overdue", "pending")).toBe(true);
    expect(matchesFilter("Overdue", "submitted")).toBe(false);
    expect(matchesFilter("Submitted", "pending")).toBe(false);
    expect(matchesFilter("Pending", "all")).toBe(true);
  });
});

describe("description preview", () => {
  it("keeps short text whole, without '...'", () => {
    expect(descriptionPreview("Read chapter 2.")).toBe("Read chapter 2.");
  });
  it("cuts at exactly 100 characters and adds '...'", () => {
    const text = "x".repeat(100);
    expect(descriptionPreview(text)).toBe(text);
    expect(descriptionPreview(text + "y")).toBe(text + "...");
  });
  it("previews the text, not the markdown syntax", () => {
    expect(descriptionPreview("Complete **exercises 1–20** on [page 14](https://x.org).")).toBe(
      "Complete exercises 1–20 on page 14.",
    );
  });
  it("never splits an emoji", () => {
    const p = descriptionPreview("😀".repeat(120));
    expect(Array.from(p.slice(0, -3))).toHaveLength(100);
  });
});

describe("previews of hostile descriptions", () => {
  it("read only the start of a long source, so a preview stays cheap and still says there is more", () => {
    const hostile = "![".repeat(50_000);
    expect(descriptionPreview(hostile).endsWith("...")).toBe(true);
    expect(descriptionPreview("Intro. " + "x".repeat(5000))).toMatch(/^Intro\. x+\.\.\.$/);
  });
});
