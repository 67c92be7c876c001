// A rubric as a table (issue 44): its criteria down the side, each criterion's levels with their
// points, and, given a grade's selections, the level chosen marked in words and by its frame (never
// by colour alone) with the criterion's comment. No hooks: rendered by server components (the class
// page, the grading screens) in the reader's language (`locale`), numbers with `numberLocale`'s
// decimal mark (GRADE_DECIMALS, as every grade number).
import type { RubricBody, RubricSelections } from "@/lib/domain/rubric-types";
import { chosenLevel, hundredthsText } from "@/lib/domain/rubrics";
import { localizeDecimal } from "@/lib/domain/format";
import type { AnyLocale } from "@/lib/i18n/locales";
import { translatorFor } from "@/lib/i18n/translator";

export function RubricView({
  rubric,
  selections,
  stale = false,
  score,
  locale,
  numberLocale = "en",
}: {
  rubric: RubricBody;
  /** A grade's scoring: its chosen levels are marked and its comments shown. */
  selections?: RubricSelections | null;
  /** The rubric changed since the scoring (decision 033): said above the table. */
  stale?: boolean;
  /** The grade's score and the rubric's total, in hundredths: "Rubric 14.5, score 15" when they differ. */
  score?: { scoreHundredths: number; rubricHundredths: number } | null;
  locale: AnyLocale;
  numberLocale?: string;
}) {
  const t = translatorFor(locale, "rubrics");
  const points = (h: number) => t("view.points", { points: localizeDecimal(hundredthsText(h), numberLocale) });
  return (
    <div className="space-y-2" data-testid="rubric-view">
      {stale && (
        <p className="rounded-lg border border-amber-400 bg-amber-50 px-3 py-1.5 text-sm font-medium text-amber-900 dark:bg-amber-900 dark:text-amber-50">
          {t("view.stale")}
        </p>
      )}
      {score && score.scoreHundredths !== score.rubricHundredths && (
        <p className="text-sm font-medium">
          {t("view.scoreLine", {
            rubric: localizeDecimal(hundredthsText(score.rubricHundredths), numberLocale),
            score: localizeDecimal(hundredthsText(score.scoreHundredths), numberLocale),
          })}
        </p>
      )}
      <div className="overflow-x-auto">
        <table className="w-full border-collapse text-left text-sm">
          <caption className="mb-1 text-left font-semibold">{t("view.caption", { title: rubric.title })}</caption>
          <thead>
            <tr className="border-b border-line">
              <th scope="col" className="w-1/3 py-1.5 pr-3 font-medium">
                {t("view.criterion")}
              </th>
              <th scope="col" className="py-1.5 font-medium">
                {t("view.levels")}
              </th>
            </tr>
          </thead>
          <tbody>
            {rubric.criteria.map((c) => {
              const chosen = chosenLevel(c, selections);
              const comment = selections && Object.hasOwn(selections, c.id) ? selections[c.id]!.comment : undefined;
              return (
                <tr key={c.id} className="border-b border-line align-top">
                  <th scope="row" className="py-2 pr-3 font-medium">
                    <span data-user-text>{c.title}</span>
                    {c.description && (
                      <span className="mt-0.5 block text-xs font-normal text-ink-muted" data-user-text>
                        {c.description}
                      </span>
                    )}
                  </th>
                  <td className="py-2">
                    <ul className="flex flex-wrap gap-1.5">
                      {c.levels.map((l) => {
                        const isChosen = chosen?.id === l.id;
                        return (
                          <li
                            key={l.id}
                            className={`rounded-md px-2 py-1 ${isChosen ? "border-2 border-brand-700 font-semibold dark:border-brand-100" : "border border-line text-ink-muted"}`}
                          >
                            {isChosen && <span aria-hidden>✓ </span>}
                            <span data-user-text>{l.label}</span> <span>({points(l.points)})</span>
                            {isChosen && <span className="sr-only"> — {t("view.chosen")}</span>}
                          </li>
                        );
                      })}
                    </ul>
                    {comment && <p className="mt-1.5 whitespace-pre-line text-sm">{t("view.comment", { comment })}</p>}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </div>
  );
}
