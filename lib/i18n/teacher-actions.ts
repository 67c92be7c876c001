import "server-only";
import type { ActionResult } from "@/lib/action-result";
import { messagesFor, type Messages } from "./catalog";
import { inReaderLanguage, translateActionMessage, translatedAction } from "./action-message";
import { getT } from "./request-locale";
import { matchSentence, sentencePatterns } from "./sentence-patterns";

// The class dashboard's actions (announcements, assignments, attendance, the roster, messages to
// guardians; issue 31) keep writing the spec's English, in their zod schemas and in lib/, as the
// class page's do (decision 029): their answer is put in the reader's language when it leaves the
// action. Many carry a name, a date or a count, so each English message of the server-only
// `teacherActions` namespace is a pattern: its {placeholders} are read back (whole numbers as
// numbers, for the Spanish plurals) and written again in the reader's language. A value that is
// itself one of these sentences (a preview's "students who have not handed in …") is translated
// too. A sentence no pattern knows goes on to the class page's table, then stays English.

type Key = keyof Messages["teacherActions"];

// In catalog order: a more specific sentence comes before the general one it would also match
// ("… in the whole year" before "… in {term}").
const PATTERNS = sentencePatterns(messagesFor("en").teacherActions);

/** The key and values of one of the dashboard actions' English sentences, or null. */
export function matchTeacherMessage(message: string): { key: Key; values: Record<string, string | number> } | null {
  const found = matchSentence(PATTERNS, message);
  if (!found) return null;
  const values = Object.fromEntries(
    Object.entries(found.values).map(([name, raw]) => [name, /^\d+$/.test(raw) ? Number(raw) : raw]),
  );
  return { key: found.key, values };
}

/** One of the dashboard actions' English messages in the reader's language; any other text as it is. */
export async function translateTeacherMessage(message: string): Promise<string> {
  const found = matchTeacherMessage(message);
  if (!found) return translateActionMessage(message);
  const values: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(found.values))
    values[name] =
      typeof value === "string" && matchTeacherMessage(value) ? await translateTeacherMessage(value) : value;
  return (await getT("teacherActions"))(found.key, values);
}

/** A dashboard action's answer with its message (and field messages) in the reader's language. */
export function inTeacherLanguage<T>(answer: ActionResult<T> | Promise<ActionResult<T>>): Promise<ActionResult<T>> {
  return inReaderLanguage(answer, translateTeacherMessage);
}

/** A dashboard action whose answers (message and field messages) are in the reader's language. */
export function teacherAction<A extends unknown[], T>(
  action: (...args: A) => Promise<ActionResult<T>>,
): (...args: A) => Promise<ActionResult<T>> {
  return translatedAction(action, translateTeacherMessage);
}
