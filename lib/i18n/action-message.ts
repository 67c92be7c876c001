import "server-only";
import type { ActionResult } from "@/lib/action-result";
import {
  CONTENT_MAX_LENGTH,
  MARKDOWN_MAX_DEPTH,
  MIN_RESPONSE_LENGTH,
  RESPONSE_RATE_LIMIT,
  RESPONSE_RATE_WINDOW_MS,
  TITLE_MAX_LENGTH,
} from "@/lib/domain/constants";
import { MSG } from "@/lib/domain/messages";
import type { Messages } from "./catalog";
import { translateRefusal } from "./refusal";
import { getT, requestLocale } from "./request-locale";
import { translatorFor } from "./translator";

// The class dashboard's staff actions (app/level/[levelCode]/update) still answer with the class
// page's English sentences (issue 31); their answer is put in the reader's language here, by the
// English text, when it leaves the action (inReaderLanguage / translatedAction). The student's own
// class-page actions and the upload route answer with descriptors instead (issue 40); this module
// goes when the last staff action does too.

type ActionKey = keyof Messages["classPage"]["actions"];
type Values = Record<string, number>;

const EVERY_MINUTES = RESPONSE_RATE_WINDOW_MS / 60_000;

/** Every message the student's class-page actions return, with the values its English is written with. */
const KNOWN: [ActionKey, Values?][] = [
  ["titleRequired"],
  ["titleTooLong", { max: TITLE_MAX_LENGTH }],
  ["responseRequired"],
  ["responseTooLong", { max: CONTENT_MAX_LENGTH }],
  ["responseNested", { max: MARKDOWN_MAX_DEPTH }],
  ["responseTooShort", { min: MIN_RESPONSE_LENGTH }],
  ["announcementNotHere"],
  ["assignmentNotHere"],
  ["responseNotHere"],
  ["responseAdded"],
  ["responseDeleted"],
  // "Please wait N minutes": one entry for each wait the limiter can answer (1 … the window).
  ...Array.from({ length: EVERY_MINUTES }, (_, i): [ActionKey, Values] => [
    "tooManyResponses",
    { limit: RESPONSE_RATE_LIMIT, every: EVERY_MINUTES, minutes: i + 1 },
  ]),
  ["submissionSent"],
  ["submitFailed"],
  ["submissionsLoadFailed"],
  ["fileGone"],
  ["invalidAttachments"],
  ["tooManyAttachments"],
  ["invalidId"],
  ["studentIdRequired"],
  ["onlyYourself"],
];

// English text → key and values, from the English catalog itself: the catalog's English and the
// actions' literals must agree (tests/i18n-action-message.test.ts), or the message stays English.
const english = translatorFor("en", "classPage");
const BY_TEXT = new Map(KNOWN.map(([key, values]) => [english(`actions.${key}`, values), { key, values }]));

/** One of the actions' English messages in the reader's language; any other text as it is. */
export async function translateActionMessage(message: string): Promise<string> {
  const found = BY_TEXT.get(message);
  if (found) return (await getT("classPage"))(`actions.${found.key}`, found.values);
  if (message === MSG.genericError) return (await getT("common"))("genericError");
  return translateRefusal(message);
}

type Translate = (message: string) => Promise<string>;

/**
 * An action's answer with its message (and field messages) in the reader's language. `translate`
 * finds the sentences of another screen's actions (lib/i18n/teacher-actions.ts).
 */
export async function inReaderLanguage<T>(
  answer: ActionResult<T> | Promise<ActionResult<T>>,
  translate: Translate = translateActionMessage,
): Promise<ActionResult<T>> {
  const result = await answer;
  if ((await requestLocale()) === "en" || result.message === undefined) return result;
  const message = await translate(result.message);
  if (result.ok) return { ...result, message };
  let fieldErrors: Record<string, string[] | undefined> | undefined;
  if (result.fieldErrors) {
    fieldErrors = {};
    for (const [field, list] of Object.entries(result.fieldErrors))
      fieldErrors[field] = list && (await Promise.all(list.map(translate)));
  }
  return { ...result, message, ...(fieldErrors ? { fieldErrors } : {}) };
}

/** An action whose answers are in the reader's language (for actions written as `const x = classAction(…)`). */
export function translatedAction<A extends unknown[], T>(
  action: (...args: A) => Promise<ActionResult<T>>,
  translate: Translate = translateActionMessage,
): (...args: A) => Promise<ActionResult<T>> {
  return (...args) => inReaderLanguage(action(...args), translate);
}
