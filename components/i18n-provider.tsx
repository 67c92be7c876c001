"use client";
import { IntlProvider } from "use-intl";
import type { Messages } from "@/lib/i18n/catalog";
import type { Locale } from "@/lib/i18n/locales";

// The client half of the catalog: only the namespaces client components use (lib/i18n/client.ts),
// so a page's JS does not carry every screen's messages.
export function I18nProvider(props: {
  locale: Locale;
  timeZone: string;
  messages: Partial<Messages>;
  children: React.ReactNode;
}) {
  return (
    <IntlProvider locale={props.locale} timeZone={props.timeZone} messages={props.messages}>
      {props.children}
    </IntlProvider>
  );
}
