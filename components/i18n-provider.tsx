"use client";
import { Direction } from "radix-ui";
import { IntlProvider } from "use-intl";
import type { Messages } from "@/lib/i18n/catalog";
import type { Locale } from "@/lib/i18n/locales";

// The client half of the catalog: only the namespaces client components use (lib/i18n/client.ts),
// so a page's JS does not carry every screen's messages. The page's direction goes to Radix too:
// its Tabs (the report card's) and menus write `dir` on their own elements, "ltr" unless told, which
// kept a right-to-left report card left to right inside an otherwise mirrored page.
export function I18nProvider(props: {
  locale: Locale;
  dir: "ltr" | "rtl";
  timeZone: string;
  messages: Partial<Messages>;
  children: React.ReactNode;
}) {
  return (
    <Direction.Provider dir={props.dir}>
      <IntlProvider locale={props.locale} timeZone={props.timeZone} messages={props.messages}>
        {props.children}
      </IntlProvider>
    </Direction.Provider>
  );
}
