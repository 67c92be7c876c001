import "server-only";
import { keepPercentWithNumber } from "@/lib/domain/format";
import { env } from "@/lib/env";
import type { Messages } from "./catalog";
import { intlLocaleOf, isLocale, isPseudoLocale, type AnyLocale } from "./locales";
import { localeDigits } from "./recipient";
import { translatorFor } from "./translator";

// "Why this grade" is written by the calculator in English (lib/domain/term-grade.ts,
// explainTermGrade) and stored so when a term is published. A family reads it in their language:
// each sentence is recognised by its pattern and written again from the catalog ("why"), its
// numbers with the reader's decimal mark (unless GRADE_DECIMALS=point); the names and titles in it
// are the teacher's and stay as written. A sentence no pattern knows stays English, never garbled.

type WhyKey = keyof Messages["why"];
type Values = Record<string, string>;

const N = String.raw`(\d+(?:\.\d+)?)`;
const rule = (re: string, key: WhyKey, names: string[], numbers: string[] = []) => ({
  re: new RegExp(`^${re}$`, "s"),
  key,
  names,
  numbers: new Set(numbers),
});
const RULES = [
  rule(
    `Total points: ${N} of ${N} = ${N} %`,
    "totalPoints",
    ["earned", "possible", "percent"],
    ["earned", "possible", "percent"],
  ),
  rule("No graded work yet", "noGradedWork", []),
  rule(`Weighted categories: ${N} %`, "weighted", ["percent"], ["percent"]),
  rule(
    `(.+) \\(weight ${N} %\\): ${N} of ${N} = ${N} % — counts ${N} %`,
    "categoryShare",
    ["name", "weight", "earned", "possible", "percent", "share"],
    ["weight", "earned", "possible", "percent", "share"],
  ),
  rule(
    `(.+) \\(weight ${N} %\\): ${N} of ${N} = ${N} %`,
    "category",
    ["name", "weight", "earned", "possible", "percent"],
    ["weight", "earned", "possible", "percent"],
  ),
  rule("Nothing graded yet in (.+): left out, the other weights scaled up to 100 %", "leftOut", ["names"]),
  rule("Not in a weighted category, not counted: (.+)", "notCategorized", ["titles"]),
  rule("Dropped \\(lowest\\): (.+)", "dropped", ["titles"]),
  rule("Excused: (.+)", "excused", ["titles"]),
  rule("Missing, counted as 0: (.+)", "missing", ["titles"]),
  rule(
    `Overridden by the teacher: ${N} % \\(computed ${N} %\\) — (.*)`,
    "overriddenReason",
    ["percent", "computed", "reason"],
    ["percent", "computed"],
  ),
  rule(
    `Overridden by the teacher: ${N} % \\(computed ${N} %\\)`,
    "overridden",
    ["percent", "computed"],
    ["percent", "computed"],
  ),
  rule("Teacher's note: (.*)", "teachersNote", ["note"]),
  rule("Not on this term's published report card", "notPublished", []),
];
const LATE = /^Late penalty: (.+)$/s;
const LATE_ITEM = /(.*?) \(kept (\d+) %\)(?:, |$)/gs;

/**
 * The lines in the reader's language, to be shown or printed: English lines as they are, each "%"
 * kept on the line of its number (a no-break space, as the catalogs write it).
 */
export function whyInLanguage(lines: readonly string[], locale: string): string[] {
  return translated(lines, locale).map(keepPercentWithNumber);
}

function translated(lines: readonly string[], locale: string): string[] {
  const reader: AnyLocale = isLocale(locale) || isPseudoLocale(locale) ? locale : "en";
  if (reader === "en") return [...lines];
  const t = translatorFor(reader, "why");
  const digits = (value: string) =>
    env().GRADE_DECIMALS === "point" ? value : localeDigits(value, intlLocaleOf(reader));
  return lines.map((line) => {
    const late = LATE.exec(line);
    if (late) {
      const items = [...late[1]!.matchAll(LATE_ITEM)];
      if (items.map((m) => m[0]).join("") !== late[1]) return line;
      return t("late", { items: items.map((m) => t("lateItem", { title: m[1]!, kept: m[2]! })).join(", ") });
    }
    for (const r of RULES) {
      const m = r.re.exec(line);
      if (!m) continue;
      const values: Values = {};
      r.names.forEach((name, i) => (values[name] = r.numbers.has(name) ? digits(m[i + 1]!) : m[i + 1]!));
      return t(r.key, values);
    }
    return line;
  });
}
