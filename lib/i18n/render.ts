import type { ActionResult, Answer } from "@/lib/action-result";
import { localizeDecimal } from "@/lib/domain/format";
import { env } from "@/lib/env";
import type { Messages } from "./catalog";
import type { AnyLocale } from "./locales";
import { intlLocaleOf } from "./locales";
import { isMessage, type Message } from "./message";
import { translatorFor } from "./translator";

// Where a message descriptor (lib/i18n/message.ts) becomes text: with the catalog of its reader's
// language, at the edge (an action's answer as it leaves the server, a page, an e-mail, a PDF, the
// command line in the school's language). The translators are lib/i18n/translator.ts's, built once
// per language and namespace, so a message with only simple arguments is filled in without
// use-intl's per-call work (fast-values.ts).

type Translate = (key: string, values?: Record<string, string | number>) => string;

/** One message in `locale`; a value that is itself a message is written first, in the same language. */
export function render(message: Message, locale: AnyLocale): string {
  if (message.key === "compose.decimal") return decimalIn(message.values?.value, locale);
  const dot = message.key.indexOf(".");
  const t = translatorFor(locale, message.key.slice(0, dot) as keyof Messages) as unknown as Translate;
  const key = message.key.slice(dot + 1);
  if (!message.values) return t(key);
  const values: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(message.values))
    values[name] = typeof value === "object" ? render(value, locale) : value;
  return t(key, values);
}

/**
 * A `decimal()` value: the digits as given, with the reader's decimal mark, as grade numbers are
 * written on the screens (lib/i18n/grade-numbers.ts): GRADE_DECIMALS=point keeps the point. Not
 * through the catalog, so a pseudo-locale does not wrap a number as if it were a sentence.
 */
function decimalIn(value: unknown, locale: AnyLocale): string {
  if (typeof value !== "number" && typeof value !== "string") return "";
  return readerDecimal(value, locale);
}

/** A number in the reader's decimal mark, or with the point when GRADE_DECIMALS=point. */
export function readerDecimal(value: number | string, locale: AnyLocale): string {
  return localizeDecimal(value, env().GRADE_DECIMALS === "point" ? "en" : intlLocaleOf(locale));
}

/** A text that is a descriptor in `locale`; a text an area not yet converted wrote stays as it is. */
export function renderText(text: Message | string, locale: AnyLocale): string {
  return isMessage(text) ? render(text, locale) : text;
}

/** Does this answer hold a descriptor (so the reader's language is needed to write it)? */
export function holdsMessages<T>(answer: Answer<T, Message | string>): boolean {
  if (answer.message !== undefined && isMessage(answer.message)) return true;
  return !answer.ok && Object.values(answer.fieldErrors ?? {}).some((list) => list?.some((item) => isMessage(item)));
}

/** An action's answer as the browser receives it: its message and field messages written in `locale`. */
export function renderAnswer<T>(answer: Answer<T, Message | string>, locale: AnyLocale): ActionResult<T> {
  if (answer.ok) {
    const { message, ...rest } = answer;
    return message === undefined ? rest : { ...rest, message: renderText(message, locale) };
  }
  const { message, fieldErrors, ...rest } = answer;
  const result: ActionResult<T> = { ...rest, message: renderText(message, locale) };
  if (fieldErrors) {
    const rendered: Record<string, string[] | undefined> = {};
    for (const [field, list] of Object.entries(fieldErrors)) rendered[field] = list?.map((m) => renderText(m, locale));
    result.fieldErrors = rendered;
  }
  return result;
}
