import { describe, expect, it } from "vitest";
import { createTranslator } from "use-intl/core";
import { messagesFor } from "@/lib/i18n/catalog";
import { fillSimpleMessage, withFastValues } from "@/lib/i18n/fast-values";
import { intlLocaleOf, type AnyLocale } from "@/lib/i18n/locales";

// Issue 30: messages with values are filled in without use-intl's per-call work when their only
// ICU syntax is simple arguments. The text must be exactly what use-intl writes, for every message
// of every catalog, with values that look like markup, quotes and numbers.
function leaves(messages: unknown, prefix = ""): [string, string][] {
  return Object.entries(messages as Record<string, unknown>).flatMap(([key, value]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    return typeof value === "string" ? [[path, value] as [string, string]] : leaves(value, path);
  });
}

const names = (message: string) => [...new Set([...message.matchAll(/\{\s*([A-Za-z_]\w*)/g)].map((m) => m[1]!))];
const SAMPLES: (string | number)[] = ["Ana <b>&amp;</b> O'Neil {x}", 1234.5, 0, "", -7];

describe("messages with values, filled in without use-intl's per-call work", () => {
  for (const locale of ["en", "es", "en-XA", "ar-XB"] as AnyLocale[]) {
    it(`${locale}: every message reads exactly as use-intl writes it`, () => {
      const messages = messagesFor(locale);
      // A value use-intl cannot format (a string for a plural) gives its fallback, the same both ways.
      const slow = createTranslator({ locale: intlLocaleOf(locale), messages, timeZone: "UTC", onError: () => {} });
      const fast = withFastValues(slow);
      let filled = 0;
      for (const [key, message] of leaves(messages)) {
        const args = names(message);
        if (args.length === 0) continue;
        for (const sample of SAMPLES) {
          const values = Object.fromEntries(args.map((a) => [a, sample]));
          const expected = (slow as (k: string, v: object) => string)(key, values);
          expect((fast as (k: string, v: object) => string)(key, values), `${key} with ${String(sample)}`).toBe(
            expected,
          );
          if (fillSimpleMessage(message, values) !== null) filled++;
        }
      }
      // Most catalog messages with values are simple ones: the fast path is really taken.
      expect(filled).toBeGreaterThan(100);
    });
  }

  it("leaves plural, select, styled arguments, rich text, ICU quoting and missing values to use-intl", () => {
    expect(fillSimpleMessage("{n, plural, one {# day} other {# days}}", { n: 2 })).toBeNull();
    expect(fillSimpleMessage("{n, number, percent}", { n: 2 })).toBeNull();
    expect(fillSimpleMessage("Read <b>{title}</b>", { title: "x" })).toBeNull();
    expect(fillSimpleMessage("'{literal}' {name}", { name: "x" })).toBeNull();
    expect(fillSimpleMessage("Hello {name}", {})).toBeNull();
    expect(fillSimpleMessage("Due {date}", { date: new Date(0) })).toBeNull();
    expect(fillSimpleMessage("It's {name}'s turn", { name: "Ana" })).toBe("It's Ana's turn");
  });
});
