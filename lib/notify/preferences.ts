// Reading and saving one person's notification choices (issue 20). Only students and parents are
// told about students; teachers and admins have nothing to choose.
import "server-only";
import { sql } from "drizzle-orm";
import { db, queryRows, type Db } from "@/lib/db/client";
import { enqueueMany } from "@/lib/jobs/queue";
import { recipientLocale } from "@/lib/i18n/recipient";
import { deliverableAddress, noticeMail } from "@/lib/mail/compose";
import { mailSettings } from "@/lib/mail/transport";
import { MAIL_SEND } from "./deliver";
import {
  NOTIFY_EVENTS,
  preferenceFor,
  type Delivery,
  type NotifyEvent,
  type Preference,
} from "@/lib/domain/notify-events";
import { currentSchoolName } from "@/lib/school-name";

type Runner = Pick<Db, "execute">;

export function choosesNotifications(role: string): boolean {
  return role === "student" || role === "parent";
}

/** The e-mail address on file for a person (the settings page says where e-mails go; the admin's test e-mail defaults to it). */
export async function emailOnFile(userId: number): Promise<string | null> {
  const [row] = await queryRows<{ email: string | null }>(sql`select email from users where id = ${userId}`);
  return row?.email?.trim() || null;
}

export async function loadPreferences(userId: number, on?: Runner): Promise<Record<NotifyEvent, Preference>> {
  const rows = await queryRows<{ event: string; delivery: string; threshold: number | null }>(
    sql`select event, delivery, threshold from notification_preferences where user_id = ${userId}`,
    on,
  );
  const stored = new Map(rows.map((r) => [r.event, r]));
  return Object.fromEntries(NOTIFY_EVENTS.map((e) => [e, preferenceFor(e, stored.get(e))])) as Record<
    NotifyEvent,
    Preference
  >;
}

/**
 * Saves every event's choice (and the grade threshold), and moves what is waiting for a digest to
 * the new choice: an event turned off (or to the portal only) leaves the next digest, one moved from
 * daily to weekly waits for the weekly one, and one moved to "immediately" is e-mailed now, each
 * item as it would have been when it happened (issue 27: it was dropped; at most 100).
 */
export async function savePreferences(
  userId: number,
  prefs: Record<NotifyEvent, Preference>,
  on?: Runner,
): Promise<void> {
  if (!on) return db().transaction((tx) => savePreferences(userId, prefs, tx));
  const nowImmediate = NOTIFY_EVENTS.filter((e) => prefs[e].delivery === "immediately");
  const waiting =
    nowImmediate.length > 0 && mailSettings().enabled
      ? await queryRows<{
          id: number;
          kind: NotifyEvent;
          title: string;
          detail: string | null;
          href: string;
          student_id: number | null;
          email: string | null;
          locale: string | null;
        }>(
          sql`select n.id, n.kind, n.title, n.detail, n.href, n.student_id, u.email, u.locale
              from notifications n join users u on u.id = n.user_id
              where n.user_id = ${userId} and n.digest is not null and n.digested_at is null
                and n.kind = any(${`{${nowImmediate.join(",")}}`}::text[])
              order by n.created_at, n.id limit ${WAITING_SENT_MAX}`,
          on,
        )
      : [];
  const rows = JSON.stringify(
    NOTIFY_EVENTS.map((e) => ({
      event: e,
      delivery: prefs[e].delivery,
      threshold: e === "grade" ? prefs[e].threshold : null,
    })),
  );
  await queryRows(
    sql`with input as (select * from jsonb_to_recordset(${rows}::jsonb) as t(event text, delivery text, threshold int)),
        saved as (
          insert into notification_preferences (user_id, event, delivery, threshold, updated_at)
          select ${userId}, event, delivery, threshold, now() from input
          on conflict (user_id, event) do update set delivery = excluded.delivery, threshold = excluded.threshold, updated_at = now()
          returning event)
        update notifications n set digest = case when i.delivery in ('daily', 'weekly') then i.delivery end
        from input i
        where n.user_id = ${userId} and n.kind = i.event and n.digest is not null and n.digested_at is null
          and n.digest is distinct from (case when i.delivery in ('daily', 'weekly') then i.delivery end)`,
    on,
  );
  const school = await currentSchoolName(on);
  const mails = waiting.flatMap((n) => {
    const to = deliverableAddress(n.email);
    if (!to) return [];
    const mail = noticeMail({
      school,
      userId,
      to,
      event: n.kind,
      title: n.title,
      detail: n.detail,
      href: n.href,
      // The item's words were written in their language when it happened; the frame follows it now.
      locale: recipientLocale(n.locale),
      messageId: `<notification-${n.id}@classroom-portal>`,
    });
    return [
      {
        kind: MAIL_SEND,
        dedupeKey: `mail:notification:${n.id}`,
        payload: { ...mail, recipientId: userId, studentId: n.student_id },
      },
    ];
  });
  await enqueueMany(on, mails);
}

/** At most this many waiting digest items are e-mailed one by one when their event moves to "immediately". */
const WAITING_SENT_MAX = 100;

/**
 * Stops the e-mails of some events for one person (an unsubscribe link): they stay in the portal's
 * bell ("portal"; issue 27: "off" took the bell entries too). `digest`: only the events still read
 * in that digest (a digest's link names what it contained; a bare one, every event read in it).
 * Events already off or in the portal only are left as they are. Returns the events changed.
 */
export async function stopEmails(
  userId: number,
  scope: { events: readonly NotifyEvent[]; digest?: Extract<Delivery, "daily" | "weekly"> },
  on?: Runner,
): Promise<NotifyEvent[]> {
  const current = await loadPreferences(userId, on);
  const named = scope.digest && scope.events.length === 0 ? NOTIFY_EVENTS : scope.events;
  const chosen = named.filter((e) =>
    scope.digest
      ? current[e].delivery === scope.digest
      : current[e].delivery !== "off" && current[e].delivery !== "portal",
  );
  if (chosen.length === 0) return [];
  const next = { ...current };
  for (const e of chosen) next[e] = { ...current[e], delivery: "portal" };
  await savePreferences(userId, next, on);
  return [...chosen];
}
