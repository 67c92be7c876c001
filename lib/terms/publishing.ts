// Publishing a term's report cards (issue 19): from then on students and parents see the term's
// report card, and the term's grades are locked (scores, marks, overrides and comments refuse
// writes) until an admin unlocks it. Both audited.
import { sql } from "drizzle-orm";
import type { ActionResult } from "@/lib/action-result";
import { audit } from "@/lib/audit";
import { db, queryRows } from "@/lib/db/client";
import { assignmentTerm, lastPublishedTerm, type Term } from "@/lib/domain/terms";
import { schoolTimeZone } from "@/lib/env";
import { noticeTermPublished } from "@/lib/notify/report-cards";
import { listGradingTerms } from "./terms";

type Runner = Parameters<typeof queryRows>[1];

export async function publishedTerms(on?: Runner): Promise<Map<number, Date>> {
  const rows = await queryRows<{ term_id: number; published_at: string | Date }>(
    sql`select term_id, published_at from term_publications`,
    on,
  );
  return new Map(rows.map((r) => [Number(r.term_id), new Date(r.published_at)]));
}

export const lockedMessage = (title: string) =>
  `${title} is published, so its grades are locked. An admin can unlock the term on /admin → Terms.`;

/** The refusal for writing to this term, or null when it is open. */
export async function termLock(termId: number, on?: Runner): Promise<ActionResult | null> {
  const [row] = await queryRows<{ title: string }>(
    sql`select t.title from term_publications p join school_terms t on t.id = p.term_id where p.term_id = ${termId}`,
    on,
  );
  return row ? { ok: false, message: lockedMessage(row.title) } : null;
}

/** The refusal for writing grades of this assignment (its term is published), or null. */
export async function assignmentLock(assignmentId: number, on?: Runner): Promise<ActionResult | null> {
  // Most of the year nothing is published: one small read, and the grade is written.
  const published = await publishedTerms(on);
  if (published.size === 0) return null;
  const tz = schoolTimeZone();
  const [a] = await queryRows<{ due_day: string | null; created_day: string }>(
    sql`select to_char(due_date at time zone ${tz}, 'YYYY-MM-DD') as due_day, to_char(created_at at time zone ${tz}, 'YYYY-MM-DD') as created_day from assignments where id = ${assignmentId}`,
    on,
  );
  if (!a) return null;
  const term = assignmentTerm(a.due_day, a.created_day, await listGradingTerms(on));
  return term && published.has(term.id) ? { ok: false, message: lockedMessage(term.title) } : null;
}

export async function setTermPublished(termId: number, publish: boolean, actorId: number): Promise<ActionResult> {
  const terms = await listGradingTerms();
  const term = terms.find((t) => t.id === termId);
  if (!term) return { ok: false, message: "That term no longer exists. Reload the page." };
  return db().transaction(async (tx) => {
    if (publish) {
      const done = await queryRows<{ term_id: number }>(
        sql`insert into term_publications (term_id, published_by) values (${termId}, ${actorId}) on conflict do nothing returning term_id`,
        tx,
      );
      if (done.length === 0) return { ok: true, message: `${term.title} is already published` };
      await audit(tx, { action: "term.published", actorId, detail: { termId, title: term.title } });
      await noticeTermPublished(tx, { termId, actorId });
      return { ok: true, message: `${term.title} published: its report cards are out and its grades locked` };
    }
    const gone = await queryRows<{ term_id: number }>(
      sql`delete from term_publications where term_id = ${termId} returning term_id`,
      tx,
    );
    if (gone.length === 0) return { ok: true, message: `${term.title} is not published` };
    await audit(tx, { action: "term.unlocked", actorId, detail: { termId, title: term.title } });
    return { ok: true, message: `${term.title} unlocked: teachers can change its grades again` };
  });
}

/** The published grading term that ended last: the report card families see. */
export async function latestPublishedTerm(on?: Runner): Promise<Term | null> {
  const published = await publishedTerms(on);
  if (published.size === 0) return null;
  return lastPublishedTerm(await listGradingTerms(on), (id) => published.has(id));
}
