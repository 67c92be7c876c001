// The next school year in one step (issue 41): from a year (normally the last), its row and its
// terms a calendar year later (lib/domain/school-years nextYearFrom), shown to the admin as a form
// to edit and saved together. The new terms are the admin's own (type 'term', no sourcedId), so
// the Terms tab edits them once the new year is current.
import "server-only";
import { sql } from "drizzle-orm";
import type { Answer } from "@/lib/action-result";
import { audit } from "@/lib/audit";
import { db } from "@/lib/db/client";
import { nextYearFrom, withinYear } from "@/lib/domain/school-years";
import { gradingTerms, isCalendarDay, termProblems } from "@/lib/domain/terms";
import { msg, sentences } from "@/lib/i18n/message";
import { listYears } from "@/lib/queries/school-years";
import { listYearTerms } from "@/lib/terms/terms";
import { insertYear, lockYears, overlapRefusal, type YearInput } from "./create";

export interface NextYearDraft extends YearInput {
  /** The year it is made from. */
  fromId: number;
  terms: YearInput[];
}

/** The next year as the form first shows it, from the year `fromId` (null: no such year). */
export async function nextYearDraft(fromId: number): Promise<NextYearDraft | null> {
  const year = (await listYears()).find((y) => y.id === fromId);
  if (!year) return null;
  // The grading terms (an imported SIS's finest), not the sessions that only group them.
  const terms = gradingTerms(await listYearTerms(year.id));
  const next = nextYearFrom(year, terms);
  return {
    fromId,
    title: next.title,
    startDate: next.startDate,
    endDate: next.endDate,
    terms: next.terms.map((t) => ({ title: t.title, startDate: t.startDate, endDate: t.endDate })),
  };
}

/** Saves the next year and its terms as edited, in one transaction; audited year.next_started. */
export async function startNextYear(draft: NextYearDraft, actorId: number): Promise<Answer<{ id: number }>> {
  const terms = draft.terms.map((t) => ({ ...t, title: t.title.trim() }));
  const [problem, ...more] = termProblems(terms);
  const outside = terms
    .filter((t) => isCalendarDay(t.startDate) && isCalendarDay(t.endDate) && !withinYear(t, draft))
    .map((t) => msg("years.admin.actions.termOutside", { title: t.title, start: draft.startDate, end: draft.endDate }));
  const [first, ...rest] = [...(problem ? [problem, ...more] : []), ...outside];
  if (first) return { ok: false, message: sentences(first, ...rest) };
  return db().transaction(async (tx) => {
    await lockYears(tx);
    // The terms' lock too: the Terms tab's saves check overlaps under it.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('school_terms'))`);
    const from = (await listYears(tx)).find((y) => y.id === draft.fromId);
    if (!from) return { ok: false, message: msg("years.actions.notFound") };
    const refusal = await overlapRefusal(draft, tx);
    if (refusal) return { ok: false, message: refusal, fieldErrors: { startDate: [refusal] } };
    const id = await insertYear(tx, draft);
    for (const t of terms)
      await tx.execute(
        sql`insert into school_terms (sourced_id, title, type, start_date, end_date, year_id)
            values (null, ${t.title}, 'term', ${t.startDate}::date, ${t.endDate}::date, ${id})`,
      );
    await audit(tx, {
      action: "year.next_started",
      actorId,
      detail: {
        from: from.title,
        year: draft.title,
        startDate: draft.startDate,
        endDate: draft.endDate,
        terms: terms.map((t) => `${t.title} ${t.startDate}…${t.endDate}`),
      },
    });
    return {
      ok: true,
      message: msg("years.admin.actions.nextStarted", { year: draft.title, count: terms.length }),
      data: { id },
    };
  });
}
