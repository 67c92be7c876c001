"use client";

import { useActionState } from "react";
import { useTranslations } from "@/components/use-translations";
import { saveTermsAction, setTermPublishedAction } from "@/app/admin/term-actions";
import { ActionOutcome } from "@/components/error-banner";
import { keepFieldsSubmit } from "@/components/keep-fields-submit";
import { PrimaryButton } from "@/components/teacher/form-controls";
import type { ActionResult } from "@/lib/action-result";
import { MAX_TERMS, TERM_TITLE_MAX, type Term } from "@/lib/domain/terms";
import { PrintLanguageSelect } from "@/components/admin/print-language-select";

// /admin → Terms: the school year's grading periods as one table of inputs, saved together (the
// server checks names, dates and overlaps, lib/domain/terms). Terms from the roster import are
// listed, not editable: the SIS owns them.

const idle: ActionResult = { ok: true };
type FormState = [ActionResult, (data: FormData) => void, boolean];
const cell = "rounded-lg border border-line bg-surface px-2 py-1.5 text-sm w-full";

export interface PdfScopes {
  levels: string[];
  classes: { code: string; name: string }[];
}

export function TermsTab({
  yearId,
  terms,
  current,
  grading,
  published,
  scopes,
}: {
  /** The school year whose terms the form edits (issue 41); null: the school has no year. */
  yearId: number | null;
  terms: Term[];
  current: number | null;
  grading: Term[];
  published: Record<number, string>;
  scopes: PdfScopes;
}) {
  const form = useActionState(saveTermsAction, idle);
  // A new form after each save (the saved terms are its rows); kept as typed after a refusal.
  return (
    <>
      <TermsForm
        form={form}
        key={terms.map((t) => `${t.id}:${t.title}:${t.startDate}:${t.endDate}`).join("|")}
        terms={terms}
        current={current}
        yearId={yearId}
      />
      {grading.length > 0 && <Publishing terms={grading} published={published} scopes={scopes} />}
    </>
  );
}

/** Publishing each term's report cards (and unlocking a published term), one button each. */
function Publishing({
  terms,
  published,
  scopes,
}: {
  terms: Term[];
  published: Record<number, string>;
  scopes: PdfScopes;
}) {
  const [state, action, pending] = useActionState(setTermPublishedAction, idle);
  const t = useTranslations("adminTerms");
  return (
    <section aria-labelledby="publishing" className="mt-8 space-y-3">
      <h2 id="publishing" className="text-lg font-semibold">
        {t("reportCards")}
      </h2>
      <p className="max-w-prose text-sm text-muted">{t("publishingHelp")}</p>
      <ActionOutcome state={state} />
      <ul className="space-y-2 text-sm">
        {terms.map((term) => (
          <li key={term.id} className="flex flex-wrap items-center gap-3">
            <span className="min-w-48 font-medium" data-user-text>
              {term.title}
            </span>
            <span className="text-muted">
              {published[term.id] ? t("published", { date: published[term.id]! }) : t("notPublished")}
            </span>
            <form action={action}>
              <input type="hidden" name="termId" value={term.id} />
              <input type="hidden" name="publish" value={published[term.id] ? "off" : "on"} />
              <button
                type="submit"
                disabled={pending}
                className="rounded-lg border border-line px-3 py-1.5 font-medium hover:bg-surface-muted"
              >
                {published[term.id] ? t("unlock") : t("publish")}
                <span className="sr-only">{t("forTitle", { title: term.title })}</span>
              </button>
            </form>
            {published[term.id] && (
              <form method="get" action="/admin/report-cards" className="flex items-center gap-2">
                <input type="hidden" name="term" value={term.id} />
                <label className="sr-only" htmlFor={`pdf-scope-${term.id}`}>
                  {t("scopeLabel", { title: term.title })}
                </label>
                <select
                  id={`pdf-scope-${term.id}`}
                  name="scope"
                  defaultValue="school"
                  className="rounded-lg border border-line bg-surface px-2 py-1.5"
                >
                  <option value="school">{t("wholeSchool")}</option>
                  {scopes.levels.map((l) => (
                    <option key={l} value={`level:${l}`} data-user-text>
                      {l}
                    </option>
                  ))}
                  {scopes.classes.map((c) => (
                    <option key={c.code} value={`class:${c.code}`} data-user-text>
                      {c.name} ({c.code})
                    </option>
                  ))}
                </select>
                <label className="sr-only" htmlFor={`pdf-language-${term.id}`}>
                  {t("pdfLanguage")}
                </label>
                {/* Issue 31: each family's own language unless the admin prints all in one. */}
                <PrintLanguageSelect
                  id={`pdf-language-${term.id}`}
                  eachOwn={t("eachFamily")}
                  className="rounded-lg border border-line bg-surface px-2 py-1.5"
                />
                <button
                  type="submit"
                  className="rounded-lg border border-line px-3 py-1.5 font-medium hover:bg-surface-muted"
                >
                  {t("download")}
                  <span className="sr-only">{t("ofTitle", { title: term.title })}</span>
                </button>
              </form>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

function TermsForm({
  terms,
  current,
  form,
  yearId,
}: {
  terms: Term[];
  current: number | null;
  form: FormState;
  yearId: number | null;
}) {
  const [state, action, pending] = form;
  const tr = useTranslations("adminTerms");
  const own = terms.filter((t) => !t.imported);
  const imported = terms.filter((t) => t.imported);
  const blanks = Math.max(0, Math.min(4, MAX_TERMS - terms.length));
  const rows: (Term | null)[] = [
    ...own,
    ...Array.from({ length: own.length === 0 ? Math.max(blanks, 2) : blanks }, () => null),
  ];
  return (
    <div className="space-y-6">
      <p className="max-w-prose text-sm text-muted">{tr("intro")}</p>
      <form className="space-y-3" onSubmit={keepFieldsSubmit(action)}>
        <ActionOutcome state={state} />
        <input type="hidden" name="year" value={yearId ?? ""} />
        <div className="relative max-w-3xl overflow-x-auto">
          <table className="w-full text-sm">
            <caption className="sr-only">{tr("caption")}</caption>
            <thead>
              <tr className="[&_th]:text-start">
                <th scope="col" className="pe-2 pb-1 font-medium">
                  {tr("name")}
                </th>
                <th scope="col" className="pe-2 pb-1 font-medium">
                  {tr("firstDay")}
                </th>
                <th scope="col" className="pe-2 pb-1 font-medium">
                  {tr("lastDay")}
                </th>
                <th scope="col" className="pb-1 font-medium">
                  {tr("remove")}
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((t, i) => (
                <tr key={t ? `t${t.id}` : `new${i}`}>
                  <td className="py-1 pe-2">
                    {t && <input type="hidden" name={`id.${i}`} value={t.id} />}
                    <input
                      className={`${cell} min-w-32`}
                      name={`title.${i}`}
                      defaultValue={t?.title ?? ""}
                      maxLength={TERM_TITLE_MAX}
                      aria-label={tr("nameOf", { n: i + 1 })}
                      placeholder={t ? undefined : tr("placeholder")}
                    />
                  </td>
                  <td className="py-1 pe-2">
                    <input
                      className={cell}
                      type="date"
                      name={`start.${i}`}
                      defaultValue={t?.startDate ?? ""}
                      aria-label={tr("firstOf", { n: i + 1 })}
                    />
                  </td>
                  <td className="py-1 pe-2">
                    <input
                      className={cell}
                      type="date"
                      name={`end.${i}`}
                      defaultValue={t?.endDate ?? ""}
                      aria-label={tr("lastOf", { n: i + 1 })}
                    />
                  </td>
                  <td className="py-1 text-center">
                    {t && (
                      <input
                        type="checkbox"
                        name={`remove.${i}`}
                        className="h-5 w-5"
                        aria-label={tr("removeTitle", { title: t.title })}
                      />
                    )}
                    {t?.id === current && (
                      <span className="ms-2 rounded-full bg-emerald-100 px-2 py-0.5 text-xs text-emerald-900 dark:bg-emerald-900 dark:text-emerald-100">
                        {tr("current")}
                      </span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <PrimaryButton type="submit" disabled={pending}>
          {pending ? tr("saving") : tr("save")}
        </PrimaryButton>
      </form>
      {imported.length > 0 && (
        <section aria-labelledby="imported-terms">
          <h2 id="imported-terms" className="text-lg font-semibold">
            {tr("imported")}
          </h2>
          <p className="text-sm text-muted">{tr("importedHelp")}</p>
          <ul className="mt-2 space-y-1 text-sm">
            {imported.map((t) => (
              <li key={t.id}>
                <span data-user-text>
                  {t.title} ({t.type})
                </span>
                : {t.startDate} – {t.endDate}
                {t.id === current && ` · ${tr("current")}`}
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
