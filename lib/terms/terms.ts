// The school year's terms (issue 19): read for every screen that shows a term, saved from
// /admin → Terms. An admin's terms are replaced as a set in one transaction and audited; terms
// imported from the roster are the SIS's (decision 012) and only listed here.
import "server-only";
import { sql } from "drizzle-orm";
import type { Answer } from "@/lib/action-result";
import { audit } from "@/lib/audit";
import { holdGradeWrites } from "@/lib/gradebook/lock";
import { db, queryRows } from "@/lib/db/client";
import { gradingTerms, termProblems, type Term, type TermInput } from "@/lib/domain/terms";
import { msg, sentences } from "@/lib/i18n/message";

type Runner = Parameters<typeof queryRows>[1];

export async function listTerms(on?: Runner): Promise<Term[]> {
  return queryRows<Term>(
    sql`select id, title, type, start_date::text as "startDate", end_date::text as "endDate", sourced_id is not null as imported
        from school_terms order by start_date, id`,
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

/** Replaces the admin's own terms with `rows`: kept ids are updated, the rest deleted, new ones added. */
export async function saveSchoolTerms(rows: readonly TermRowInput[], actorId: number): Promise<Answer> {
  return db().transaction(async (tx) => {
    // One saver at a time: two admins saving at once would each check overlaps without the other's.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('school_terms'))`);
    // Moving terms moves work between them: ordered with publishing like every grade write.
    await holdGradeWrites(tx);
    const all = await listTerms(tx);
    const own = all.filter((t) => !t.imported);
    const ownIds = new Set(own.map((t) => t.id));
    if (rows.some((r) => r.id !== null && !ownIds.has(r.id)))
      return { ok: false, message: msg("admin.actions.termsChanged") };
    const trimmed = rows.map((r) => ({ ...r, title: r.title.trim() }));
    const [problem, ...more] = termProblems(
      trimmed,
      all.filter((t) => t.imported),
    );
    // Every problem at once, as sentences of one answer: "A. B."
    if (problem) return { ok: false, message: sentences(problem, ...more) };
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
          sql`insert into school_terms (sourced_id, title, type, start_date, end_date) values (null, ${r.title}, 'term', ${r.startDate}::date, ${r.endDate}::date)`,
        );
      }
    }
    await audit(tx, { action: "terms.saved", actorId, detail: { before: own.map(brief), after: trimmed.map(brief) } });
    return { ok: true, message: msg("admin.actions.termsSaved", { count: rows.length }) };
  });
}
