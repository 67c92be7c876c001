import "server-only";
import { MSG } from "@/lib/domain/messages";
import { getT } from "./request-locale";
import { messagesFor } from "./catalog";

type StateKey = keyof ReturnType<typeof messagesFor>["states"];

// The guards refuse with the spec's English sentence (lib/domain/messages.ts MSG); a screen or an
// action answer shows it in the reader's language. Keys of MSG that the catalog's `states` also has
// are translated; any other text (a refusal written elsewhere) is shown as it is.
const BY_TEXT = new Map<string, StateKey>(
  Object.entries(MSG)
    .filter(([key]) => Object.hasOwn(messagesFor("en").states, key))
    .map(([key, text]) => [text, key as StateKey]),
);

export async function translateRefusal(message: string): Promise<string> {
  const key = BY_TEXT.get(message);
  return key ? (await getT("states"))(key) : message;
}
