// A message with values ("Due {date}", "{value} %") costs use-intl ~10–20 µs a call even when its
// format is cached: each call rebuilds the date/time formats object and JSON-stringifies it for
// the memo key before finding the compiled message (use-intl 4.14, format-message/index.js). A
// student's Grades tab makes ~60 such calls, 0.6 ms of its 12 ms of CPU (issue 30's profile).
// Messages whose only ICU syntax is simple arguments are filled in here instead, exactly as
// intl-messageformat would (a simple argument is String(value), unformatted); anything else —
// plural, select, number or date styles, rich text, ICU quoting, a missing value — goes to
// use-intl as before. tests/i18n-fast-values.test.ts checks every catalog message both ways.

/** Literal text and argument names, alternating (the first and last are literals). */
type Parts = readonly string[];

// Braces only around a bare name, no tags, and no apostrophe that ICU would read as quoting.
const SIMPLE = /^(?:[^{}<>']|'(?![{}#|']))*(?:\{[A-Za-z_][\w]*\}(?:[^{}<>']|'(?![{}#|']))*)*$/;
const parsed = new Map<string, Parts | null>();

function partsOf(message: string): Parts | null {
  let parts = parsed.get(message);
  if (parts === undefined) {
    parts = SIMPLE.test(message) ? message.split(/\{([A-Za-z_][\w]*)\}/) : null;
    // Catalog messages only (t.raw returns the catalog's own strings): a bounded set.
    parsed.set(message, parts);
  }
  return parts;
}

type Values = Record<string, unknown>;

/** `message` with `values` filled in, or null when use-intl must format it. */
export function fillSimpleMessage(message: unknown, values: Values): string | null {
  if (typeof message !== "string") return null;
  const parts = partsOf(message);
  if (!parts) return null;
  let out = parts[0]!;
  for (let i = 1; i < parts.length; i += 2) {
    const name = parts[i]!;
    if (!Object.hasOwn(values, name)) return null; // use-intl reports the missing value
    const value = values[name];
    if (typeof value !== "string" && typeof value !== "number" && typeof value !== "bigint") return null;
    out += String(value) + parts[i + 1]!;
  }
  return out;
}

interface TranslateFn {
  (key: never, values?: never, formats?: never): string;
  raw: (key: never) => unknown;
}

/**
 * The same translator, with messages that take only simple arguments filled in without use-intl's
 * per-call formatting work. Everything else (`rich`, `markup`, `has`, other messages) is use-intl's.
 */
export function withFastValues<T extends TranslateFn>(t: T): T {
  const slow = t as unknown as (key: string, values?: Values, formats?: unknown) => string;
  const raw = t.raw as unknown as (key: string) => unknown;
  const fast = (key: string, values?: Values, formats?: unknown): string => {
    if (values && formats === undefined) {
      let message: unknown;
      try {
        message = raw(key);
      } catch {
        return slow(key, values, formats); // a missing key: use-intl's error and fallback
      }
      const filled = fillSimpleMessage(message, values);
      if (filled !== null) return filled;
    }
    return slow(key, values, formats);
  };
  return Object.assign(fast, t);
}
