import { describe, expect, it } from "vitest";
import { MARKDOWN_MAX_DEPTH, MARKDOWN_RENDER_BUDGET } from "./constants";
import {
  canRenderMarkdown,
  markdownCost,
  markdownNestingDepth,
  measureMarkdown,
  tooDeeplyNestedMessage,
  withinNestingLimit,
} from "./markdown-depth";

const depth = markdownNestingDepth;

describe("markdownNestingDepth", () => {
  it("is 0 for prose, headings, code and emphasis", () => {
    expect(depth("")).toBe(0);
    expect(depth("Read chapter 2.\n\n# Heading\n\n**bold** and *em* and `- code`\n\n    - indented code")).toBe(1); // the indented line errs high
    expect(depth("Complete **exercises 1–20** on page 14.\n\nShow your working for each answer.")).toBe(0);
    expect(depth("-not a list\n*emphasis*\n1.5 is a number")).toBe(0);
  });
  it("counts a flat list as one level, whatever its length or numbering", () => {
    expect(depth("- what went well\n- what you will review")).toBe(1);
    expect(depth(Array.from({ length: 50 }, (_, i) => `${i + 1}. step`).join("\n"))).toBe(1);
    expect(depth(Array.from({ length: 50 }, (_, i) => `${i + 1}) step\n\n   details`).join("\n\n"))).toBe(1);
    expect(depth("* a\n+ b\n- c")).toBe(1);
  });
  it("counts lists nested by indentation, and leaves them when a line is less indented", () => {
    expect(depth("- a\n  - b\n    - c\n- d")).toBe(3);
    expect(depth("1. a\n   1. b\n      1. c")).toBe(3);
    expect(depth("- a\n\n  - b\n\n    - c")).toBe(3);
    expect(depth("- a\n  - b\n- c\n  - d")).toBe(2);
    expect(depth("- a\n\ntext\n\n- b")).toBe(1);
  });
  it("counts markers on one line: each one opens a level", () => {
    expect(depth("- - - x")).toBe(3);
    expect(depth("1. - 2) * x")).toBe(4);
    expect(depth("> > > quoted")).toBe(3);
    expect(depth(">>> quoted")).toBe(3);
    expect(depth("> - > - x")).toBe(4);
  });
  it("counts lists inside quotes and quotes inside lists", () => {
    expect(depth("> - a\n>   - b")).toBe(3);
    expect(depth("- a\n  > quoted\n  > - b")).toBe(3);
  });
  it("counts thematic breaks as nothing", () => {
    expect(depth("- - -")).toBe(0);
    expect(depth("* * * * * * * * * * * * * * * * * * * * * * * * *")).toBe(0);
    expect(depth("- * * *")).toBe(1);
    expect(depth("---\n___\n***")).toBe(0);
  });
  it("does not lose levels behind lazy continuation lines", () => {
    // "b" continues the innermost paragraph, so the next line is still inside all three items.
    expect(depth("- - - a\nb\n      - c")).toBe(4);
  });
  it("expands tabs and treats CR and CRLF as line ends", () => {
    expect(depth("-\ta\n\t-\tb")).toBe(2);
    expect(depth("- a\r\n  - b\r\n    - c")).toBe(3);
    expect(depth("- a\r  - b\r    - c")).toBe(3);
  });
  it("measures the hostile texts of the report in full", () => {
    expect(depth("- ".repeat(9999) + "x")).toBe(9999);
    expect(depth("> ".repeat(9999))).toBe(9999);
    expect(depth("-\t".repeat(9999) + "x")).toBe(9999);
    expect(depth("1. ".repeat(6666) + "x")).toBe(6666);
    // Deep by indentation, one level a line.
    expect(depth(Array.from({ length: 140 }, (_, i) => " ".repeat(2 * i) + "- x").join("\n"))).toBe(140);
  });
});

describe("withinNestingLimit", () => {
  it(`allows ${MARKDOWN_MAX_DEPTH} levels and refuses ${MARKDOWN_MAX_DEPTH + 1}`, () => {
    expect(withinNestingLimit("- ".repeat(MARKDOWN_MAX_DEPTH) + "x")).toBe(true);
    expect(withinNestingLimit("- ".repeat(MARKDOWN_MAX_DEPTH + 1) + "x")).toBe(false);
    expect(withinNestingLimit("> ".repeat(MARKDOWN_MAX_DEPTH + 1) + "x")).toBe(false);
  });
  it("says what is wrong and the limit", () => {
    expect(tooDeeplyNestedMessage("Content")).toBe("Content is nested too deeply (at most 20 levels).");
  });
});

describe("canRenderMarkdown", () => {
  it("renders ordinary descriptions, short or long", () => {
    expect(
      canRenderMarkdown(
        "Write a short reflection on Quiz 1:\n\n- what went well\n- what you will review\n\nAt least three sentences.",
      ),
    ).toBe(true);
    expect(canRenderMarkdown("Propose a topic. See the [project guide](https://example.org/guide) for ideas.")).toBe(
      true,
    );
    expect(canRenderMarkdown("word ".repeat(4000))).toBe(true); // 20,000 characters of prose
    const rich =
      "## Part 1\n\nRead **pages 10–14** and answer:\n\n1. What is *x*?\n2. See [notes](https://example.org/n).\n\n";
    expect(canRenderMarkdown(rich.repeat(10))).toBe(true);
  });
  it("shows as text what is too deep, or too much markup to parse quickly", () => {
    expect(canRenderMarkdown("- ".repeat(21) + "x")).toBe(false);
    expect(canRenderMarkdown("*_".repeat(1000))).toBe(false);
    expect(canRenderMarkdown("![".repeat(3000) + "a" + "](b)".repeat(3000))).toBe(false);
    expect(canRenderMarkdown("a\n=\n".repeat(5000))).toBe(false);
    expect(canRenderMarkdown("\n".repeat(5000))).toBe(false);
    expect(canRenderMarkdown("- a\n".repeat(1000))).toBe(false);
  });
  it("weighs lines, markers, the containers each line is in and markup characters", () => {
    const shape = measureMarkdown("- a\n  - *b*\n\ntext");
    expect(shape).toEqual({ depth: 2, lines: 4, markers: 2, containers: 1 + 2 + 0, marks: 2 });
    expect(markdownCost(shape)).toBe(4 + 2 * 2 + 3 + 2);
    expect(canRenderMarkdown("a\n".repeat(MARKDOWN_RENDER_BUDGET - 1) + "a")).toBe(true);
    expect(canRenderMarkdown("a\n".repeat(MARKDOWN_RENDER_BUDGET) + "a")).toBe(false);
  });
});
