import "server-only";
import { localizeDecimal } from "@/lib/domain/format";
import { env } from "@/lib/env";
import { translateActionMessage } from "./action-message";
import { messagesFor } from "./catalog";
import { intlLocaleOf } from "./locales";
import { getT, requestLocale } from "./request-locale";
import { matchSentence, sentencePatterns } from "./sentence-patterns";

// The teacher's grade actions (scores and marks, grading settings, term overrides and comments;
// issue 31) keep the spec's English, in their zod schemas, lib/gradebook and the calculator's
// settings rules; their answers are put in the reader's language here, as the class page's are
// (action-message.ts). Many carry a value (a maximum score, a category's or a term's name), so each
// English message of `gradesServer.actions` is a pattern, its {placeholders} read back from the text.

/** Placeholders that hold a number written with a decimal point: the reader's mark in the answer. */
const NUMBERS = new Set(["max", "total"]);

const PATTERNS = sentencePatterns(messagesFor("en").gradesServer.actions, (name) =>
  NUMBERS.has(name) ? "(\\d+(?:\\.\\d+)?)" : "(.+?)",
);

async function one(sentence: string): Promise<string | null> {
  const found = matchSentence(PATTERNS, sentence);
  if (!found) return null;
  const locale = env().GRADE_DECIMALS === "point" ? "en" : intlLocaleOf(await requestLocale());
  const values = Object.fromEntries(
    Object.entries(found.values).map(([name, raw]) => [name, NUMBERS.has(name) ? localizeDecimal(raw, locale) : raw]),
  );
  return (await getT("gradesServer"))(`actions.${found.key}`, values);
}

/**
 * One of the grade actions' English answers in the reader's language. The grading settings'
 * refusal lists every problem ("A. B."): each sentence is found, or the whole answer stays English,
 * never half-translated. Anything else goes on to the class page's sentences and the guards'.
 */
export async function translateGradeMessage(message: string): Promise<string> {
  const whole = await one(message);
  if (whole !== null) return whole;
  if (message.endsWith(".")) {
    const parts = message.slice(0, -1).split(". ");
    const translated = await Promise.all(parts.map(one));
    if (translated.every((t): t is string => t !== null)) return `${translated.join(". ")}.`;
  }
  return translateActionMessage(message);
}
