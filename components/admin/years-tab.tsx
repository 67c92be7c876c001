"use client";

import { useActionState, useState, useTransition } from "react";
import {
  chooseCurrentYearAction,
  closePreviewAction,
  closeYearAction,
  createYearAction,
  reopenYearAction,
} from "@/app/admin/year-actions";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { ActionOutcome } from "@/components/error-banner";
import { keepFieldsSubmit } from "@/components/keep-fields-submit";
import { Field, PrimaryButton, SecondaryButton, Select, TextInput } from "@/components/teacher/form-controls";
import { useToast } from "@/components/toast";
import { useTranslations } from "@/components/use-translations";
import type { ActionResult } from "@/lib/action-result";
import type { ClosePreview } from "@/lib/years/close";
import { NextYearForm, type NextYearView } from "./next-year-form";

// /admin → Years (issue 41): the school's years with their state, the current year, a new year,
// closing (after a preview of what it concludes) and reopening, and the next year in one step.

export interface YearView {
  id: number;
  title: string;
  startDate: string;
  endDate: string;
  /** The day it was closed, written for the reader, or null when open. */
  closedOn: string | null;
  current: boolean;
  chosen: boolean;
  classes: number;
}

const idle: ActionResult = { ok: true };

export function YearsTab({ years, next }: { years: YearView[]; next: NextYearView | null }) {
  const t = useTranslations("years.admin");
  return (
    <div className="space-y-8">
      <p className="max-w-prose text-sm text-ink-muted">{t("intro")}</p>
      <YearList years={years} />
      {years.length > 0 && <CurrentYear years={years} />}
      <NewYear made={years.length} />
      {next && <NextYearForm next={next} />}
    </div>
  );
}

function YearList({ years }: { years: YearView[] }) {
  const t = useTranslations("years.admin");
  const [closing, setClosing] = useState<{ year: YearView; preview: ClosePreview | null } | null>(null);
  const [reopening, setReopening] = useState<YearView | null>(null);
  const [pending, start] = useTransition();
  const toast = useToast();
  const answer = (res: { ok: boolean; message?: string }) => toast(res.message ?? "", res.ok ? "success" : "error");
  if (years.length === 0)
    return (
      <p className="rounded-2xl border border-dashed border-line bg-surface px-6 py-10 text-center text-ink-muted">
        {t("noYears")}
      </p>
    );
  const openClose = (year: YearView) => {
    setClosing({ year, preview: null });
    start(async () => {
      const res = await closePreviewAction({ yearId: year.id });
      if (res.ok && res.data) setClosing({ year, preview: res.data });
      else {
        setClosing(null);
        answer(res);
      }
    });
  };
  return (
    <section aria-labelledby="years-heading" className="space-y-3">
      <h2 id="years-heading" className="text-lg font-semibold">
        {t("heading")}
      </h2>
      <div className="relative overflow-x-auto rounded-2xl border border-line bg-surface">
        <table className="w-full text-sm">
          <caption className="sr-only">{t("caption")}</caption>
          <thead className="bg-surface-muted text-ink-muted [&_th]:text-start">
            <tr>
              {[t("year"), t("dates"), t("state"), t("classes")].map((h) => (
                <th key={h} scope="col" className="px-3 py-2 font-medium">
                  {h}
                </th>
              ))}
              <th scope="col" className="px-3 py-2">
                <span className="sr-only">{t("actionsColumn")}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {years.map((y) => (
              <tr key={y.id} className="border-t border-line" data-testid="year-row">
                <th scope="row" className="px-3 py-2 text-start font-medium">
                  <span className="whitespace-nowrap" data-user-text>
                    {y.title}
                  </span>
                  {y.current && (
                    <span className="ms-2 rounded-full bg-emerald-100 px-2 py-0.5 text-xs text-emerald-900 dark:bg-emerald-900 dark:text-emerald-100">
                      {t("current")}
                    </span>
                  )}
                </th>
                <td className="whitespace-nowrap px-3 py-2">{t("range", { start: y.startDate, end: y.endDate })}</td>
                <td className="px-3 py-2">{y.closedOn ? t("closedOn", { date: y.closedOn }) : t("open")}</td>
                <td className="px-3 py-2">{y.classes}</td>
                <td className="px-3 py-2">
                  <div className="flex justify-end">
                    {y.closedOn ? (
                      <SecondaryButton onClick={() => setReopening(y)} disabled={pending}>
                        {t("reopen")}
                        <span className="sr-only" data-user-text>
                          {t("ofYear", { year: y.title })}
                        </span>
                      </SecondaryButton>
                    ) : (
                      <SecondaryButton tone="danger" onClick={() => openClose(y)} disabled={pending}>
                        {t("close")}
                        <span className="sr-only" data-user-text>
                          {t("ofYear", { year: y.title })}
                        </span>
                      </SecondaryButton>
                    )}
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ConfirmDialog
        open={closing !== null}
        onOpenChange={(o) => !o && setClosing(null)}
        title={closing ? t("closeTitle", { year: closing.year.title }) : ""}
        message={t("closeMessage")}
        confirmLabel={t("closeConfirm")}
        onConfirm={() => {
          const year = closing?.year;
          if (year) start(async () => answer(await closeYearAction({ yearId: year.id })));
        }}
      >
        {closing && <PreviewBody preview={closing.preview} />}
      </ConfirmDialog>
      <ConfirmDialog
        open={reopening !== null}
        onOpenChange={(o) => !o && setReopening(null)}
        title={reopening ? t("reopenTitle", { year: reopening.title }) : ""}
        message={t("reopenMessage")}
        confirmLabel={t("reopenConfirm")}
        onConfirm={() => {
          const year = reopening;
          if (year) start(async () => answer(await reopenYearAction({ yearId: year.id })));
        }}
      />
    </section>
  );
}

/** What closing concludes and what is still open in the year (lib/years/close.ts closePreview). */
function PreviewBody({ preview }: { preview: ClosePreview | null }) {
  const t = useTranslations("years.admin");
  if (!preview)
    return (
      <p role="status" className="mt-3 text-sm text-ink-muted">
        {t("previewLoading")}
      </p>
    );
  return (
    <div className="mt-3 max-h-[50vh] space-y-3 overflow-y-auto text-sm" data-testid="close-preview">
      <p className="font-medium">{t("closeCounts", { classes: preview.classes, students: preview.students })}</p>
      <div>
        <h3 className="font-medium">{t("unpublishedHeading")}</h3>
        {preview.unpublishedTerms.length === 0 ? (
          <p className="text-ink-muted">{t("noneUnpublished")}</p>
        ) : (
          <ul className="list-disc ps-5">
            {preview.unpublishedTerms.map((term) => (
              <li key={term.id} data-user-text>
                {term.title}
              </li>
            ))}
          </ul>
        )}
      </div>
      <div>
        <h3 className="font-medium">{t("ungradedHeading")}</h3>
        {preview.ungraded.length === 0 ? (
          <p className="text-ink-muted">{t("noneUngraded")}</p>
        ) : (
          <ul className="list-disc ps-5">
            {preview.ungraded.map((c) => (
              <li key={c.code} data-user-text>
                {t("ungradedRow", { name: c.name, code: c.code, count: c.count })}
              </li>
            ))}
          </ul>
        )}
      </div>
      {preview.drafts.length > 0 && (
        <div>
          <h3 className="font-medium">{t("draftsHeading")}</h3>
          <ul className="list-disc ps-5">
            {preview.drafts.map((c) => (
              <li key={c.code} data-user-text>
                {t("draftsRow", { name: c.name, code: c.code, count: c.count })}
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}

function CurrentYear({ years }: { years: YearView[] }) {
  const t = useTranslations("years.admin");
  const [state, action, pending] = useActionState(chooseCurrentYearAction, idle);
  const chosen = years.find((y) => y.chosen);
  return (
    <section aria-labelledby="current-year" className="space-y-3">
      <h2 id="current-year" className="text-lg font-semibold">
        {t("currentHeading")}
      </h2>
      <p className="max-w-prose text-sm text-ink-muted">{t("currentHelp")}</p>
      <form className="flex flex-wrap items-end gap-3" onSubmit={keepFieldsSubmit(action)}>
        <Field label={t("currentLabel")} htmlFor="current-year-select">
          <Select id="current-year-select" name="yearId" defaultValue={chosen ? String(chosen.id) : ""}>
            <option value="">{t("followDates")}</option>
            {years.map((y) => (
              <option key={y.id} value={y.id} data-user-text>
                {y.title}
              </option>
            ))}
          </Select>
        </Field>
        <PrimaryButton type="submit" disabled={pending}>
          {pending ? t("saving") : t("chooseCurrent")}
        </PrimaryButton>
      </form>
      <ActionOutcome state={state} />
    </section>
  );
}

/** `made`: how many years there are; a new form (blank fields) after each year made, the answer kept above it. */
function NewYear({ made }: { made: number }) {
  const t = useTranslations("years.admin");
  const [state, action, pending] = useActionState(createYearAction, idle);
  return (
    <section aria-labelledby="new-year" className="space-y-3">
      <h2 id="new-year" className="text-lg font-semibold">
        {t("createHeading")}
      </h2>
      <ActionOutcome state={state} />
      <form key={made} className="max-w-3xl space-y-3" onSubmit={keepFieldsSubmit(action)}>
        <div className="grid gap-3 sm:grid-cols-3">
          <Field label={t("title")} htmlFor="new-year-title">
            <TextInput id="new-year-title" name="title" required maxLength={100} placeholder={t("titlePlaceholder")} />
          </Field>
          <Field label={t("firstDay")} htmlFor="new-year-start">
            <TextInput id="new-year-start" name="startDate" type="date" required />
          </Field>
          <Field label={t("lastDay")} htmlFor="new-year-end">
            <TextInput id="new-year-end" name="endDate" type="date" required />
          </Field>
        </div>
        <PrimaryButton type="submit" disabled={pending}>
          {pending ? t("saving") : t("create")}
        </PrimaryButton>
      </form>
    </section>
  );
}
