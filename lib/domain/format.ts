// Dates are formatted on the server in the school's zone and sent as text, so the browser
// never re-formats them differently (no hydration mismatch, same time for everyone).

import { dateTimeFormat } from "./intl";

// `locale` is a language of lib/i18n/locales.ts (issue 31); English stays the US style the spec shows.
function tag(locale: string): string {
  return locale === "en" ? "en-US" : locale;
}

export function formatDate(d: Date, timeZone: string, locale = "en"): string {
  return dateTimeFormat(tag(locale), { timeZone, year: "numeric", month: "short", day: "numeric" }).format(d);
}

export function formatDateTime(d: Date, timeZone: string, locale = "en"): string {
  return dateTimeFormat(tag(locale), {
    timeZone,
    year: "numeric",
    month: "short",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
  }).format(d);
}

export function formatTime(d: Date, timeZone: string, locale = "en"): string {
  return dateTimeFormat(tag(locale), { timeZone, hour: "numeric", minute: "2-digit" }).format(d);
}

/** A 'yyyy-mm-dd' calendar day as text, without shifting it through any time zone. */
export function formatDay(day: string, locale = "en"): string {
  return dateTimeFormat(tag(locale), {
    timeZone: "UTC",
    weekday: "short",
    year: "numeric",
    month: "short",
    day: "numeric",
  }).format(new Date(`${day}T00:00:00Z`));
}

/** A long date for letters and headings: "Thursday, November 26, 2026" / "jueves, 26 de noviembre de 2026". */
export function formatLongDay(day: string, locale = "en"): string {
  return dateTimeFormat(tag(locale), {
    timeZone: "UTC",
    weekday: "long",
    year: "numeric",
    month: "long",
    day: "numeric",
  }).format(new Date(`${day}T00:00:00Z`));
}

const numberFormats = new Map<string, Intl.NumberFormat>();

/**
 * A number already rounded by the calculator (lib/domain/percent.ts), written the locale's way:
 * "89.5" in English, "89,5" in Spanish. `decimals` only pads or fixes the digits it shows; the
 * value is never rounded here, so no binary float decides a boundary.
 */
export function formatNumber(value: number, locale = "en", decimals = 0): string {
  const key = `${locale}|${decimals}`;
  let f = numberFormats.get(key);
  if (!f) {
    f = new Intl.NumberFormat(tag(locale), {
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
      useGrouping: false,
    });
    numberFormats.set(key, f);
  }
  return f.format(value);
}

const decimalMarks = new Map<string, string>();

/**
 * A decimal the calculator already rounded ("89.5", 89.5), with the locale's decimal mark:
 * "89,5" in Spanish. Only the mark changes, so the digits are exactly the calculator's.
 */
export function localizeDecimal(value: number | string, locale = "en"): string {
  let mark = decimalMarks.get(locale);
  if (mark === undefined) {
    mark = new Intl.NumberFormat(tag(locale)).formatToParts(1.5).find((p) => p.type === "decimal")?.value ?? ".";
    decimalMarks.set(locale, mark);
  }
  return String(value).replace(".", mark);
}

/**
 * A percent sign kept on the line of its number: "89,5 %" with a no-break space, so a narrow screen
 * never leaves "%" alone at the start of a line. For sentences written elsewhere (the calculator's
 * "why this grade"); the catalogs write their own with the no-break space already.
 */
export function keepPercentWithNumber(text: string): string {
  return text.replace(/(\d) %/g, "$1\u00a0%");
}
