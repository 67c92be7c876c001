// Publishing a term's report cards (issue 19): from then on students and parents see the term's
// report card, and the term's grades are locked (scores, marks, overrides and comments refuse
// writes) until an admin unlocks it. Both audited.
import "server-only";
import { sql } from "drizzle-orm";
import type { Answer } from "@/lib/action-result";
import { audit } from "@/lib/audit";
import { db, queryRows } from "@/lib/db/client";
import { dateInTimeZone } from "@/lib/domain/dates";
import { lastPublishedTerm, type Term } from "@/lib/domain/terms";
import { holdAllGradeWrites } from "@/lib/gradebook/lock";
import { storeTermRecords } from "@/lib/gradebook/term-records";
import { schoolTimeZone } from "@/lib/env";
import { msg } from "@/lib/i18n/message";
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

export async function setTermPublished(termId: number, publish: boolean, actorId: number): Promise<Answer> {
  const terms = await listGradingTerms();
  const term = terms.find((t) => t.id === termId);
  if (!term) return { ok: false, message: msg("admin.actions.termGone") };
  const tz = schoolTimeZone();
  return db().transaction(async (tx) => {
    // No grade write is in flight while the cards are stored, and none starts until this commits.
    await holdAllGradeWrites(tx);
    // A closed year's terms stay as the year closed them (issue 41): its cards neither come
    // (its classes are concluded) nor go (unlocking would promise teachers a change they cannot make).
    const [closed] = await queryRows<{ title: string }>(
      sql`select y.title from school_terms t join school_years y on y.id = t.year_id where t.id = ${termId} and y.closed_at is not null`,
      tx,
    );
    if (closed) return { ok: false, message: msg("years.termOfClosedYear", { term: term.title, year: closed.title }) };
    if (publish) {
      const done = await queryRows<{ term_id: number }>(
        sql`insert into term_publications (term_id, published_by) values (${termId}, ${actorId}) on conflict do nothing returning term_id`,
        tx,
      );
      if (done.length === 0) return { ok: true, message: msg("admin.actions.alreadyPublished", { title: term.title }) };
      const now = new Date();
      const stored = await storeTermRecords(tx, term, actorId, tz, now, dateInTimeZone(now, tz));
      await audit(tx, {
        action: "term.published",
        actorId,
        detail: { termId, title: term.title, cards: stored.written, changed: stored.changed },
      });
      await noticeTermPublished(tx, { termId, actorId });
      const { title } = term;
      const message = stored.changed
        ? msg("admin.actions.publishedAgain", { title, changed: stored.changed })
        : msg("admin.actions.published", { title });
      return { ok: true, message };
    }
    // The stored cards stay: publishing again compares with them and tells only the families whose card changed.
    const gone = await queryRows<{ term_id: number }>(
      sql`delete from term_publications where term_id = ${termId} returning term_id`,
      tx,
    );
    if (gone.length === 0) return { ok: true, message: msg("admin.actions.notPublished", { title: term.title }) };
    await audit(tx, { action: "term.unlocked", actorId, detail: { termId, title: term.title } });
    return { ok: true, message: msg("admin.actions.unlocked", { title: term.title }) };
  });
}

/** The published grading term that ended last: the report card families see. */
export async function latestPublishedTerm(on?: Runner): Promise<Term | null> {
  const published = await publishedTerms(on);
  if (published.size === 0) return null;
  return lastPublishedTerm(await listGradingTerms(on), (id) => published.has(id));
}
