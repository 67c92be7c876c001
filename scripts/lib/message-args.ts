import { IntlMessageFormat } from "intl-messageformat";
import prettier from "prettier";

// The typed side of message descriptors (lib/i18n/message.ts): for each message of the English
// catalog, the values its ICU text needs. JSON imports give `string`, not the text, so the types are
// written out once into lib/i18n/message-args.ts (types only: nothing of it reaches a bundle) and
// tests/i18n-message-args.test.ts fails when that file is not what this writes from today's catalog.

// intl-messageformat's element types (@formatjs/icu-messageformat-parser TYPE).
const ARGUMENT = 1;
const NUMBER = 2;
const DATE = 3;
const TIME = 4;
const SELECT = 5;
const PLURAL = 6;
const TAG = 8;

interface Element {
  type: number;
  value?: string;
  options?: Record<string, { value: Element[] }>;
  children?: Element[];
}

type Kind = "Text" | "number" | "string";

/** The values one message needs, or null when it has rich-text tags (components format those with t.rich). */
export function argsOf(message: string): Map<string, Kind> | null {
  const args = new Map<string, Kind>();
  let tags = false;
  const visit = (elements: Element[]) => {
    for (const e of elements) {
      if (e.type === TAG) tags = true;
      if (e.type === ARGUMENT && !args.has(e.value!)) args.set(e.value!, "Text");
      // ICU formats these as numbers: a plural picks its form by the number, a number style needs one.
      if (e.type === PLURAL || e.type === NUMBER) args.set(e.value!, "number");
      if (e.type === SELECT) args.set(e.value!, "string");
      if (e.type === DATE || e.type === TIME)
        throw new Error(`"${message}": date and time arguments are not supported in descriptors (values are JSON)`);
      for (const option of Object.values(e.options ?? {})) visit(option.value);
      if (e.children) visit(e.children);
    }
  };
  visit(new IntlMessageFormat(message, "en").getAst());
  return tags ? null : args;
}

/** Every message's dotted key and text. */
export function leavesOf(messages: unknown, prefix = ""): [string, string][] {
  const out: [string, string][] = [];
  for (const [key, value] of Object.entries(messages as Record<string, unknown>)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") out.push([path, value]);
    else out.push(...leavesOf(value, path));
  }
  return out;
}

export const MESSAGE_ARGS_FILE = "lib/i18n/message-args.ts";

/** The source of lib/i18n/message-args.ts for this English catalog, as Prettier writes it. */
export async function messageArgsSource(english: unknown): Promise<string> {
  const withValues: string[] = [];
  const bare: string[] = [];
  for (const [key, text] of leavesOf(english)) {
    const args = argsOf(text);
    if (!args) continue;
    const fields = [...args].map(([name, kind]) => `${name}: ${kind}`).join("; ");
    if (fields) withValues.push(`  ${JSON.stringify(key)}: { ${fields} };`);
    else bare.push(`  ${JSON.stringify(key)}: true;`);
  }
  const source = [
    "// Generated from lib/i18n/messages/en.json by `npm run i18n:args` (scripts/lib/message-args.ts): do not edit.",
    "// tests/i18n-message-args.test.ts fails when it is not current. Types only: nothing here reaches a bundle.",
    "// Messages with rich-text tags are not here: components format those with t.rich.",
    "",
    "/** The catalog's messages with placeholders, and the values each needs (`Text`: see lib/i18n/message.ts). */",
    "export interface MessageArgs<Text> {",
    ...withValues,
    "}",
    "",
    "/** The catalog's messages without placeholders. */",
    "export interface BareMessages {",
    ...bare,
    "}",
    "",
  ].join("\n");
  const options = await prettier.resolveConfig(MESSAGE_ARGS_FILE);
  return prettier.format(source, { ...options, filepath: MESSAGE_ARGS_FILE });
}
