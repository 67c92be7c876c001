// "Term report card published" (issue 20): publishing a term enqueues one notice for the whole
// school; when it runs (after the settling delay, so a term unpublished at once tells nobody),
// every enrolled student and their guardians hear that the report card is ready.
import "server-only";
import { sql } from "drizzle-orm";
import { queryRows, type Db } from "@/lib/db/client";
import { env } from "@/lib/env";
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
  const students = await queryRows<{ id: number; name: string }>(
    sql`select u.id, u.name from users u where u.role = 'student' and u.roster_deleted_at is null and exists (select 1 from student_enrollment e where e.student_id = u.id)`,
    tx,
  );
  const names = new Map(students.map((s) => [Number(s.id), s.name]));
  const family = await familiesOf(tx, [...names.keys()], null);
  await deliver(
    tx,
    family.map((m) => ({
      event: "report_card" as const,
      eventKey: `report_card:${termId}:${m.studentId}`,
      studentId: m.studentId,
      levelCode: null,
      title: m.guardian
        ? `${names.get(m.studentId)}'s ${term.title} report card is ready`
        : `Your ${term.title} report card is ready`,
      actorId,
      recipients: [{ userId: m.userId, href: m.guardian ? `/children/${m.studentId}` : "/" }],
    })),
  );
};
