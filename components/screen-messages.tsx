"use client";

import { useMemo } from "react";
import { IntlProvider, useLocale, useMessages, useTimeZone } from "use-intl";
import type { Messages } from "@/lib/i18n/catalog";

/**
 * More of the catalog for the client components inside (lib/i18n/client.ts gradesMessages), on
 * top of the page's: only that namespace travels in the page, not the base ones again, as a nested
 * PageMessages would send them.
 */
export function ScreenMessages({ messages, children }: { messages: Partial<Messages>; children: React.ReactNode }) {
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
