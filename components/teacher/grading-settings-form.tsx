"use client";

import { useActionState, useState } from "react";
import { useTranslations } from "@/components/use-translations";
import { saveGradingAction } from "@/app/level/[levelCode]/update/grading-actions";
import { ActionOutcome } from "@/components/error-banner";
import { useGradeNumbers } from "@/components/grade-numbers";
import { keepFieldsSubmit } from "@/components/keep-fields-submit";
import { PrimaryButton } from "@/components/teacher/form-controls";
import type { ActionResult } from "@/lib/action-result";
import { decimalHundredths } from "@/lib/domain/scores";
import type { GradingFormView } from "@/lib/gradebook/settings";

// The grading settings form: the server checks everything again (weights total 100 %, drop
// counts, late policy) and answers in the calculator's words; the running total of weights here
// only saves a round trip.

const idle: ActionResult = { ok: true };
type FormState = [ActionResult, (data: FormData) => void, boolean];
const input = "w-24 rounded-lg border border-line bg-surface px-2 py-1.5 text-sm tabular-nums";

export function GradingSettingsForm({ levelCode, view }: { levelCode: string; view: GradingFormView }) {
  const form = useActionState(saveGradingAction, idle);
  // A new form after each save (from the saved settings); kept as typed after a refusal.
  return <SettingsForm form={form} key={JSON.stringify(view.settings)} levelCode={levelCode} view={view} />;
}

function SettingsForm({ levelCode, view, form }: { levelCode: string; view: GradingFormView; form: FormState }) {
  const [state, action, pending] = form;
  const t = useTranslations("grades");
  const { number, percent } = useGradeNumbers();
  const current = new Map(view.settings.categories.map((c) => [c.id, c]));
  const [mode, setMode] = useState(view.settings.mode);
  const [weights, setWeights] = useState<Record<number, string>>(() =>
    Object.fromEntries(
      view.categories.map((c) => [c.id, current.get(c.id)?.weight ? number(current.get(c.id)!.weight / 100) : ""]),
    ),
  );
  const [late, setLate] = useState(view.settings.latePolicy !== null);
  // In hundredths of a percent, like the server: 33.33 + 33.33 + 33.34 is exactly 100.
  const total = Object.values(weights).reduce((s, w) => {
    const h = decimalHundredths(w);
    return s + (typeof h === "number" ? h : 0);
  }, 0);
  return (
    <form className="mt-6 max-w-3xl space-y-6" onSubmit={keepFieldsSubmit(action)}>
      <input type="hidden" name="levelCode" value={levelCode} />
      <ActionOutcome state={state} />
      <fieldset className="space-y-2">
        <legend className="font-semibold">{t("form.how")}</legend>
        <label className="flex items-start gap-2">
          <input
            type="radio"
            name="mode"
            value="points"
            checked={mode === "points"}
            onChange={() => setMode("points")}
            className="mt-1 h-4 w-4"
          />
          <span>
            <span className="font-medium">{t("form.points")}</span>
            <span className="block text-sm text-ink-muted">{t("form.pointsHelp")}</span>
          </span>
        </label>
        <label className="flex items-start gap-2">
          <input
            type="radio"
            name="mode"
            value="weighted"
            checked={mode === "weighted"}
            onChange={() => setMode("weighted")}
            className="mt-1 h-4 w-4"
          />
          <span>
            <span className="font-medium">{t("form.weighted")}</span>
            <span className="block text-sm text-ink-muted">{t("form.weightedHelp")}</span>
          </span>
        </label>
      </fieldset>
      <div className="relative overflow-x-auto">
        <table className="w-full text-sm">
          <caption className="mb-2 text-start font-semibold">{t("form.categories")}</caption>
          <thead>
            <tr className="[&_th]:text-start">
              <th scope="col" className="pb-1 pe-3 font-medium">
                {t("form.category")}
              </th>
              <th scope="col" className="pb-1 pe-3 font-medium">
                {t("form.weight")}
              </th>
              <th scope="col" className="pb-1 pe-3 font-medium">
                {t("form.drop")}
              </th>
              <th scope="col" className="pb-1 font-medium">
                {t("form.assignments")}
              </th>
            </tr>
          </thead>
          <tbody>
            {view.categories.map((c) => (
              <tr key={c.id}>
                <th scope="row" className="py-1 pe-3 text-start font-normal" data-user-text>
                  {c.name}
                </th>
                <td className="py-1 pe-3">
                  <input
                    className={input}
                    name={`weight.${c.id}`}
                    inputMode="decimal"
                    aria-label={t("form.weightOf", { name: c.name })}
                    disabled={mode !== "weighted"}
                    value={weights[c.id] ?? ""}
                    onChange={(e) => setWeights((w) => ({ ...w, [c.id]: e.target.value }))}
                  />
                </td>
                <td className="py-1 pe-3">
                  <input
                    className={input}
                    name={`drop.${c.id}`}
                    inputMode="numeric"
                    aria-label={t("form.dropOf", { name: c.name })}
                    defaultValue={current.get(c.id)?.dropLowest || ""}
                  />
                </td>
                <td className="py-1 tabular-nums">{c.assignments}</td>
              </tr>
            ))}
          </tbody>
          {mode === "weighted" && (
            <tfoot>
              <tr>
                <th scope="row" className="pt-2 pe-3 text-start font-medium">
                  {t("form.total")}
                </th>
                <td
                  className={`pt-2 font-medium tabular-nums ${total === 10000 ? "" : "text-red-700 dark:text-red-300"}`}
                  aria-live="polite"
                >
                  {percent(total / 100)}
                </td>
              </tr>
            </tfoot>
          )}
        </table>
      </div>
      <fieldset className="space-y-2">
        <legend className="font-semibold">{t("form.late")}</legend>
        <label className="flex items-center gap-2">
          <input
            type="checkbox"
            name="late"
            checked={late}
            onChange={(e) => setLate(e.target.checked)}
            className="h-4 w-4"
          />
          {t("form.lateOn")}
        </label>
        {late && (
          <div className="flex flex-wrap gap-4 pl-6">
            <label className="text-sm">
              <span className="block font-medium">{t("form.perDay")}</span>
              <input
                className={input}
                name="latePerDay"
                inputMode="numeric"
                required
                defaultValue={view.settings.latePolicy?.perDayPercent ?? 10}
              />
            </label>
            <label className="text-sm">
              <span className="block font-medium">{t("form.floor")}</span>
              <input
                className={input}
                name="lateFloor"
                inputMode="numeric"
                required
                defaultValue={view.settings.latePolicy?.floorPercent ?? 50}
              />
            </label>
          </div>
        )}
      </fieldset>
      <PrimaryButton type="submit" disabled={pending}>
        {pending ? t("shared.saving") : t("form.save")}
      </PrimaryButton>
    </form>
  );
}
