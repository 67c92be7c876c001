import { ScreenMessages } from "@/components/screen-messages";
import { extraMessages, type PageNamespace } from "@/lib/i18n/client";
import { requestLocale } from "@/lib/i18n/request-locale";

/**
 * The catalog's namespaces one dashboard tab's client components read (issue 31), on top of the
 * page's: the dashboard renders one tab per request, so the browser gets that tab's words only.
 */
export async function TabMessages({
  namespaces,
  children,
}: {
  namespaces: readonly PageNamespace[];
  children: React.ReactNode;
}) {
  return <ScreenMessages messages={extraMessages(await requestLocale(), namespaces)}>{children}</ScreenMessages>;
}
