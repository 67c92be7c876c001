import "server-only";
import { localizeDecimal } from "@/lib/domain/format";
import { env } from "@/lib/env";
import { translateActionMessage } from "./action-message";
import { messagesFor, type Messages } from "./catalog";
import { intlLocaleOf } from "./locales";
import { getT, requestLocale } from "./request-locale";

// The teacher's grade actions (scores and marks, grading settings, term overrides and comments;
// issue 31) keep the spec's English, in their zod schemas, lib/gradebook and the calculator's
// settings rules; their answers are put in the reader's language here, as the class page's are
// (action-message.ts). Many carry a value (a maximum score, a category's or a term's name), so each
// English message of `gradesServer.actions` is a pattern, its {placeholders} read back from the text.

type Key = keyof Messages["gradesServer"]["actions"];

/** Placeholders that hold a number written with a decimal point: the reader's mark in the answer. */
const NUMBERS = new Set(["max", "total"]);

const PATTERNS = Object.entries(messagesFor("en").gradesServer.actions).map(([key, text]) => {
  const names: string[] = [];
  const source = text
    .split(/(\{\w+\})/)
    .map((part) => {
      const name = /^\{(\w+)\}$/.exec(part)?.[1];
      if (!name) return part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
      names.push(name);
      return NUMBERS.has(name) ? "(\\d+(?:\\.\\d+)?)" : "(.+?)";
    })
    .join("");
  return { key: key as Key, names, pattern: new RegExp(`^${source}$`, "s") };
});

async function one(sentence: string): Promise<string | null> {
  for (const { key, names, pattern } of PATTERNS) {
    const match = pattern.exec(sentence);
    if (!match) continue;
    const locale = env().GRADE_DECIMALS === "point" ? "en" : intlLocaleOf(await requestLocale());
    const values = Object.fromEntries(
      names.map((name, i) => [name, NUMBERS.has(name) ? localizeDecimal(match[i + 1]!, locale) : match[i + 1]!]),
    );
    return (await getT("gradesServer"))(`actions.${key}`, values);
  }
  return null;
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
