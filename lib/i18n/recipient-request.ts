import "server-only";
import { intlLocaleOf, isLocale, type Locale } from "./locales";
import { requestLocale } from "./request-locale";

/**
 * The language of a document downloaded by the person reading it (a parent's report-card PDF):
 * the request's, as the page they downloaded it from. A test pseudo-locale prints as the language it mimics.
 */
export async function readerLocale(): Promise<Locale> {
  const locale = await requestLocale();
  return isLocale(locale) ? locale : intlLocaleOf(locale);
}
