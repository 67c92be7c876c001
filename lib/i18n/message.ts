import type { BareMessages, MessageArgs } from "./message-args";

// A message is data (issue 40, decision 029): the key of a catalog message and the values its text
// needs, made where the message arises (an action, a guard, a zod schema, lib/) and written in a
// reader's language only at the edge (lib/i18n/render.ts: the action's answer, a page, an e-mail,
// a PDF, the command line). Nothing reads a sentence back. The keys and values are typed from the
// English catalog (lib/i18n/message-args.ts, generated): a key that does not exist, a missing or
// extra value, or a word where ICU needs a number fails the type check.
//
// This module has no catalog in it (types and three tiny functions), so lib/domain and client code
// may build descriptors without any message text travelling with them.

/** A value for a simple `{name}` argument: a word or number as it is, or a message written in the same language. */
export type Text = string | number | Message;

/** A catalog message's dotted key ("admin.actions.saved"). */
export type MessageKey = keyof MessageArgs<Text> | keyof BareMessages;

declare const MADE_BY_MSG: unique symbol;

/**
 * A message descriptor: `{ key, values }`, plain JSON, so it can be stored and written later in any
 * language. Made by msg() (or zmsg() in a schema), which checks the key and values against the
 * catalog; the brand keeps a hand-written object from skipping that check. One object type rather
 * than a union of every message's shape: a union of ~1,700 objects is too complex for the type
 * checker in a conditional or an array.
 */
export interface Message {
  readonly key: MessageKey;
  readonly values?: { readonly [name: string]: Text };
  readonly [MADE_BY_MSG]: true;
}

type ValuesOf<K extends MessageKey> = K extends keyof MessageArgs<Text> ? [values: MessageArgs<Text>[K]] : [];

/** `msg("admin.actions.saved", { name })`: the descriptor of one catalog message. */
export function msg<K extends MessageKey>(key: K, ...values: ValuesOf<K>): Message {
  return (values.length ? { key, values: values[0] } : { key }) as Message;
}

/**
 * Several sentences as one message ("A. B."), each still a descriptor: the catalog's
 * `compose.sentences` joins them, so a language may join them its own way.
 */
export function sentences(first: Message, ...rest: Message[]): Message {
  return rest.reduce((joined, next) => msg("compose.sentences", { first: joined, next }), first);
}

/**
 * A number with decimals that the reader sees ("between 0 and 12.5", "they total 87.5 %"): its
 * digits exactly as given, written with the reader's decimal mark where it is rendered ("12,5" in
 * Spanish; "12.5" everywhere with GRADE_DECIMALS=point), as the grade screens write grade numbers.
 * A descriptor of `compose.decimal` (whose text is only its value), so it stays plain JSON and can
 * be stored; render() writes it without the catalog. Whole numbers may be passed plainly.
 */
export function decimal(value: number): Message {
  return msg("compose.decimal", { value });
}

// zod keeps an issue's message as a string, so a schema's descriptor travels inside it as JSON
// behind a marker that no text of ours starts with; lib/actions.ts invalid() takes it out again
// (messageOfIssue). It is never shown: an issue's message is read only through messageOfIssue.
const ISSUE_MARK = "\u0000msg:";

/**
 * A zod check's message as a descriptor: `z.string().min(1, zmsg("admin.actions.nameRequired"))`,
 * `z.enum(ROLES, { error: zmsg("admin.actions.chooseRole") })`, or from the issue,
 * `{ error: (issue) => zmsg("admin.actions.atMost", { max: Number(issue.maximum) }) }`.
 */
export function zmsg<K extends MessageKey>(key: K, ...values: ValuesOf<K>): string {
  return ISSUE_MARK + JSON.stringify(msg(key, ...values));
}

/** A zod issue's message: the schema's descriptor, or zod's own text for a check that has none. */
export function messageOfIssue(text: string): Message {
  // A check without its own message (one no form of ours can fail) answers a plain "not valid" in
  // the reader's language rather than zod's English.
  return text.startsWith(ISSUE_MARK)
    ? (JSON.parse(text.slice(ISSUE_MARK.length)) as Message)
    : msg("compose.invalidValue");
}

/** A descriptor (an object), rather than a text not yet converted to one. */
export function isMessage(value: Message | string): value is Message {
  return typeof value === "object";
}

/**
 * A list of things as one message ("“A”, “B”, and “C”"; "“A”, “B” y “C”"), joined by the catalog's
 * `compose.list*` patterns (CLDR's two, start and end), so a list stays a descriptor that each
 * language joins its own way.
 */
export function listOf(first: Message, ...rest: Message[]): Message {
  if (rest.length === 0) return first;
  if (rest.length === 1) return msg("compose.listTwo", { first, last: rest[0]! });
  const last = rest[rest.length - 1]!;
  const middle = rest.slice(0, -1).reduce((joined, next) => msg("compose.listStart", { first: joined, next }), first);
  return msg("compose.listEnd", { first: middle, last });
}
