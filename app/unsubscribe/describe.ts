import "server-only";
import type { NotifyEvent } from "@/lib/domain/notify-events";
import { formatterFor } from "@/lib/i18n/translator";
import { getT, requestLocale } from "@/lib/i18n/request-locale";
import { digestScope, type UnsubscribeScope } from "@/lib/mail/unsubscribe";

/** What an unsubscribe link turns off, in the reader's language (lib/notify/unsubscribe.ts says it in English). */
export async function describeScopeForReader(scope: UnsubscribeScope): Promise<string> {
  const t = await getT("unsubscribe");
  const events = await getT("settings");
  const label = (e: NotifyEvent) => events(`events.${e}`);
  const digest = digestScope(scope);
  if (!digest) return t("eventEmails", { event: label(scope as NotifyEvent) });
  if (!digest.events.length) return t("digest", { period: t(`periods.${digest.period}`) });
  const quoted = digest.events.map((e) => t("quoted", { text: label(e) }));
  const list = formatterFor(await requestLocale()).list(quoted);
  return t("digestOf", { period: t(`periods.${digest.period}`), events: list });
}
