import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Markdown } from "./markdown";
import { cachedMarkdown } from "./markdown-cache";

// Texts stored before the nesting limit existed (or written around the form) reached the parser on
// every student view: "- - - … x" held the process for over a minute, then overflowed the stack.
// They now render, at once, as their plain text. (Timing is the benchmark's business: these only
// check that the render returns, correctly, without parsing.)
const HOSTILE = {
  "nested list items": "- ".repeat(9999) + "x",
  "nested block quotes": "> ".repeat(9999),
  "nested items with tabs": "-\t".repeat(9999) + "x",
  "nested ordered items": "1. ".repeat(6666) + "x",
  "deep emphasis": "*a _b ".repeat(1500) + "c" + "_ d* e".repeat(1500),
  "nested images": "![".repeat(3000) + "a" + "](b)".repeat(3000),
  "setext headings": "a\n=\n".repeat(5000),
};

describe("Markdown with hostile nesting", () => {
  for (const [name, source] of Object.entries(HOSTILE)) {
    it(`renders ${name} as plain text`, () => {
      const html = renderToStaticMarkup(<Markdown source={source} />);
      expect(html).toContain('data-markdown="plain"');
      expect(html).not.toMatch(/<(ul|ol|li|blockquote|em|img|h1)\b/);
      // Every character is there, escaped.
      const text = html.replace(/^<div[^>]*><p[^>]*>/, "").replace(/<\/p><\/div>$/, "");
      expect(text.replace(/&gt;/g, ">").replace(/&lt;/g, "<").replace(/&amp;/g, "&")).toBe(source);
    });
  }
  it("keeps rendering ordinary markdown", () => {
    const html = renderToStaticMarkup(<Markdown source={"- one\n  - two\n\n> quoted **bold**"} />);
    expect(html).not.toContain("data-markdown");
    expect(html).toContain("<li>two</li>");
    expect(html).toContain("<strong>bold</strong>");
  });
  it("escapes markup in the plain-text fallback", () => {
    const source = "- ".repeat(30) + '<script>alert(1)</script> <img src=x onerror="alert(2)">';
    const html = renderToStaticMarkup(<Markdown source={source} />);
    expect(html).toContain('data-markdown="plain"');
    expect(html).not.toMatch(/<script|<img/i);
    expect(html).toContain("&lt;script&gt;");
  });
  it("caches the plain-text render like any other", () => {
    const source = HOSTILE["nested list items"];
    const first = cachedMarkdown(source);
    expect(cachedMarkdown(source)).toBe(first);
    expect(renderToStaticMarkup(<>{first}</>)).toContain('data-markdown="plain"');
  });
});
