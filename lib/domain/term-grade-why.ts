// "Why this grade": a computed term grade explained, one message descriptor a line (issue 19, issue 40).
import { msg, type Message } from "@/lib/i18n/message";
import { add, fraction, mul, roundHalfUp, type Fraction } from "./fraction";
import { toHundredths } from "./percent";
import { HUNDRED, categoryPercent, type Audience, type ItemStatus, type TermGrade } from "./term-grade";

// The numbers go into the descriptors as numbers, exactly as the calculator rounded them: the
// reader's decimal mark is put in when a line is written (lib/i18n/why.ts), never here.
const pct = (f: Fraction, decimals = 0) => roundHalfUp(f, decimals);
const num = (f: Fraction) => roundHalfUp(f, 2);

/**
 * "Why this grade", one message each (issue 40: descriptors, written in the reader's language only
 * where they are shown, lib/i18n/why.ts), as the class page, the report card, the Summary row and
 * the PDF all print them: how the grade is made, each category's earned / possible and weight,
 * what was dropped or excused, what counts as missing, and the override. A published term stores
 * them with its card. Titles and names are the teacher's, one value joined by ", ".
 */
export function explainTermGrade(g: TermGrade, audience: Audience = "staff"): Message[] {
  const lines: Message[] = [];
  const titles = (s: ItemStatus) => g.items.filter((i) => i.status === s).map((i) => i.title);
  if (g.mode === "points") {
    const earned = g.categories.reduce((s, c) => add(s, c.earned), fraction(0));
    const possible = g.categories.reduce((s, c) => s + toHundredths(c.possible), 0);
    // possible > 0: something counts, so the exact grade is there.
    lines.push(
      possible > 0 && g.exact
        ? msg("why.totalPoints", { earned: num(earned), possible: possible / 100, percent: pct(g.exact, 1) })
        : msg("why.noGradedWork"),
    );
  } else {
    lines.push(g.exact ? msg("why.weighted", { percent: pct(g.exact, 1) }) : msg("why.noGradedWork"));
    for (const c of g.categories) {
      // A category with nothing counted is named once below, with the re-normalisation.
      if (c.id === null || c.possible === 0) continue;
      const values = {
        name: c.name,
        weight: c.weight / 100,
        earned: num(c.earned),
        possible: c.possible,
        percent: pct(categoryPercent(c.earned, toHundredths(c.possible))!, 1),
      };
      lines.push(
        c.share
          ? msg("why.categoryShare", { ...values, share: pct(mul(c.share, HUNDRED), 1) })
          : msg("why.category", values),
      );
    }
    if (g.leftOut.length) lines.push(msg("why.leftOut", { names: g.leftOut.join(", ") }));
    const unc = titles("uncategorized");
    if (unc.length) lines.push(msg("why.notCategorized", { titles: unc.join(", ") }));
  }
  const dropped = titles("dropped");
  if (dropped.length) lines.push(msg("why.dropped", { titles: dropped.join(", ") }));
  const excused = titles("excused");
  if (excused.length) lines.push(msg("why.excused", { titles: excused.join(", ") }));
  const missing = titles("missing");
  if (missing.length) lines.push(msg("why.missing", { titles: missing.join(", ") }));
  const late = g.items.filter((i) => i.status === "counted" && i.lateKeptPercent < 100);
  if (late.length) {
    const items = late.map((i) => msg("why.lateItem", { title: i.title, kept: i.lateKeptPercent }));
    lines.push(msg("why.late", { items: lateList(items) }));
  }
  if (g.override) {
    // The reason is the teacher's note to colleagues unless they chose to share it (issue 27).
    const values = { percent: g.percent, computed: g.computedPercent };
    lines.push(
      audience === "staff" || g.override.shared
        ? msg("why.overriddenReason", { ...values, reason: g.override.reason })
        : msg("why.overridden", values),
    );
    if (g.override.note) lines.push(msg("why.teachersNote", { note: g.override.note }));
  }
  return lines;
}

/** The late items as one value, "A (kept 90 %), B (kept 80 %)", joined the catalog's way. */
export function lateList(items: readonly Message[]): Message {
  return items.slice(1).reduce((first, next) => msg("why.lateList", { first, next }), items[0]!);
}
