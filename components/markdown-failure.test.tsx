import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";

// A text within the limits that the parser still fails on (a parser bug, or a limit that missed a
// construct) must not fail the page, nor be parsed again on every view.
const parse = vi.hoisted(() =>
  vi.fn((_props: { children: string }): never => {
    throw new RangeError("Maximum call stack size exceeded");
  }),
);
vi.mock("react-markdown", () => ({ default: parse }));

const { cachedMarkdown } = await import("./markdown-cache");

describe("a parse failure", () => {
  it("shows the text as plain text, is logged once and is not retried per view", () => {
    (globalThis as { __allowConsoleError?: boolean }).__allowConsoleError = true;
    const errors = vi.spyOn(console, "error");
    const source = "Read **chapter 3** before Friday.";
    const first = cachedMarkdown(source);
    const html = renderToStaticMarkup(<>{first}</>);
    expect(html).toContain('data-markdown="plain"');
    expect(html).toContain("Read **chapter 3** before Friday.");
    for (let view = 0; view < 5; view++) expect(cachedMarkdown(source)).toBe(first);
    expect(parse).toHaveBeenCalledTimes(1);
    expect(errors).toHaveBeenCalledTimes(1);
  });
});
