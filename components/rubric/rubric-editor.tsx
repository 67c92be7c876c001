"use client";

// Building a rubric (issue 44): a title, then criteria (1–10) each with levels (2–6) from best to
// worst, each level a label and points to 0.01. Controlled with a draft whose points are the text
// typed ("2,5" while typing is fine); bodyOfDraft() turns it into the RubricBody the server checks
// again (lib/domain/rubrics parseRubric). A stacked layout: a criterion's levels wrap at 375 px.
import { useGradeNumbers } from "@/components/grade-numbers";
import { useTranslations } from "@/components/use-translations";
import type { RubricBody } from "@/lib/domain/rubric-types";
import { RUBRIC_LIMITS as L, hundredthsText, newRubricId, pointsHundredths } from "@/lib/domain/rubrics";

export interface RubricDraft {
  title: string;
  criteria: {
    id: string;
    title: string;
    description: string;
    levels: { id: string; label: string; points: string }[];
  }[];
}

export function draftOfRubric(body: RubricBody): RubricDraft {
  return {
    title: body.title,
    criteria: body.criteria.map((c) => ({
      ...c,
      levels: c.levels.map((l) => ({ ...l, points: hundredthsText(l.points) })),
    })),
  };
}

const newLevel = (points: string) => ({ id: newRubricId("l"), label: "", points });
const newCriterion = () => ({
  id: newRubricId("c"),
  title: "",
  description: "",
  levels: [newLevel(""), newLevel("0")],
});

export const emptyDraft = (): RubricDraft => ({ title: "", criteria: [newCriterion()] });

/**
 * The body the server checks: points read exactly as hundredths; a points field that is not a
 * 0.01-step number from 0 to 1000 is sent as -1, which the server refuses with the points message.
 */
export function bodyOfDraft(d: RubricDraft): RubricBody {
  return {
    title: d.title,
    criteria: d.criteria.map((c) => ({
      ...c,
      levels: c.levels.map((l) => ({ id: l.id, label: l.label, points: pointsHundredths(l.points) ?? -1 })),
    })),
  };
}

/** The highest total of a draft in hundredths, or null while a points field is not a number. */
export function draftMaxHundredths(d: RubricDraft): number | null {
  let sum = 0;
  for (const c of d.criteria) {
    const pts = c.levels.map((l) => pointsHundredths(l.points));
    if (pts.some((p) => p === null)) return null;
    sum += Math.max(...(pts as number[]));
  }
  return sum;
}

const input = "w-full rounded-lg border border-line bg-surface px-3 py-2 text-sm";
const smallButton =
  "rounded-lg border border-line px-2.5 py-1 text-sm font-medium hover:bg-surface-muted disabled:opacity-50";

export function RubricEditor({
  value,
  onChange,
  idPrefix,
}: {
  value: RubricDraft;
  onChange: (v: RubricDraft) => void;
  /** Unique per editor on the page: the fields' ids. */
  idPrefix: string;
}) {
  const t = useTranslations("rubrics");
  const { number } = useGradeNumbers();
  const max = draftMaxHundredths(value);
  const setCriterion = (i: number, patch: Partial<RubricDraft["criteria"][number]>) =>
    onChange({ ...value, criteria: value.criteria.map((c, k) => (k === i ? { ...c, ...patch } : c)) });
  const setLevel = (i: number, j: number, patch: Partial<RubricDraft["criteria"][number]["levels"][number]>) =>
    setCriterion(i, { levels: value.criteria[i]!.levels.map((l, k) => (k === j ? { ...l, ...patch } : l)) });
  return (
    <div className="space-y-3" data-testid="rubric-editor">
      <div>
        <label htmlFor={`${idPrefix}-title`} className="block text-sm font-medium">
          {t("editor.title")}
        </label>
        <input
          id={`${idPrefix}-title`}
          data-user-text
          className={`${input} mt-1`}
          maxLength={L.title}
          value={value.title}
          onChange={(e) => onChange({ ...value, title: e.target.value })}
        />
      </div>
      <p className="text-xs text-ink-muted">{t("editor.levelsHint")}</p>
      <ol className="space-y-3">
        {value.criteria.map((c, i) => {
          const n = i + 1;
          const cid = `${idPrefix}-c${i}`;
          return (
            <li key={c.id}>
              <fieldset className="space-y-2 rounded-lg border border-line p-3">
                <legend className="px-1 text-sm font-semibold">{t("editor.criterion", { number: n })}</legend>
                <div className="grid gap-2 sm:grid-cols-2">
                  <div>
                    <label htmlFor={`${cid}-title`} className="block text-xs font-medium">
                      {t("editor.criterionTitle")}
                    </label>
                    <input
                      id={`${cid}-title`}
                      data-user-text
                      className={`${input} mt-1`}
                      maxLength={L.label}
                      value={c.title}
                      onChange={(e) => setCriterion(i, { title: e.target.value })}
                    />
                  </div>
                  <div>
                    <label htmlFor={`${cid}-description`} className="block text-xs font-medium">
                      {t("editor.description")}
                    </label>
                    <input
                      id={`${cid}-description`}
                      data-user-text
                      className={`${input} mt-1`}
                      maxLength={L.description}
                      value={c.description}
                      onChange={(e) => setCriterion(i, { description: e.target.value })}
                    />
                  </div>
                </div>
                <ol className="space-y-2">
                  {c.levels.map((l, j) => {
                    const lid = `${cid}-l${j}`;
                    const bad = l.points.trim() !== "" && pointsHundredths(l.points) === null;
                    return (
                      <li key={l.id} className="flex flex-wrap items-end gap-2">
                        <span className="sr-only">{t("editor.level", { number: j + 1 })}</span>
                        <div className="min-w-0 flex-1">
                          <label htmlFor={`${lid}-label`} className="block text-xs font-medium">
                            {t("editor.levelLabel")}
                          </label>
                          <input
                            id={`${lid}-label`}
                            data-user-text
                            className={`${input} mt-1`}
                            maxLength={L.label}
                            value={l.label}
                            onChange={(e) => setLevel(i, j, { label: e.target.value })}
                          />
                        </div>
                        <div className="w-20 shrink-0">
                          <label htmlFor={`${lid}-points`} className="block text-xs font-medium">
                            {t("editor.levelPoints")}
                          </label>
                          <input
                            id={`${lid}-points`}
                            inputMode="decimal"
                            aria-invalid={bad || undefined}
                            className={`${input} mt-1 ${bad ? "border-red-600" : ""}`}
                            maxLength={8}
                            value={l.points}
                            onChange={(e) => setLevel(i, j, { points: e.target.value })}
                          />
                        </div>
                        <button
                          type="button"
                          className={smallButton}
                          disabled={c.levels.length <= L.levels.min}
                          aria-label={t("editor.removeLevel", { number: j + 1 })}
                          onClick={() => setCriterion(i, { levels: c.levels.filter((_, k) => k !== j) })}
                        >
                          ×
                        </button>
                      </li>
                    );
                  })}
                </ol>
                <div className="flex flex-wrap gap-2">
                  <button
                    type="button"
                    className={smallButton}
                    disabled={c.levels.length >= L.levels.max}
                    onClick={() => setCriterion(i, { levels: [...c.levels, newLevel("0")] })}
                  >
                    {t("editor.addLevel")}
                  </button>
                  <button
                    type="button"
                    className={smallButton}
                    disabled={value.criteria.length <= L.criteria.min}
                    onClick={() => onChange({ ...value, criteria: value.criteria.filter((_, k) => k !== i) })}
                  >
                    {t("editor.removeCriterion", { number: n })}
                  </button>
                </div>
              </fieldset>
            </li>
          );
        })}
      </ol>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <button
          type="button"
          className={smallButton}
          disabled={value.criteria.length >= L.criteria.max}
          onClick={() => onChange({ ...value, criteria: [...value.criteria, newCriterion()] })}
        >
          {t("editor.addCriterion")}
        </button>
        {max !== null && (
          <p className="text-sm font-medium" aria-live="polite">
            {t("editor.highestTotal", { total: number(hundredthsText(max)) })}
          </p>
        )}
      </div>
    </div>
  );
}
