import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { GradeNumberProvider } from "@/components/grade-numbers";
import { I18nProvider } from "@/components/i18n-provider";
import { clientMessages } from "@/lib/i18n/client";
import type { RubricBody } from "@/lib/domain/rubric-types";
import { bodyOfDraft, draftMaxHundredths, draftOfRubric, RubricEditor } from "./rubric-editor";
import { RubricScorer } from "./rubric-scorer";
import { RubricView } from "./rubric-view";

const ESSAY: RubricBody = {
  title: "Essay",
  criteria: [
    {
      id: "thesis",
      title: "Thesis",
      description: "A clear claim",
      levels: [
        { id: "strong", label: "Strong", points: 500 },
        { id: "fair", label: "Fair", points: 250 },
      ],
    },
    {
      id: "evidence",
      title: "Evidence",
      description: "",
      levels: [
        { id: "rich", label: "Rich", points: 1000 },
        { id: "some", label: "Some", points: 725 },
      ],
    },
  ],
};

function client(node: React.ReactNode, locale: "en" | "es" = "en"): string {
  return renderToStaticMarkup(
    <I18nProvider locale={locale} dir="ltr" timeZone="UTC" messages={clientMessages(locale, ["rubrics"])}>
      <GradeNumberProvider locale={locale}>{node}</GradeNumberProvider>
    </I18nProvider>,
  );
}

describe("RubricView", () => {
  it("is a table of criteria and levels, the chosen level said in words, with its comment", () => {
    const html = renderToStaticMarkup(
      <RubricView
        rubric={ESSAY}
        selections={{ thesis: { level: "fair", comment: "Say more" }, evidence: { level: "some" } }}
        locale="en"
      />,
    );
    expect(html).toContain("<caption");
    expect(html).toContain("Rubric: Essay");
    expect(html).toContain('scope="row"');
    expect(html).toContain("Fair</span> <span>(2.5 pts)");
    expect(html).toContain("Some</span> <span>(7.25 pts)");
    expect(html.match(/ — Chosen/g)).toHaveLength(2);
    expect(html).toContain("Comment: Say more");
    expect(html).not.toContain("re-score");
  });

  it("says a changed rubric and an override, in the reader's language and decimal mark", () => {
    const html = renderToStaticMarkup(
      <RubricView
        rubric={ESSAY}
        selections={{ thesis: { level: "gone" } }}
        stale
        score={{ scoreHundredths: 1500, rubricHundredths: 1450 }}
        locale="es"
        numberLocale="es"
      />,
    );
    expect(html).toContain("La rúbrica cambió: vuelve a calificar");
    expect(html).toContain("Rúbrica 14,5, nota 15");
    expect(html).toContain("(2,5 pts)");
    expect(html).not.toContain("Elegido");
  });
});

describe("RubricScorer", () => {
  it("has a labelled radio group per criterion, each level with its points, and the running total", () => {
    const html = client(
      <RubricScorer
        rubric={ESSAY}
        value={{ thesis: { level: "fair" }, evidence: { level: "some" } }}
        onChange={() => {}}
      />,
    );
    expect(html.match(/role="radiogroup"/g)).toHaveLength(2);
    expect(html.match(/role="radio"/g)).toHaveLength(4);
    expect(html.match(/aria-checked="true"/g)).toHaveLength(2);
    expect(html).toContain("<legend");
    expect(html).toContain("2.5 pts");
    expect(html).toContain("Total: 9.75 of 15 points");
  });

  it("asks for every criterion before it shows a total", () => {
    const html = client(
      <RubricScorer rubric={ESSAY} value={{ thesis: { level: "fair" } }} onChange={() => {}} />,
      "es",
    );
    expect(html).toContain("Elige un nivel para cada criterio para ver el total.");
  });
});

describe("RubricEditor", () => {
  it("labels every field and round-trips a rubric exactly", () => {
    const draft = draftOfRubric(ESSAY);
    expect(draft.criteria[1]!.levels[1]!.points).toBe("7.25");
    expect(bodyOfDraft(draft)).toEqual(ESSAY);
    expect(draftMaxHundredths(draft)).toBe(1500);
    const html = client(<RubricEditor idPrefix="e" value={draft} onChange={() => {}} />);
    const ids = [...html.matchAll(/<input[^>]*id="([^"]+)"/g)].map((m) => m[1]);
    for (const id of ids) expect(html).toContain(`for="${id}"`);
    expect(html).toContain("Highest total: 15 points");
  });

  it("sends points that are not a 0.01 step as -1, which the server refuses", () => {
    const draft = draftOfRubric(ESSAY);
    draft.criteria[0]!.levels[0]!.points = "2.555";
    expect(bodyOfDraft(draft).criteria[0]!.levels[0]!.points).toBe(-1);
    expect(draftMaxHundredths(draft)).toBeNull();
  });
});
