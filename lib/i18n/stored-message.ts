import "server-only";
import en from "./messages/en.json";
import { msg, type Message } from "./message";

// A descriptor read back from storage (issue 40: the published cards' "why this grade"): stored as
// JSON, so it is checked before it is written out, as decision 029 asks: a key the catalog has,
// values that are words, numbers or descriptors again. What fails (a key a later version removed, a
// hand-edited row, a text never converted) is shown as it is, never half-translated: its text, or
// its key.

/** Is `key` a message of the catalog (English is every catalog's reference)? */
function isCatalogKey(key: string): boolean {
  let node: unknown = en;
  for (const part of key.split(".")) {
    if (!node || typeof node !== "object" || !Object.hasOwn(node, part)) return false;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === "string";
}

function isStoredMessage(value: unknown, depth = 0): value is Message {
  if (!value || typeof value !== "object" || Array.isArray(value) || depth > 32) return false;
  const { key, values } = value as { key?: unknown; values?: unknown };
  if (typeof key !== "string" || !isCatalogKey(key)) return false;
  if (values === undefined) return true;
  if (!values || typeof values !== "object" || Array.isArray(values)) return false;
  return Object.values(values).every(
    (v) => typeof v === "string" || (typeof v === "number" && Number.isFinite(v)) || isStoredMessage(v, depth + 1),
  );
}

/** A stored descriptor, checked: itself when sound, else its text or key as written (`compose.asWritten`). */
export function storedMessage(value: unknown): Message {
  if (isStoredMessage(value)) return value;
  if (typeof value === "string") return msg("compose.asWritten", { text: value });
  const key = value && typeof value === "object" ? (value as { key?: unknown }).key : undefined;
  return msg("compose.asWritten", { text: typeof key === "string" ? key : "" });
}
