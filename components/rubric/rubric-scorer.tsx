"use client";

// Scoring one student's work with a rubric (issue 44): one radio group per criterion (Radix), each
// level with its label and points, an optional comment per criterion, and the running total (the
// exact sum in hundredths, lib/domain/rubrics). Controlled: the grading screen keeps the value and
// sends it to scoreRubric.
import { RadioGroup } from "radix-ui";
import { useId } from "react";
import { useGradeNumbers } from "@/components/grade-numbers";
import { useTranslations } from "@/components/use-translations";
import type { RubricBody, RubricSelections } from "@/lib/domain/rubric-types";
import { RUBRIC_LIMITS, hundredthsText, rubricMaxHundredths, rubricScoreHundredths } from "@/lib/domain/rubrics";

export function RubricScorer({
  rubric,
  value,
  onChange,
  disabled = false,
}: {
  rubric: RubricBody;
  value: RubricSelections;
  onChange: (v: RubricSelections) => void;
  disabled?: boolean;
}) {
  const t = useTranslations("rubrics");
  const { number } = useGradeNumbers();
  const base = useId();
  const total = rubricScoreHundredths(rubric, value);
  const max = rubricMaxHundredths(rubric);
  const points = (h: number) => t("scorer.points", { points: number(hundredthsText(h)) });
  const set = (criterionId: string, patch: { level?: string; comment?: string }) => {
    const old = Object.hasOwn(value, criterionId) ? value[criterionId] : undefined;
    const level = patch.level ?? old?.level;
    if (level === undefined) return; // a comment waits for a level
    const comment = patch.comment ?? old?.comment;
    onChange({ ...value, [criterionId]: comment ? { level, comment } : { level } });
  };
  return (
    <div className="space-y-4" data-testid="rubric-scorer">
      {rubric.criteria.map((c, i) => {
        const chosen = Object.hasOwn(value, c.id) ? value[c.id] : undefined;
        const titleId = `${base}-c${i}`;
        return (
          <fieldset key={c.id} className="rounded-lg border border-line p-3">
            <legend id={titleId} className="px-1 text-sm font-semibold" data-user-text>
              {c.title}
            </legend>
            {c.description && (
              <p className="mb-2 text-xs text-ink-muted" data-user-text>
                {c.description}
              </p>
            )}
            <RadioGroup.Root
              aria-labelledby={titleId}
              value={chosen?.level ?? ""}
              onValueChange={(level) => set(c.id, { level })}
              disabled={disabled}
              className="grid gap-1.5 sm:grid-cols-2"
            >
              {c.levels.map((l, j) => {
                const id = `${base}-c${i}-l${j}`;
                return (
                  <div key={l.id} className="flex items-center gap-2 rounded-md border border-line px-2 py-1.5">
                    <RadioGroup.Item
                      id={id}
                      value={l.id}
                      className="flex size-5 shrink-0 items-center justify-center rounded-full border-2 border-ink-muted focus-visible:outline-2 focus-visible:outline-brand-600 data-[state=checked]:border-brand-700 disabled:opacity-60"
                    >
                      <RadioGroup.Indicator className="size-2.5 rounded-full bg-brand-700" />
                    </RadioGroup.Item>
                    <label htmlFor={id} className="flex min-w-0 flex-1 flex-wrap justify-between gap-x-2 text-sm">
                      <span data-user-text>{l.label}</span>
                      <span className="text-ink-muted">{points(l.points)}</span>
                    </label>
                  </div>
                );
              })}
            </RadioGroup.Root>
            <label htmlFor={`${base}-comment-${i}`} className="mt-2 block text-xs font-medium">
              {t("scorer.comment")}
            </label>
            <textarea
              id={`${base}-comment-${i}`}
              data-user-text
              rows={2}
              maxLength={RUBRIC_LIMITS.comment}
              disabled={disabled || !chosen}
              value={chosen?.comment ?? ""}
              onChange={(e) => set(c.id, { comment: e.target.value })}
              className="mt-1 w-full rounded-lg border border-line bg-surface px-3 py-1.5 text-sm disabled:opacity-60"
            />
          </fieldset>
        );
      })}
      <p className="text-sm font-semibold" aria-live="polite">
        {total === null
          ? t("scorer.incomplete")
          : t("scorer.total", { total: number(hundredthsText(total)), max: number(hundredthsText(max)) })}
      </p>
    </div>
  );
}
