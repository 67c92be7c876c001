import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { I18nProvider } from "@/components/i18n-provider";
import { clientMessages } from "@/lib/i18n/client";
import { UpdateList, type UpdateView } from "./update-list";

/** As the root layout renders every page: inside the catalog's provider (English, the spec's words). */
function inEnglish(node: React.ReactNode): string {
  return renderToStaticMarkup(
    <I18nProvider locale="en" dir="ltr" timeZone="UTC" messages={clientMessages("en", ["classPage"])}>
      {node}
    </I18nProvider>,
  );
}

const response = (id: number) => ({
  id,
  title: `Reply ${id}`,
  content: "text",
  date: "Jan 1",
  authorName: "Ava Johnson",
});
const update = (over: Partial<UpdateView> = {}): UpdateView => ({
  id: 7,
  title: "Field trip",
  content: "Bring a lunch.",
  date: "Jan 1",
  responses: [5, 4, 3, 2, 1].map(response),
  responseCount: 45,
  ...over,
});

describe("UpdateList responses", () => {
  it("shows the newest few with the full count and a link to the rest", () => {
    const html = inEnglish(<UpdateList updates={[update()]} levelCode="BIO P2" studentId={null} />);
    expect(html).toContain("45 responses");
    expect(html.match(/Reply \d/g)).toHaveLength(5);
    expect(html).toContain('href="/level/BIO%20P2?tab=updates&amp;responses=7#update-7"');
    expect(html).toContain("Show all 45 responses");
    expect(html).not.toContain("Delete");
  });
  it("has no link when every response is shown", () => {
    const html = inEnglish(<UpdateList updates={[update({ responseCount: 5 })]} levelCode="BIO" studentId={null} />);
    expect(html).toContain("5 responses");
    expect(html).not.toContain("Show all");
  });
  it("pages one announcement's responses with Previous, Next and Show fewer", () => {
    const html = inEnglish(
      <UpdateList updates={[update({ responsePage: { page: 2, pageSize: 20 } })]} levelCode="BIO" studentId={null} />,
    );
    expect(html).toContain("Page 2 of 3 · 45 in all");
    expect(html).toContain('href="/level/BIO?tab=updates&amp;responses=7&amp;page=1#update-7"');
    expect(html).toContain('href="/level/BIO?tab=updates&amp;responses=7&amp;page=3#update-7"');
    expect(html).toContain("Show fewer responses");
  });
  it("gives the class's teacher a Delete button on each response", () => {
    const html = inEnglish(<UpdateList updates={[update()]} levelCode="BIO" studentId={null} moderate />);
    expect(html.match(/aria-label="Delete response: Ava Johnson: Reply \d"/g)).toHaveLength(5);
  });
});
