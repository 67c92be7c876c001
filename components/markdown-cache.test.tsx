import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Markdown } from "./markdown";
import { cachedMarkdown, markdownCacheSize } from "./markdown-cache";

describe("cachedMarkdown", () => {
  it("renders exactly what Markdown renders, sanitised, and reuses the tree for the same text", () => {
    const source = "**Lab report** due [here](https://example.org)\n\n<script>alert(1)</script>";
    const first = cachedMarkdown(source);
    expect(renderToStaticMarkup(<>{first}</>)).toBe(renderToStaticMarkup(<Markdown source={source} />));
    expect(renderToStaticMarkup(<>{first}</>)).not.toMatch(/<script/i);
    expect(cachedMarkdown(source)).toBe(first);
  });
  it("shows an edited description at once: the new text is a new entry", () => {
    const before = renderToStaticMarkup(<>{cachedMarkdown("Read chapter 1")}</>);
    const after = renderToStaticMarkup(<>{cachedMarkdown("Read chapter 2")}</>);
    expect(before).toContain("chapter 1");
    expect(after).toContain("chapter 2");
  });
  it("keeps at most 500 texts", () => {
    const oldest = cachedMarkdown("description 0");
    for (let i = 1; i < 600; i++) void cachedMarkdown(`description ${i}`);
    expect(markdownCacheSize()).toBe(500);
    // The least recently used went first (it is parsed again); the most recent stay.
    const recent = cachedMarkdown("description 599");
    expect(cachedMarkdown("description 599")).toBe(recent);
    expect(cachedMarkdown("description 0")).not.toBe(oldest);
  });
});
