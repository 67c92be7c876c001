import { createFormatter, createTranslator, type _Translator as Translator } from "use-intl/core";
import { schoolTimeZone } from "@/lib/env";
import { messagesFor, type Messages } from "./catalog";
import { withFastValues } from "./fast-values";
import { intlLocaleOf, type AnyLocale } from "./locales";

// Translators outside React (server components, server actions, e-mails, PDFs, CSV headers) for a
// given locale. Built once per locale and namespace and kept: a message is formatted, never re-parsed,
// so catalogs cost no render (issue 31's bench condition).
type Namespace = keyof Messages;
const translators = new Map<string, unknown>();

export function translatorFor<N extends Namespace>(locale: AnyLocale, namespace: N): Translator<Messages, N> {
  const key = `${locale}\u0000${namespace}`;
  let found = translators.get(key) as Translator<Messages, N> | undefined;
  if (!found) {
    found = withFastValues(
      createTranslator({
        locale: intlLocaleOf(locale),
        messages: messagesFor(locale),
        namespace,
        timeZone: schoolTimeZone(),
      }) as never,
    );
    translators.set(key, found);
  }
  return found;
}

/** Dates, times, numbers and lists in the locale's way, in the school's time zone. */
export function formatterFor(locale: AnyLocale) {
  return createFormatter({ locale: intlLocaleOf(locale), timeZone: schoolTimeZone() });
}
