// The school year's terms (issue 19): read for every screen that shows a term, saved from
// /admin → Terms. An admin's terms of one school year (issue 41: the current one on the Terms tab)
// are replaced as a set in one transaction and audited; other years' terms are left alone, and
// terms imported from the roster are the SIS's (decision 012) and only listed here.
import "server-only";
import { sql } from "drizzle-orm";
import type { Answer } from "@/lib/action-result";
import { audit } from "@/lib/audit";
import { holdGradeWrites } from "@/lib/gradebook/lock";
import { db, queryRows } from "@/lib/db/client";
import { withinYear } from "@/lib/domain/school-years";
import { gradingTerms, isCalendarDay, termProblems, type Term, type TermInput } from "@/lib/domain/terms";
import { msg, sentences } from "@/lib/i18n/message";
import { currentOf, listYears } from "@/lib/queries/school-years";

type Runner = Parameters<typeof queryRows>[1];

export async function listTerms(on?: Runner): Promise<Term[]> {
  return queryRows<Term>(
    sql`select id, title, type, start_date::text as "startDate", end_date::text as "endDate", sourced_id is not null as imported
        from school_terms order by start_date, id`,
    on,
  );
}

/** One school year's terms (null: the terms of no year, as before the school had years). */
export async function listYearTerms(yearId: number | null, on?: Runner): Promise<Term[]> {
  return queryRows<Term>(
    sql`select id, title, type, start_date::text as "startDate", end_date::text as "endDate", sourced_id is not null as imported
        from school_terms where year_id is not distinct from ${yearId}::int order by start_date, id`,
    on,
  );
}

/** The terms grades and attendance are kept by (lib/domain/terms). */
export async function listGradingTerms(on?: Runner): Promise<Term[]> {
  return gradingTerms(await listTerms(on));
}

export interface TermRowInput extends TermInput {
  /** An existing term of the admin's, or null for a new one. */
  id: number | null;
}

const brief = (t: { title: string; startDate: string; endDate: string }) => `${t.title} ${t.startDate}…${t.endDate}`;

/**
 * Replaces the admin's own terms of one school year with `rows`: kept ids are updated, the rest of
 * that year's own terms deleted, new ones added to that year. `yearId` is the year the form showed
 * (undefined: the current year when saving; null: the terms of no year, when the school has none).
 * Every row must lie within the year's dates, so terms of different years never share a day.
 */
export async function saveSchoolTerms(
  rows: readonly TermRowInput[],
  actorId: number,
  yearId?: number | null,
): Promise<Answer> {
  return db().transaction(async (tx) => {
    // One saver at a time: two admins saving at once would each check overlaps without the other's.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('school_terms'))`);
    // Moving terms moves work between them: ordered with publishing like every grade write.
    await holdGradeWrites(tx);
    const years = await listYears(tx);
    const year = yearId === undefined ? currentOf(years) : yearId === null ? null : years.find((y) => y.id === yearId);
    if (year === undefined) return { ok: false, message: msg("years.actions.notFound") };
    // A closed year's classes are concluded; their terms decide what their records hold.
    if (year?.closed) return { ok: false, message: msg("years.admin.actions.yearClosed", { year: year.title }) };
    const all = await listYearTerms(year?.id ?? null, tx);
    const own = all.filter((t) => !t.imported);
    const ownIds = new Set(own.map((t) => t.id));
    if (rows.some((r) => r.id !== null && !ownIds.has(r.id)))
      return { ok: false, message: msg("admin.actions.termsChanged") };
    const trimmed = rows.map((r) => ({ ...r, title: r.title.trim() }));
    const [problem, ...more] = termProblems(
      trimmed,
      all.filter((t) => t.imported),
    );
    const outside = year
      ? trimmed
          .filter((r) => isCalendarDay(r.startDate) && isCalendarDay(r.endDate) && !withinYear(r, year))
          .map((r) =>
            msg("years.admin.actions.termOutside", { title: r.title, start: year.startDate, end: year.endDate }),
          )
      : [];
    // Every problem at once, as sentences of one answer: "A. B."
    if (problem) return { ok: false, message: sentences(problem, ...more, ...outside) };
    if (outside.length) return { ok: false, message: sentences(outside[0]!, ...outside.slice(1)) };
    const kept = new Set(trimmed.flatMap((r) => (r.id === null ? [] : [r.id])));
    const gone = own.filter((t) => !kept.has(t.id)).map((t) => t.id);
    // A published term's dates decide what its stored report cards hold (issue 27): they stay
    // until an admin unlocks it; its name may change.
    const published = new Set(
      (await queryRows<{ term_id: number }>(sql`select term_id from term_publications`, tx)).map((r) =>
        Number(r.term_id),
      ),
    );
    for (const t of own.filter((o) => published.has(o.id))) {
      const now = trimmed.find((r) => r.id === t.id);
      if (!now || now.startDate !== t.startDate || now.endDate !== t.endDate)
        return { ok: false, message: msg("admin.actions.termLocked", { title: t.title }) };
    }
    if (gone.length) {
      // Teachers' overrides and comments are not dropped as a side effect of tidying terms.
      const held = await queryRows<{ title: string }>(
        sql`select distinct t.title from school_terms t where t.id = any(${`{${gone.join(",")}}`}::int[])
              and (exists (select 1 from term_grade_overrides o where o.term_id = t.id) or exists (select 1 from term_comments c where c.term_id = t.id))
            order by t.title`,
        tx,
      );
      if (held.length) {
        const titles = held.map((h) => `"${h.title}"`).join(", ");
        return {
          ok: false,
          message: msg(held.length === 1 ? "admin.actions.termHeld" : "admin.actions.termsHeld", { titles }),
        };
      }
    }
    if (gone.length)
      await tx.execute(
        sql`delete from school_terms where sourced_id is null and id = any(${`{${gone.join(",")}}`}::int[])`,
      );
    for (const r of trimmed) {
      if (r.id !== null) {
        await tx.execute(sql`update school_terms set title = ${r.title}, start_date = ${r.startDate}::date, end_date = ${r.endDate}::date, updated_at = now()
          where id = ${r.id} and sourced_id is null`);
      } else {
        await tx.execute(
          sql`insert into school_terms (sourced_id, title, type, start_date, end_date, year_id)
              values (null, ${r.title}, 'term', ${r.startDate}::date, ${r.endDate}::date, ${year?.id ?? null})`,
        );
      }
    }
    await audit(tx, {
      action: "terms.saved",
      actorId,
      detail: { ...(year ? { year: year.title } : {}), before: own.map(brief), after: trimmed.map(brief) },
    });
    return { ok: true, message: msg("admin.actions.termsSaved", { count: rows.length }) };
  });
}
