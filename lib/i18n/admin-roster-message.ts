import "server-only";
import type { ProblemGroup } from "@/lib/roster/problems";
import { messagesFor, type Messages } from "./catalog";
import { requestLocale } from "./request-locale";
import { translatorFor } from "./translator";
import { matchSentence, sentencePatterns, type SentencePattern } from "./sentence-patterns";
import type { AnyLocale } from "./locales";

// The roster import's problems, warnings and removal reasons keep the English lib/roster writes: the
// command line (npm run roster:import), the nightly sync's e-mail and the stored history read it.
// The admin page gets them in the reader's language here, at the edge (lib/roster-web/request.ts):
// each English sentence of `admin.rosterReport.text` is a pattern whose {placeholders} are read back
// from the text, as lib/i18n/admin-action-message.ts does for the admin's actions. A placeholder's
// value is itself looked up in `admin.rosterReport.parts` (a role word, "the user on line 3", the
// removal reason), so nested wording is translated too; a quoted value, a name or a file stays as it
// is. A sentence no pattern knows stays English whole.

type Section = "text" | "parts";
type Entry = SentencePattern<string>;

function patternsOf(section: Section): Entry[] {
  const messages: Record<string, string> = messagesFor("en").admin.rosterReport[section];
  const literal = (key: string) => messages[key]!.replace(/\{\w+\}/g, "").length;
  // The most specific first: "{a} is already the username of {b}, {c} in the portal" before "{a} is
  // already the username of {b}", which would match it too.
  return sentencePatterns(messages).sort((a, b) => literal(b.key) - literal(a.key));
}

let patterns: Record<Section, Entry[]> | null = null;

const COLUMN_WORDS = Object.keys(
  messagesFor("en").admin.rosterReport.columnWords,
) as (keyof Messages["admin"]["rosterReport"]["columnWords"])[];

/** Reads an English text back into the reader's language, or null when no pattern of `section` knows it. */
function byPattern(locale: AnyLocale, section: Section, text: string, depth: number): string | null {
  patterns ??= { text: patternsOf("text"), parts: patternsOf("parts") };
  const t = translatorFor(locale, "admin");
  const found = matchSentence(patterns[section], text);
  if (!found) return null;
  const values = Object.fromEntries(
    Object.entries(found.values).map(([name, value]) => [
      name,
      // {count} is a plural's number; the others are words, translated when a part knows them.
      name === "count" && /^\d+$/.test(value) ? Number(value) : part(locale, value, depth + 1),
    ]),
  );
  return t(
    `rosterReport.${section}.${found.key}` as `rosterReport.text.${keyof Messages["admin"]["rosterReport"]["text"]}`,
    values,
  );
}

/**
 * A placeholder's value: a known part (or a whole sentence, as a reader's own error in brackets) in
 * the reader's language, else as it is (a name, a quoted value).
 */
function part(locale: AnyLocale, value: string, depth: number): string {
  if (depth > 3) return value;
  return byPattern(locale, "parts", value, depth) ?? byPattern(locale, "text", value, depth) ?? value;
}

/** Translates the roster's English for one reader's language. */
export interface RosterTranslator {
  locale: AnyLocale;
  /** A problem's or warning's "what is wrong" or "what to do": the reader's language, or English whole. */
  sentence(text: string): string;
  /** A removal reason ("the import would remove 3 people (…)"), or any other part. */
  part(text: string): string;
  /** A group of alike problems as one line, as lib/roster/problems.ts formatGroup writes it in English. */
  group(g: ProblemGroup, english: (g: ProblemGroup) => string): string;
  /** One of the routes' refusals (`admin.rosterReport.refusals`). */
  refusal(key: keyof Messages["admin"]["rosterReport"]["refusals"], values?: Record<string, string | number>): string;
}

export function rosterTranslatorFor(locale: AnyLocale): RosterTranslator {
  const t = translatorFor(locale, "admin");
  const english = locale === "en";
  const sentence = (text: string) => (english ? text : (byPattern(locale, "text", text, 0) ?? text));
  return {
    locale,
    sentence,
    part: (text) => (english ? text : part(locale, text, 0)),
    group(g, formatEnglish) {
      if (english) return formatEnglish(g);
      const p = g.problem;
      // The column as the file's header writes it, or lib/roster's own word for the row or file.
      const word = COLUMN_WORDS.find((w) => w === p.column);
      const column = word ? t(`rosterReport.columnWords.${word}`) : p.column;
      const values = { column, message: sentence(p.message), fix: sentence(p.fix) };
      const shown = g.lines.filter((l) => l > 0);
      if (g.count === 1)
        return t("rosterReport.oneLine", { where: p.line > 0 ? `${p.file}:${p.line}` : p.file, ...values });
      const more = g.count - shown.length;
      const lines = shown.join(", ");
      const where = shown.length
        ? `${p.file}:${more > 0 ? t("rosterReport.andMore", { lines, more }) : lines}`
        : p.file;
      return t("rosterReport.groupLine", { where, count: g.count, ...values });
    },
    refusal: (key, values) => t(`rosterReport.refusals.${key}`, values),
  };
}

/** The roster translator of this request's reader. */
export async function rosterTranslator(): Promise<RosterTranslator> {
  return rosterTranslatorFor(await requestLocale());
}
