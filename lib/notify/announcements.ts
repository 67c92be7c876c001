// "New announcement in a class" (issue 20): posting one enqueues a notice that settles (an
// announcement deleted in the meantime tells nobody); then the class's students and their
// guardians hear of it, with the text in the body. Not the teacher who posted it.
import "server-only";
import { sql } from "drizzle-orm";
import { queryRows, type Db } from "@/lib/db/client";
import { ellipsize } from "@/lib/domain/text";
import { env } from "@/lib/env";
import { translatorFor } from "@/lib/i18n/translator";
import { enqueue, type JobHandler } from "@/lib/jobs/queue";
import { deliver } from "./deliver";
import { familiesOf, hrefFor } from "./families";

type Runner = Pick<Db, "execute">;

export const ANNOUNCEMENT_NOTICE = "announcement.notice";
const EXCERPT = 600;

/** Announcements of one poster that notify families in an hour; more are posted but tell nobody (no flood from one account). */
export const ANNOUNCEMENT_NOTICES_PER_HOUR = 20;

export async function noticeAnnouncement(tx: Runner, a: { updateId: number; actorId: number }): Promise<void> {
  await enqueue(tx, {
    kind: ANNOUNCEMENT_NOTICE,
    dedupeKey: `announcement:${a.updateId}`,
    payload: { updateId: a.updateId, actorId: a.actorId },
    delaySeconds: env().NOTIFY_SETTLE_SECONDS,
  });
}

export const announcementNotice: JobHandler = async (job, tx) => {
  const { updateId, actorId } = job.payload as { updateId: number; actorId: number };
  const [u] = await queryRows<{ title: string; content: string; level_code: string; class_name: string }>(
    sql`select u.title, u.content, u.level_code, l.name as class_name from updates u join levels l on l.code = u.level_code where u.id = ${updateId}`,
    tx,
  );
  if (!u) return;
  const students = await queryRows<{ student_id: number }>(
    sql`select student_id from student_enrollment where level_code = ${u.level_code}`,
    tx,
  );
  const family = await familiesOf(
    tx,
    students.map((s) => Number(s.student_id)),
    u.level_code,
  );
  const detail = `${u.title}\n\n${ellipsize(u.content.trim(), EXCERPT)}`;
  const byStudent = new Map<number, typeof family>();
  for (const m of family) byStudent.set(m.studentId, [...(byStudent.get(m.studentId) ?? []), m]);
  await deliver(
    tx,
    [...byStudent].map(([studentId, members]) => ({
      event: "announcement" as const,
      eventKey: `announcement:${updateId}:${studentId}`,
      studentId,
      levelCode: u.level_code,
      // The teacher's own words (title, text) go as written; only the framing is translated.
      text: (locale) => ({
        title: translatorFor(locale, "notifyText")("announcement", { className: u.class_name, title: u.title }),
        detail,
      }),
      actorId,
      recipients: members.map((m) => ({ userId: m.userId, href: hrefFor(m, u.level_code) })),
    })),
  );
};
