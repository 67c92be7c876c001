import "server-only";
import { render } from "@/lib/i18n/render";
import { requestLocale } from "@/lib/i18n/request-locale";
import type { UnsubscribeScope } from "@/lib/mail/unsubscribe";
import { describeScope } from "@/lib/notify/unsubscribe";

/** What an unsubscribe link turns off, in the reader's language (the unsubscribe page). */
export async function describeScopeForReader(scope: UnsubscribeScope): Promise<string> {
  return render(describeScope(scope), await requestLocale());
}
