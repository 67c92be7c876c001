"use client";
import { useMemo } from "react";
import { IntlProvider, useLocale, useMessages, useTimeZone } from "use-intl";
import type { Messages } from "@/lib/i18n/catalog";

/**
 * Adds a few namespaces to the messages of the provider around it (the page's), so a part of a
 * page that needs its own (one dashboard tab) sends only those: a nested PageMessages would send
 * the page's namespaces a second time.
 */
export function ExtraMessages({ messages, children }: { messages: Partial<Messages>; children: React.ReactNode }) {
  const outer = useMessages();
  const locale = useLocale();
  const timeZone = useTimeZone();
  const merged = useMemo(() => ({ ...outer, ...messages }), [outer, messages]);
  return (
    <IntlProvider locale={locale} timeZone={timeZone} messages={merged}>
      {children}
    </IntlProvider>
  );
}
