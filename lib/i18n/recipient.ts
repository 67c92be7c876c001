// The language of what the portal sends or prints for someone (issue 31): their own choice
// (users.locale), else the school's SCHOOL_LOCALE. Never the sender's, never the request's.
import { schoolLocale } from "@/lib/env";
import { isLocale, LOCALES, type Locale } from "./locales";
import { z } from "zod";

export function recipientLocale(stored: string | null | undefined): Locale {
  return isLocale(stored) ? stored : schoolLocale();
}

/**
 * A print form's language field: "" (each recipient's own language) or one of ours. zod: anything
 * else is refused with a message, never guessed.
 */
export const printLanguageField = z
  .union([z.literal(""), z.enum(LOCALES)], { error: "Choose a language from the list." })
  .optional()
  .transform((v) => (v ? v : null));

/** The printing's language when the admin chose one, else the recipient's own. */
export function printLocale(chosen: Locale | null, stored: string | null | undefined): Locale {
  return chosen ?? recipientLocale(stored);
}

const separators = new Map<string, string>();

/**
 * A number's digits exactly as the calculator gave them (never re-rounded), with the locale's
 * decimal separator: "89.5" in English, "89,5" in Spanish. Grade percents, scores and attendance
 * rates in e-mails, letters and the PDF all go through here, so the school's choice of separator
 * for grades (issue 31 item 4) is one function to change.
 */
export function localeDigits(value: number | string, locale: Locale): string {
  const text = String(value);
  if (locale === "en") return text;
  let sep = separators.get(locale);
  if (!sep) {
    sep = new Intl.NumberFormat(locale).formatToParts(1.5).find((p) => p.type === "decimal")?.value ?? ".";
    separators.set(locale, sep);
  }
  return text.replace(".", sep);
}
