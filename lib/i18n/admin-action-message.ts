import "server-only";
import type { ActionResult } from "@/lib/action-result";
import { inReaderLanguage, translateActionMessage, translatedAction } from "./action-message";
import { messagesFor, type Messages } from "./catalog";
import { getT, requestLocale } from "./request-locale";
import { matchSentence, sentencePatterns } from "./sentence-patterns";

// The admin's actions (app/admin/*-actions.ts) keep the spec's English in their schemas, in lib/admin,
// lib/parent, lib/terms and lib/roster, as the class page's do (lib/i18n/action-message.ts). Their
// answers carry names, titles and numbers, so each English sentence of the catalog's `admin.actions`
// is a pattern: its {placeholders} are read back from the text and written into the reader's
// language. A sentence no pattern knows goes on to the class page's translator (guards' refusals,
// the generic error), and stays English if that does not know it either.

const PATTERNS = sentencePatterns(messagesFor("en").admin.actions);

/** The message of a pattern that matches the whole text, in the reader's language. */
async function byPattern(text: string): Promise<string | null> {
  const found = matchSentence(PATTERNS, text);
  return found && (await getT("admin"))(`actions.${found.key}`, found.values);
}

/** One of the admin actions' English answers in the reader's language; any other text as it is. */
export async function translateAdminMessage(message: string): Promise<string> {
  if ((await requestLocale()) === "en") return message;
  const whole = await byPattern(message);
  if (whole !== null) return whole;
  // The terms form lists its problems as one text, "A. B." (lib/terms/terms.ts): translated part by
  // part when every part is known, else left whole (never half-translated).
  if (message.endsWith(".")) {
    const parts = await Promise.all(message.slice(0, -1).split(". ").map(byPattern));
    if (parts.every((p) => p !== null)) return `${parts.join(". ")}.`;
  }
  // The test e-mail's refusal when e-mail is off is the transport's own sentence (admin.mailOff).
  const off = Object.entries(messagesFor("en").admin.mailOff).find(([, text]) => text === message);
  if (off) return (await getT("admin"))(`mailOff.${off[0] as keyof Messages["admin"]["mailOff"]}`);
  return translateActionMessage(message);
}

/** An admin action's answer with its message and field messages in the reader's language. */
export function inAdminReaderLanguage<T>(answer: Promise<ActionResult<T>>): Promise<ActionResult<T>> {
  return inReaderLanguage(answer, translateAdminMessage);
}

/** An admin action (adminAction / adminFormAction, unchanged) whose answers are in the reader's language. */
export function adminTranslated<A extends unknown[], T>(
  action: (...args: A) => Promise<ActionResult<T>>,
): (...args: A) => Promise<ActionResult<T>> {
  return translatedAction(action, translateAdminMessage);
}
