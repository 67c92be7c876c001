import { I18nProvider } from "@/components/i18n-provider";
import { schoolTimeZone } from "@/lib/env";
import { clientMessages, type PageNamespace } from "@/lib/i18n/client";
import { intlLocaleOf } from "@/lib/i18n/locales";
import { requestLocale } from "@/lib/i18n/request-locale";

/**
 * The catalog's namespaces a screen's client components read, on top of the root layout's
 * (lib/i18n/client.ts). A nested provider replaces the outer one's messages, so it carries both.
 */
export async function PageMessages({
  namespaces,
  children,
}: {
  namespaces: readonly PageNamespace[];
  children: React.ReactNode;
}) {
  const locale = await requestLocale();
  return (
    <I18nProvider
      locale={intlLocaleOf(locale)}
      timeZone={schoolTimeZone()}
      messages={clientMessages(locale, namespaces)}
    >
      {children}
    </I18nProvider>
  );
}
