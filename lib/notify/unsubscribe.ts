// What an unsubscribe link does (issue 20, RFC 8058): the one recipient and event (or digest) it
// names are turned off, without signing in. The link is the credential (lib/mail/unsubscribe.ts);
// it can only turn notifications off, so a forwarded e-mail's link risks no more than that.
import "server-only";
import { audit } from "@/lib/audit";
import { db } from "@/lib/db/client";
import type { NotifyEvent } from "@/lib/domain/notify-events";
import { listOf, msg, type Message } from "@/lib/i18n/message";
import { digestScope, readUnsubscribeToken, type UnsubscribeScope } from "@/lib/mail/unsubscribe";
import { stopEmails } from "./preferences";

// An event's name, as the settings page calls it (settings.events).
const EVENT_NAMES: Record<NotifyEvent, Message> = {
  attendance: msg("settings.events.attendance"),
  work: msg("settings.events.work"),
  grade: msg("settings.events.grade"),
  announcement: msg("settings.events.announcement"),
  report_card: msg("settings.events.report_card"),
  message: msg("settings.events.message"),
  comment: msg("settings.events.comment"),
};
const quoted = (e: NotifyEvent) => msg("unsubscribe.quoted", { text: EVENT_NAMES[e] });

/**
 * What an unsubscribe link turns off, as a descriptor (issue 40), written in its reader's language
 * by the page, the button's answer and the one-click route.
 */
export function describeScope(scope: UnsubscribeScope): Message {
  const digest = digestScope(scope);
  if (!digest) return msg("unsubscribe.eventEmails", { event: EVENT_NAMES[scope as NotifyEvent] });
  const period = msg(digest.period === "daily" ? "unsubscribe.periods.daily" : "unsubscribe.periods.weekly");
  const [first, ...rest] = digest.events;
  if (!first) return msg("unsubscribe.digest", { period });
  return msg("unsubscribe.digestOf", { period, events: listOf(quoted(first), ...rest.map(quoted)) });
}

/** What the link would turn off, or null when it is not a link we made. */
export function inspectUnsubscribe(token: string): { scope: UnsubscribeScope; what: Message } | null {
  const t = readUnsubscribeToken(token);
  return t ? { scope: t.scope, what: describeScope(t.scope) } : null;
}

export async function unsubscribe(token: string): Promise<{ what: Message } | null> {
  const t = readUnsubscribeToken(token);
  if (!t) return null;
  await db().transaction(async (tx) => {
    const digest = digestScope(t.scope);
    const off = await stopEmails(
      t.userId,
      digest ? { events: digest.events, digest: digest.period } : { events: [t.scope as NotifyEvent] },
      tx,
    );
    // Only a change is recorded: the same link posted again (a forwarded e-mail, a retrying mail provider) writes nothing.
    if (off.length > 0)
      await audit(tx, {
        action: "notifications.unsubscribed",
        actorId: null,
        detail: { userId: t.userId, scope: t.scope, events: off },
      });
  });
  return { what: describeScope(t.scope) };
}
