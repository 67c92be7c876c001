import "server-only";
import { keepPercentWithNumber } from "@/lib/domain/format";
import { isLocale, isPseudoLocale, type AnyLocale } from "./locales";
import type { Message, Text } from "./message";
import { readerDecimal, render } from "./render";
import { storedMessage } from "./stored-message";

// "Why this grade" is made as descriptors by the calculator (lib/domain/term-grade.ts,
// explainTermGrade) and stored so with a published card. Written here, where it is shown (the
// class page, the report card, the teacher's screens, the PDF), in the reader's language: its
// numbers with the reader's decimal mark (unless GRADE_DECIMALS=point), the teacher's names and
// titles as written. A stored line is checked first (lib/i18n/stored-message.ts).

type Values = { [name: string]: Text };

/** The same message with every number in the reader's digits ("89,5"), nested messages too. */
function withDigits(message: Message, digits: (n: number) => string): Message {
  if (!message.values) return message;
  const values: Values = {};
  for (const [name, value] of Object.entries(message.values))
    values[name] =
      typeof value === "number" ? digits(value) : typeof value === "object" ? withDigits(value, digits) : value;
  return { ...message, values };
}

/**
 * The lines in the reader's language, to be shown or printed, each "%" kept on the line of its
 * number (a no-break space, as the catalogs write it).
 */
export function whyInLanguage(lines: readonly unknown[], locale: string): string[] {
  const reader: AnyLocale = isLocale(locale) || isPseudoLocale(locale) ? locale : "en";
  const digits = (n: number) => readerDecimal(n, reader);
  return lines.map((line) => keepPercentWithNumber(render(withDigits(storedMessage(line), digits), reader)));
}
