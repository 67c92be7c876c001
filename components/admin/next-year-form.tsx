"use client";

import { useActionState } from "react";
import { startNextYearAction } from "@/app/admin/year-actions";
import { ActionOutcome } from "@/components/error-banner";
import { keepFieldsSubmit } from "@/components/keep-fields-submit";
import { Field, PrimaryButton, TextInput } from "@/components/teacher/form-controls";
import { useTranslations } from "@/components/use-translations";
import type { ActionResult } from "@/lib/action-result";
import { TERM_TITLE_MAX } from "@/lib/domain/terms";

// The next school year in one step (issue 41, lib/years/next.ts): the last year's dates and terms
// a year later, editable, saved together. A term row left blank is not saved.

export interface NextYearView {
  fromId: number;
  fromTitle: string;
  title: string;
  startDate: string;
  endDate: string;
  terms: { title: string; startDate: string; endDate: string }[];
}

const idle: ActionResult = { ok: true };
const cell = "w-full rounded-lg border border-line bg-surface px-2 py-1.5 text-sm";

export function NextYearForm({ next }: { next: NextYearView }) {
  const t = useTranslations("years.admin");
  const [state, action, pending] = useActionState(startNextYearAction, idle);
  // One blank row for a term the new year adds.
  const rows = [...next.terms, { title: "", startDate: "", endDate: "" }];
  return (
    <section aria-labelledby="next-year" className="space-y-3">
      <h2 id="next-year" className="text-lg font-semibold">
        {t("nextHeading", { year: next.fromTitle })}
      </h2>
      <p className="max-w-prose text-sm text-ink-muted">{t("nextHelp")}</p>
      <ActionOutcome state={state} />
      {/* A new form once the year it starts from changes (after a save); the answer stays above. */}
      <form
        key={`${next.fromId}:${next.title}:${next.startDate}`}
        className="max-w-3xl space-y-3"
        onSubmit={keepFieldsSubmit(action)}
      >
        <input type="hidden" name="fromId" value={next.fromId} />
        <div className="grid gap-3 sm:grid-cols-3">
          <Field label={t("title")} htmlFor="next-year-title">
            <TextInput id="next-year-title" name="title" required maxLength={100} defaultValue={next.title} />
          </Field>
          <Field label={t("firstDay")} htmlFor="next-year-start">
            <TextInput id="next-year-start" name="startDate" type="date" required defaultValue={next.startDate} />
          </Field>
          <Field label={t("lastDay")} htmlFor="next-year-end">
            <TextInput id="next-year-end" name="endDate" type="date" required defaultValue={next.endDate} />
          </Field>
        </div>
        {next.terms.length === 0 && <p className="text-sm text-ink-muted">{t("noTerms", { year: next.fromTitle })}</p>}
        <div className="relative overflow-x-auto">
          <table className="w-full text-sm">
            <caption className="pb-1 text-start font-medium">{t("nextTerms")}</caption>
            <thead>
              <tr className="[&_th]:text-start">
                <th scope="col" className="pe-2 pb-1 font-medium">
                  {t("title")}
                </th>
                <th scope="col" className="pe-2 pb-1 font-medium">
                  {t("firstDay")}
                </th>
                <th scope="col" className="pb-1 font-medium">
                  {t("lastDay")}
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((term, i) => (
                <tr key={i}>
                  <td className="py-1 pe-2">
                    <input
                      className={`${cell} min-w-32`}
                      name={`title.${i}`}
                      defaultValue={term.title}
                      maxLength={TERM_TITLE_MAX}
                      aria-label={t("termName", { n: i + 1 })}
                    />
                  </td>
                  <td className="py-1 pe-2">
                    <input
                      className={cell}
                      type="date"
                      name={`start.${i}`}
                      defaultValue={term.startDate}
                      aria-label={t("termFirst", { n: i + 1 })}
                    />
                  </td>
                  <td className="py-1">
                    <input
                      className={cell}
                      type="date"
                      name={`end.${i}`}
                      defaultValue={term.endDate}
                      aria-label={t("termLast", { n: i + 1 })}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <PrimaryButton type="submit" disabled={pending}>
          {pending ? t("saving") : t("nextSave")}
        </PrimaryButton>
      </form>
    </section>
  );
}
