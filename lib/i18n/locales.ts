// The languages the portal speaks (issue 31). Adding one is a catalog file in ./messages plus its
// name here; tests/i18n-catalog.test.ts fails until every key of English is in it.
export const LOCALES = ["en", "es"] as const;
export type Locale = (typeof LOCALES)[number];

/** Each language's name in itself, for the switchers. */
export const LOCALE_NAMES: Record<Locale, string> = { en: "English", es: "Español" };

/** Right-to-left languages set `dir="rtl"` on <html>. None of the real ones yet; the pseudo one is. */
const RTL: ReadonlySet<string> = new Set(["ar", "he", "fa", "ur", "ar-XB"]);

/**
 * Test-only pseudo-locales (PSEUDO_LOCALES=on): `en-XA` wraps every message in `[!! … !!]` so a walk
 * over the screens finds text that did not come from the catalog; `ar-XB` does the same
 * right-to-left, for the layout checks.
 */
export const PSEUDO_LOCALES = ["en-XA", "ar-XB"] as const;
export type PseudoLocale = (typeof PSEUDO_LOCALES)[number];
export type AnyLocale = Locale | PseudoLocale;

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

export function isPseudoLocale(value: unknown): value is PseudoLocale {
  return typeof value === "string" && (PSEUDO_LOCALES as readonly string[]).includes(value);
}

export function directionOf(locale: string): "ltr" | "rtl" {
  return RTL.has(locale) || RTL.has(locale.split("-")[0]!) ? "rtl" : "ltr";
}

/** The language tag for `Intl` and `lang=`: the pseudo-locales format like the language they mimic. */
export function intlLocaleOf(locale: AnyLocale): Locale {
  if (locale === "en-XA") return "en";
  if (locale === "ar-XB") return "en";
  return locale;
}

/**
 * The best of `supported` for an Accept-Language header (RFC 9110 §12.5.4: q-values, then order;
 * a region falls back to its language, `es-MX` → `es`). Null when nothing matches.
 */
export function negotiateLocale(header: string | null | undefined, supported: readonly string[]): string | null {
  if (!header) return null;
  const wanted = header
    .slice(0, 1000)
    .split(",")
    .slice(0, 30)
    .map((part, index) => {
      const [tag, ...params] = part.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      const quality = q ? Number(q.slice(2)) : 1;
      return { tag: (tag ?? "").trim().toLowerCase(), quality: Number.isFinite(quality) ? quality : 0, index };
    })
    .filter((w) => w.tag && w.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  for (const { tag } of wanted) {
    const exact = supported.find((s) => s.toLowerCase() === tag);
    if (exact) return exact;
    const base = supported.find((s) => s.toLowerCase() === tag.split("-")[0]);
    if (base) return base;
  }
  return null;
}
