import "server-only";
import type { NotifyEvent } from "@/lib/domain/notify-events";
import { listOf, msg, type Message } from "@/lib/i18n/message";
import { render } from "@/lib/i18n/render";
import { requestLocale } from "@/lib/i18n/request-locale";
import { digestScope, type UnsubscribeScope } from "@/lib/mail/unsubscribe";

// An event's name, as the settings page calls it (settings.events), quoted.
const EVENT_NAMES: Record<NotifyEvent, Message> = {
  attendance: msg("settings.events.attendance"),
  work: msg("settings.events.work"),
  grade: msg("settings.events.grade"),
  announcement: msg("settings.events.announcement"),
  report_card: msg("settings.events.report_card"),
  message: msg("settings.events.message"),
};
const quoted = (e: NotifyEvent) => msg("unsubscribe.quoted", { text: EVENT_NAMES[e] });

/** What an unsubscribe link turns off, as a descriptor (lib/notify/unsubscribe.ts says it in English). */
export function describeScopeMessage(scope: UnsubscribeScope): Message {
  const digest = digestScope(scope);
  if (!digest) return msg("unsubscribe.eventEmails", { event: EVENT_NAMES[scope as NotifyEvent] });
  const period = msg(digest.period === "daily" ? "unsubscribe.periods.daily" : "unsubscribe.periods.weekly");
  const [first, ...rest] = digest.events;
  if (!first) return msg("unsubscribe.digest", { period });
  return msg("unsubscribe.digestOf", { period, events: listOf(quoted(first), ...rest.map(quoted)) });
}

/** The same, in the reader's language (the unsubscribe page). */
export async function describeScopeForReader(scope: UnsubscribeScope): Promise<string> {
  return render(describeScopeMessage(scope), await requestLocale());
}
