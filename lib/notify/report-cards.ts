// "Term report card published" (issue 20): publishing a term enqueues one notice for the whole
// school; when it runs (after the settling delay, so a term unpublished at once tells nobody),
// every student with a stored card their family has not been told about, and their guardians,
// hear that the report card is ready: all of them the first time, only those whose card changed
// when the term is published again (issue 27).
import "server-only";
import { sql } from "drizzle-orm";
import { queryRows, type Db } from "@/lib/db/client";
import { env } from "@/lib/env";
import { translatorFor } from "@/lib/i18n/translator";
import { enqueue, type JobHandler } from "@/lib/jobs/queue";
import { deliver } from "./deliver";
import { familiesOf } from "./families";

type Runner = Pick<Db, "execute">;

export const REPORT_CARD_NOTICE = "report_card.notice";

export async function noticeTermPublished(tx: Runner, t: { termId: number; actorId: number }): Promise<void> {
  await enqueue(tx, {
    kind: REPORT_CARD_NOTICE,
    dedupeKey: `report_card:${t.termId}`,
    payload: { termId: t.termId, actorId: t.actorId },
    delaySeconds: env().NOTIFY_SETTLE_SECONDS,
    restart: true,
  });
}

export const reportCardNotice: JobHandler = async (job, tx) => {
  const { termId, actorId } = job.payload as { termId: number; actorId: number };
  const [term] = await queryRows<{ title: string }>(
    sql`select t.title from school_terms t join term_publications p on p.term_id = t.id where t.id = ${termId}`,
    tx,
  );
  if (!term) return; // unpublished (or deleted) while settling
  // The students whose stored card families have not been told about yet (issue 27): everyone on
  // the first publication, after a republication only those whose card changed.
  const students = await queryRows<{ id: number; name: string; hash: string }>(
    sql`with news as (
          update term_grade_records r set announced_hash = r.display_hash
          where r.term_id = ${termId} and r.announced_hash is distinct from r.display_hash
          returning r.student_id, r.display_hash)
        select u.id, u.name, min(n.display_hash) as hash from news n join users u on u.id = n.student_id
        where u.role = 'student' and u.roster_deleted_at is null group by u.id, u.name`,
    tx,
  );
  const names = new Map(students.map((s) => [Number(s.id), s]));
  const family = await familiesOf(tx, [...names.keys()], null);
  await deliver(
    tx,
    family.map((m) => ({
      event: "report_card" as const,
      eventKey: `report_card:${termId}:${m.studentId}:${names.get(m.studentId)!.hash.slice(0, 12)}`,
      studentId: m.studentId,
      levelCode: null,
      text: (locale) => ({
        title: m.guardian
          ? translatorFor(locale, "notifyText")("reportCardGuardian", {
              student: names.get(m.studentId)!.name,
              term: term.title,
            })
          : translatorFor(locale, "notifyText")("reportCardStudent", { term: term.title }),
      }),
      actorId,
      recipients: [{ userId: m.userId, href: m.guardian ? `/children/${m.studentId}` : "/" }],
    })),
  );
};
