"use client";

// The assignment form's "Rubric" (issue 44): none, one chosen from the bank, or one built here.
// Whichever it is travels in three fields (rubricMode, rubricId, rubric as JSON) and is copied into
// the assignment by the server, which attaches it only when its highest total equals the max score
// (decision 033): the form says so beforehand and offers the rubric's total as the max score.
import { RadioGroup } from "radix-ui";
import { useId, useState } from "react";
import { useGradeNumbers } from "@/components/grade-numbers";
import { useTranslations } from "@/components/use-translations";
import type { RubricBody } from "@/lib/domain/rubric-types";
import { hundredthsText, rubricMaxHundredths } from "@/lib/domain/rubrics";
import {
  bodyOfDraft,
  draftMaxHundredths,
  draftOfRubric,
  emptyDraft,
  RubricEditor,
  type RubricDraft,
} from "./rubric-editor";

/** A rubric of the bank as the form lists it (lib/gradebook/rubric-bank's BankRubric). */
export interface BankOption {
  id: number;
  title: string;
  shared: boolean;
  body: RubricBody;
  maxHundredths: number;
}

type Mode = "none" | "bank" | "custom";

export function AssignmentRubricField({
  bank,
  rubric,
  rubricId,
  graded,
  maxScore,
  onUseTotal,
}: {
  bank: BankOption[];
  /** The assignment's own copy (editing), or null. */
  rubric: RubricBody | null;
  rubricId: number | null;
  /** The assignment has grades: a changed rubric keeps their scores (said under the editor). */
  graded: boolean;
  /** The max score as typed. */
  maxScore: string;
  onUseTotal: (total: number) => void;
}) {
  const t = useTranslations("rubrics");
  const { number } = useGradeNumbers();
  const base = useId();
  const [mode, setMode] = useState<Mode>(rubric ? "custom" : "none");
  const [bankId, setBankId] = useState("");
  const [draft, setDraft] = useState<RubricDraft>(() => (rubric ? draftOfRubric(rubric) : emptyDraft()));
  const chosen = bank.find((b) => String(b.id) === bankId);
  const total =
    mode === "bank"
      ? chosen
        ? rubricMaxHundredths(chosen.body)
        : null
      : mode === "custom"
        ? draftMaxHundredths(draft)
        : null;
  const max = /^\d+$/.test(maxScore.trim()) ? Number(maxScore) * 100 : null;
  const modes: Mode[] = ["none", "bank", "custom"];
  const label: Record<Mode, string> = { none: t("form.none"), bank: t("form.fromBank"), custom: t("form.buildHere") };
  return (
    <fieldset className="space-y-3 rounded-lg border border-line p-3" data-testid="assignment-rubric">
      <legend id={`${base}-legend`} className="px-1 text-sm font-medium">
        {t("form.legend")}
      </legend>
      <input type="hidden" name="rubricMode" value={mode} />
      {mode === "bank" && <input type="hidden" name="rubricId" value={bankId} />}
      {mode === "custom" && (
        <>
          <input type="hidden" name="rubricId" value={rubricId ?? ""} />
          <input type="hidden" name="rubric" value={JSON.stringify(bodyOfDraft(draft))} />
        </>
      )}
      <RadioGroup.Root
        aria-labelledby={`${base}-legend`}
        value={mode}
        onValueChange={(v) => setMode(v as Mode)}
        className="flex flex-wrap gap-x-4 gap-y-2"
      >
        {modes.map((m) => (
          <div key={m} className="flex items-center gap-2">
            <RadioGroup.Item
              id={`${base}-${m}`}
              value={m}
              className="flex size-5 items-center justify-center rounded-full border-2 border-ink-muted focus-visible:outline-2 focus-visible:outline-brand-600 data-[state=checked]:border-brand-700"
            >
              <RadioGroup.Indicator className="size-2.5 rounded-full bg-brand-700" />
            </RadioGroup.Item>
            <label htmlFor={`${base}-${m}`} className="text-sm">
              {label[m]}
            </label>
          </div>
        ))}
      </RadioGroup.Root>
      {mode === "bank" &&
        (bank.length === 0 ? (
          <p className="text-sm text-ink-muted">{t("form.bankEmpty")}</p>
        ) : (
          <div>
            <label htmlFor={`${base}-bank-choice`} className="block text-sm font-medium">
              {t("form.bankChoice")}
            </label>
            <select
              id={`${base}-bank-choice`}
              className="mt-1 w-full rounded-lg border border-line bg-surface px-3 py-2"
              value={bankId}
              onChange={(e) => setBankId(e.target.value)}
            >
              <option value="">{t("form.choose")}</option>
              {[
                { key: "school", label: t("form.schoolGroup"), list: bank.filter((b) => b.shared) },
                { key: "own", label: t("form.ownGroup"), list: bank.filter((b) => !b.shared) },
              ]
                .filter((g) => g.list.length > 0)
                .map((g) => (
                  <optgroup key={g.key} label={g.label}>
                    {g.list.map((b) => (
                      <option key={b.id} value={b.id}>
                        {t("form.totalOption", { title: b.title, total: number(hundredthsText(b.maxHundredths)) })}
                      </option>
                    ))}
                  </optgroup>
                ))}
            </select>
          </div>
        ))}
      {mode === "custom" && (
        <>
          <RubricEditor idPrefix={`${base}-editor`} value={draft} onChange={setDraft} />
          {graded && <p className="text-xs text-ink-muted">{t("form.changedAfterGrades")}</p>}
        </>
      )}
      {total !== null && (
        <div className="text-sm" aria-live="polite">
          {total === max ? (
            <p>{t("form.maxMatches", { total: number(hundredthsText(total)) })}</p>
          ) : (
            <div className="space-y-1.5 rounded-lg border border-amber-400 bg-amber-50 px-3 py-2 text-amber-900 dark:bg-amber-900 dark:text-amber-50">
              <p>{t("form.maxDiffers", { total: number(hundredthsText(total)) })}</p>
              {total % 100 === 0 && total > 0 ? (
                <button
                  type="button"
                  className="rounded-lg border border-current px-2.5 py-1 font-medium"
                  onClick={() => onUseTotal(total / 100)}
                >
                  {t("form.useTotal", { total: total / 100 })}
                </button>
              ) : (
                <p>{t("form.totalNotWhole")}</p>
              )}
            </div>
          )}
        </div>
      )}
    </fieldset>
  );
}
