import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Markdown } from "./markdown";

describe("Markdown (assignment descriptions)", () => {
  it("renders formatting", () => {
    const html = renderToStaticMarkup(
      <Markdown source={"**bold** and [a link](https://example.org)\n\n- one\n- two"} />,
    );
    expect(html).toContain("<strong>bold</strong>");
    expect(html).toContain('href="https://example.org"');
    expect(html).toContain('rel="noopener noreferrer nofollow"');
    expect(html).toContain("<li>one</li>");
  });
  it("renders script tags, event handlers and javascript: links inert", () => {
    const hostile = [
      "<script>alert(1)</script>",
      '<img src=x onerror="alert(2)">',
      "[click](javascript:alert(3))",
      '<a href="javascript:alert(4)">x</a>',
      "[data](data:text/html;base64,PHNjcmlwdD5hbGVydCg1KTwvc2NyaXB0Pg==)",
      "![img](javascript:alert(6))",
    ].join("\n\n");
    const html = renderToStaticMarkup(<Markdown source={hostile} />);
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/<img[^>]*onerror/i);
    expect(html).not.toMatch(/href="javascript:/i);
    expect(html).not.toMatch(/src="javascript:/i);
    expect(html).not.toMatch(/href="data:/i);
    // The text is still there, escaped, so nothing silently disappears.
    expect(html).toContain("click"); // the link text survives, only the target is dropped
  });
});
