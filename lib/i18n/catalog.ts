import en from "./messages/en.json";
import es from "./messages/es.json";
import type { AnyLocale, Locale } from "./locales";

// English is the reference catalog: the spec's wording, verbatim. Every other catalog has the same
// keys (tests/i18n-catalog.test.ts); its type is English's, so a key missing in code fails tsc.
export type Messages = typeof en;

const CATALOGS: Record<Locale, Messages> = { en, es };

/** Every message wrapped in markers (en-XA) or reversed-direction markers (ar-XB); see locales.ts. */
function pseudo(messages: unknown, open: string, close: string): unknown {
  if (typeof messages === "string") return `${open}${messages}${close}`;
  if (messages && typeof messages === "object") {
    return Object.fromEntries(Object.entries(messages).map(([k, v]) => [k, pseudo(v, open, close)]));
  }
  return messages;
}

const pseudoCatalogs = new Map<string, Messages>();

export function messagesFor(locale: AnyLocale): Messages {
  if (locale === "en-XA" || locale === "ar-XB") {
    let found = pseudoCatalogs.get(locale);
    if (!found) {
      found = (locale === "en-XA" ? pseudo(en, "[!! ", " !!]") : pseudo(en, "[!! ‏", "‏ !!]")) as Messages;
      pseudoCatalogs.set(locale, found);
    }
    return found;
  }
  return CATALOGS[locale];
}
