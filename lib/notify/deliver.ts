// Delivery of notices (issue 20): one place decides who hears about what, and how. For each
// recipient it reads their choice for the event (or the default), drops "off" and, for grades,
// anything not below their threshold; writes the in-app notification (unique per recipient and
// event, so a job that runs again adds nothing); and for "Immediately" with an address on file and
// e-mail on, queues the e-mail in the same transaction. Daily and weekly choices are marked on the
// notification for the digest to pick up. Nobody hears about their own action.
import "server-only";
import { sql } from "drizzle-orm";
import { queryRows, type Db } from "@/lib/db/client";
import { gradeIsBelowThreshold, preferenceFor, type NotifyEvent } from "@/lib/domain/notify-events";
import { ellipsize } from "@/lib/domain/text";
import type { Locale } from "@/lib/i18n/locales";
import { recipientLocale } from "@/lib/i18n/recipient";
import { enqueueMany } from "@/lib/jobs/queue";
import { deliverableAddress, noticeMail } from "@/lib/mail/compose";
import { mailSettings } from "@/lib/mail/transport";
import { currentSchoolName } from "@/lib/school-name";

type Runner = Pick<Db, "execute">;

export const MAIL_SEND = "mail.send";

export interface Notice {
  event: NotifyEvent;
  /** Unique per event for a recipient: the same key twice is one notification. */
  eventKey: string;
  /** The student it is about (a child, or the recipient themself) and the class, for digests. */
  studentId: number | null;
  levelCode: string | null;
  /**
   * The words, in a recipient's language (issue 31): `title` is shown in the bell and used as the
   * e-mail subject (never a grade); `detail` is the body (a grade, feedback, a message). Called
   * once per language among the recipients; the bell keeps the text as written, like an e-mail sent.
   */
  text: (locale: Locale) => { title: string; detail?: string | null };
  actorId?: number | null;
  /** Grade notices: compared with each recipient's threshold. */
  percent?: number;
  /** The e-mail's Reply-To (a teacher's message, where the school allows it). */
  replyTo?: string | null;
  recipients: readonly { userId: number; href: string }[];
}

const TITLE_MAX = 300;
const DETAIL_MAX = 2000;

/** Delivers a batch of notices in the caller's transaction; returns how many notifications were new. */
export async function deliver(tx: Runner, notices: readonly Notice[]): Promise<number> {
  const ids = [...new Set(notices.flatMap((n) => n.recipients.map((r) => r.userId)))];
  if (ids.length === 0) return 0;
  const events = [...new Set(notices.map((n) => n.event))];
  // Everyone's choices for these events in one statement; removed people (roster) get nothing.
  const people = await queryRows<{
    id: number;
    email: string | null;
    locale: string | null;
    event: string | null;
    delivery: string | null;
    threshold: number | null;
  }>(
    sql`select u.id, u.email, u.locale, p.event, p.delivery, p.threshold
        from users u left join notification_preferences p on p.user_id = u.id and p.event = any(${`{${events.join(",")}}`}::text[])
        where u.id = any(${`{${ids.join(",")}}`}::int[]) and u.roster_deleted_at is null`,
    tx,
  );
  const email = new Map<number, string | null>();
  const language = new Map<number, Locale>();
  const stored = new Map<string, { delivery: string; threshold: number | null }>();
  for (const p of people) {
    email.set(p.id, deliverableAddress(p.email));
    language.set(p.id, recipientLocale(p.locale));
    if (p.event && p.delivery) stored.set(`${p.id}:${p.event}`, { delivery: p.delivery, threshold: p.threshold });
  }

  const rows: {
    user_id: number;
    event_key: string;
    kind: string;
    title: string;
    href: string;
    detail: string | null;
    student_id: number | null;
    level_code: string | null;
    digest: string | null;
  }[] = [];
  const immediate = new Map<
    string,
    {
      userId: number;
      to: string;
      event: NotifyEvent;
      title: string;
      detail: string | null;
      href: string;
      studentId: number | null;
      replyTo: string | null;
      locale: Locale;
    }
  >();
  for (const n of notices) {
    // Written once per language and bounded (the columns' checks): the same text for the bell and the e-mail.
    const written = new Map<Locale, { title: string; detail: string | null }>();
    const say = (locale: Locale) => {
      let found = written.get(locale);
      if (!found) {
        const w = n.text(locale);
        found = { title: ellipsize(w.title, TITLE_MAX), detail: w.detail ? ellipsize(w.detail, DETAIL_MAX) : null };
        written.set(locale, found);
      }
      return found;
    };
    const seen = new Set<number>();
    for (const r of n.recipients) {
      if (seen.has(r.userId) || r.userId === n.actorId || !email.has(r.userId)) continue;
      seen.add(r.userId);
      const pref = preferenceFor(n.event, stored.get(`${r.userId}:${n.event}`));
      if (pref.delivery === "off") continue;
      if (n.percent !== undefined && !gradeIsBelowThreshold(n.percent, pref.threshold)) continue;
      const to = email.get(r.userId) ?? null;
      const digest = pref.delivery === "daily" || pref.delivery === "weekly" ? pref.delivery : null;
      const locale = language.get(r.userId)!;
      const { title, detail } = say(locale);
      rows.push({
        user_id: r.userId,
        event_key: n.eventKey,
        kind: n.event,
        title,
        href: r.href,
        detail,
        student_id: n.studentId,
        level_code: n.levelCode,
        // With no address on file there is nothing to digest: the bell alone tells them.
        digest: to ? digest : null,
      });
      if (pref.delivery === "immediately" && to)
        immediate.set(`${r.userId}:${n.eventKey}`, {
          userId: r.userId,
          to,
          event: n.event,
          title,
          detail,
          href: r.href,
          studentId: n.studentId,
          replyTo: n.replyTo ?? null,
          locale,
        });
    }
  }
  if (rows.length === 0) return 0;
  const inserted = await queryRows<{ id: number; user_id: number; event_key: string }>(
    sql`insert into notifications (user_id, event_key, kind, title, href, detail, student_id, level_code, digest)
        select user_id, event_key, kind, title, href, detail, student_id, level_code, digest
        from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
          as t(user_id int, event_key text, kind text, title text, href text, detail text, student_id int, level_code text, digest text)
        on conflict (user_id, event_key) do nothing
        returning id, user_id, event_key`,
    tx,
  );
  // E-mail only for notifications that are new: a job that runs again sends no second message.
  if (mailSettings().enabled) {
    const school = await currentSchoolName(tx);
    const mails = inserted.flatMap((row) => {
      const m = immediate.get(`${row.user_id}:${row.event_key}`);
      if (!m) return [];
      const mail = noticeMail({
        school,
        userId: m.userId,
        to: m.to,
        event: m.event,
        title: m.title,
        detail: m.detail,
        href: m.href,
        replyTo: m.replyTo,
        locale: m.locale,
        messageId: `<notification-${row.id}@classroom-portal>`,
      });
      return [
        {
          kind: MAIL_SEND,
          dedupeKey: `mail:notification:${row.id}`,
          payload: { ...mail, recipientId: m.userId, studentId: m.studentId },
        },
      ];
    });
    await enqueueMany(tx, mails);
  }
  return inserted.length;
}
