"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { adminAction, adminFormAction, idSchema } from "@/lib/actions";
import { isCalendarDay, MAX_TERMS, TERM_TITLE_MAX } from "@/lib/domain/terms";
import { zmsg } from "@/lib/i18n/message";
import { chooseCurrentYear, closePreview, closeYear, reopenYear } from "@/lib/years/close";
import { createYear } from "@/lib/years/create";
import { startNextYear } from "@/lib/years/next";
import { msg } from "@/lib/i18n/message";

// /admin → Years (issue 41): each action is its schema and one call to lib/years, which writes
// with its audit entry in one transaction.

/** A change of years changes which classes every home and dashboard lists. */
function refreshYears(): void {
  revalidatePath("/admin");
  revalidatePath("/");
  revalidatePath("/teacher");
}

const day = z
  .string()
  .trim()
  .max(10, zmsg("years.admin.actions.dateFormat"))
  .refine(isCalendarDay, {
    message: zmsg("years.admin.actions.dateFormat"),
  });
const yearFields = z.object({
  title: z
    .string()
    .trim()
    .min(1, zmsg("years.admin.actions.titleRequired"))
    .max(100, zmsg("years.admin.actions.titleTooLong")),
  startDate: day,
  endDate: day,
});
const endNotBeforeStart = <T extends { startDate: string; endDate: string }>(v: T) => v.endDate >= v.startDate;
const endBeforeStart = { message: zmsg("years.admin.actions.endBeforeStart"), path: ["endDate"] };

export const createYearAction = adminFormAction(
  yearFields.refine(endNotBeforeStart, endBeforeStart),
  (v, admin) => createYear(v, admin.id),
  { revalidate: refreshYears },
);

const yearIdInput = z.object({ yearId: idSchema });

/** What closing the year would conclude, for the close dialog (reads only). */
export const closePreviewAction = adminAction(yearIdInput, async ({ yearId }) => {
  const preview = await closePreview(yearId);
  return preview ? { ok: true, data: preview } : { ok: false, message: msg("years.actions.notFound") };
});

export const closeYearAction = adminAction(yearIdInput, ({ yearId }, admin) => closeYear(yearId, admin.id), {
  revalidate: refreshYears,
});

export const reopenYearAction = adminAction(yearIdInput, ({ yearId }, admin) => reopenYear(yearId, admin.id), {
  revalidate: refreshYears,
});

/** The current year: a year's id, or "" to follow the dates. */
export const chooseCurrentYearAction = adminFormAction(
  z.object({ yearId: z.preprocess((s) => (s === "" ? null : s), idSchema.nullable()) }),
  ({ yearId }, admin) => chooseCurrentYear(yearId, admin.id),
  { revalidate: refreshYears },
);

// The next year's form: the year's fields, fromId, and term rows title.i, start.i, end.i; a row
// left blank is not a term.
const termRow = z.object({
  title: z
    .string()
    .max(TERM_TITLE_MAX * 2, zmsg("admin.actions.termNameMax", { max: TERM_TITLE_MAX }))
    .default(""),
  startDate: z.string().trim().max(10, zmsg("admin.actions.datesFormat")).default(""),
  endDate: z.string().trim().max(10, zmsg("admin.actions.datesFormat")).default(""),
});

function withTermRows(fields: unknown): unknown {
  const f = (fields ?? {}) as Record<string, string | undefined>;
  const terms = [];
  for (let i = 0; i < MAX_TERMS + 4; i++) {
    if (![`title.${i}`, `start.${i}`, `end.${i}`].some((k) => k in f)) continue;
    terms.push({ title: f[`title.${i}`], startDate: f[`start.${i}`], endDate: f[`end.${i}`] });
  }
  return { ...f, terms };
}

export const startNextYearAction = adminFormAction(
  z.preprocess(
    withTermRows,
    yearFields.extend({ fromId: idSchema, terms: z.array(termRow) }).refine(endNotBeforeStart, endBeforeStart),
  ),
  (v, admin) =>
    startNextYear({ ...v, terms: v.terms.filter((t) => t.title.trim() || t.startDate || t.endDate) }, admin.id),
  { revalidate: refreshYears },
);
