// The one term-grade calculator (issue 19): total points (spec §9) or weighted categories,
// drop-lowest, excused, missing, late policy and a teacher's override, with every step kept so
// the grade can be explained ("why this grade", term-grade-why.ts). Exact: scores in hundredths, weights in
// hundredths of a percent, the grade a fraction rounded once (lib/domain/fraction).
//
// With the default settings (total points, no categories, no late policy) and no excused or
// missing flags this is spec §9's Σscores / Σmax × 100 — tests/ prove it against gradePercent.
import { decimal, msg, type Message } from "@/lib/i18n/message";
import { add, div, fraction, mul, roundHalfUp, type Fraction } from "./fraction";
import { toHundredths } from "./percent";

export type GradingMode = "points" | "weighted";

export interface CategorySetting {
  id: number;
  name: string;
  /** Weight in hundredths of a percent (25 % = 2500); weighted mode needs them to total 10000. */
  weight: number;
  /** Drop this many of the lowest percentages in the category (never an excused item, never all). */
  dropLowest: number;
}

export interface LatePolicy {
  /** Whole percent taken off a late score per day late… */
  perDayPercent: number;
  /** …never below this whole percent of the score. */
  floorPercent: number;
}

export interface GradeSettings {
  mode: GradingMode;
  categories: readonly CategorySetting[];
  latePolicy: LatePolicy | null;
}

/** Spec §9 exactly: one running sum of points, nothing dropped, no penalty. */
export const DEFAULT_GRADE_SETTINGS: GradeSettings = { mode: "points", categories: [], latePolicy: null };

export interface GradeItem {
  id: number;
  title: string;
  categoryId: number | null;
  maxScore: number;
  /** ms since epoch; null when the assignment has no due date. */
  dueAt: number | null;
  /** null: not graded. */
  score: number | null;
  excused: boolean;
  missing: boolean;
  late: boolean;
  /** Days late for the late policy (1 when flagged late without dates). */
  daysLate: number;
}

export interface GradeOverride {
  /** The teacher's final percent (0.01 step). */
  percent: number;
  /** Why, for staff; families read it only when `shared` (issue 27: private by default). */
  reason: string;
  shared?: boolean;
  /** An optional line written for the family instead of (or besides) the reason. */
  note?: string | null;
}

/** Who reads "why this grade": staff see the override's reason; families only what the teacher shared. */
export type Audience = "staff" | "family";

/**
 * counted: in the sums · dropped: lowest, left out by the category's drop rule · excused: left
 * out of both sums · missing: counted as 0 (past due) · ungraded: no score yet (a missing flag
 * before the due date lands here too) · uncategorized: weighted mode, in no weighted category.
 */
export type ItemStatus = "counted" | "dropped" | "excused" | "missing" | "ungraded" | "uncategorized";

export interface ItemBreakdown {
  id: number;
  title: string;
  categoryId: number | null;
  status: ItemStatus;
  /**
   * Earned after any late penalty (0 for missing) in ten-thousandths of a point (score hundredths ×
   * kept percent): a whole number, summed without fractions; null when the item does not count.
   */
  earnedUnits: number | null;
  possible: number;
  /** Whole percent of the score kept by the late policy (100 when none applied). */
  lateKeptPercent: number;
  /** Flagged missing by the teacher (shown as Missing even before it counts). */
  missingFlag: boolean;
  late: boolean;
}

export interface CategoryBreakdown {
  id: number | null;
  name: string;
  weight: number;
  earned: Fraction;
  possible: number;
  /** Category percent rounded half up; null when nothing in it counts. */
  percent: number | null;
  /** Weighted mode: this category's share of the grade after empty categories are left out. */
  share: Fraction | null;
  dropped: number;
}

export interface TermGrade {
  mode: GradingMode;
  /** What every screen shows: the override when there is one, else the computed grade. */
  percent: number;
  /** The computed grade, rounded half up; 0 when nothing counts (spec §9). */
  computedPercent: number;
  /** The computed grade exactly; null when nothing counts. */
  exact: Fraction | null;
  override: GradeOverride | null;
  categories: CategoryBreakdown[];
  items: ItemBreakdown[];
  /** Weighted categories left out because nothing in them counts yet (the rest re-normalised). */
  leftOut: string[];
}

export const HUNDRED = fraction(100);
const UNITS_PER_POINT = 100 * 100;

/** Whole days from the due date to the hand-in, at least 0. */
export function daysLate(dueAt: number | null, submittedAt: number | null): number {
  if (dueAt === null || submittedAt === null || submittedAt <= dueAt) return 0;
  return Math.ceil((submittedAt - dueAt) / 86_400_000);
}

function keptPercent(item: GradeItem, policy: LatePolicy | null): number {
  if (!policy || !item.late) return 100;
  const days = Math.max(1, Math.floor(item.daysLate));
  return Math.max(policy.floorPercent, 100 - policy.perDayPercent * days, 0);
}

function classify(item: GradeItem, settings: GradeSettings, now: number, weighted: ReadonlySet<number>): ItemBreakdown {
  // One object per item, its status decided first: this runs for every cell of a class.
  let status: ItemStatus;
  let earnedUnits: number | null = null;
  let lateKeptPercent = 100;
  if (item.excused) status = "excused";
  else if (settings.mode === "weighted" && (item.categoryId === null || !weighted.has(item.categoryId)))
    status = "uncategorized";
  else if (item.score !== null) {
    // score (hundredths) × kept %: ten-thousandths of a point, exact.
    lateKeptPercent = keptPercent(item, settings.latePolicy);
    status = "counted";
    earnedUnits = toHundredths(item.score) * lateKeptPercent;
  } else if (item.missing && item.dueAt !== null && now > item.dueAt) {
    status = "missing";
    earnedUnits = 0;
  } else status = "ungraded";
  return {
    id: item.id,
    title: item.title,
    categoryId: item.categoryId,
    status,
    earnedUnits,
    possible: item.maxScore,
    lateKeptPercent,
    missingFlag: item.missing,
    late: item.late,
  };
}

/** Marks the lowest `n` counting items by percentage as dropped, keeping at least one. */
function dropLowest(items: ItemBreakdown[], n: number, order: ReadonlyMap<number, number>): number {
  const counting = items.filter((i) => i.earnedUnits !== null && i.possible > 0);
  const drop = Math.min(Math.max(0, Math.floor(n)), counting.length - 1);
  if (drop <= 0) return 0;
  // Lowest percent first (units / possible, compared exactly by cross-multiplying); equal percents:
  // the earlier assignment goes first (stable, explainable).
  const below = (a: ItemBreakdown, b: ItemBreakdown) => {
    const l = BigInt(a.earnedUnits!) * BigInt(toHundredths(b.possible));
    const r = BigInt(b.earnedUnits!) * BigInt(toHundredths(a.possible));
    return l < r ? -1 : l > r ? 1 : 0;
  };
  counting.sort((a, b) => below(a, b) || order.get(a.id)! - order.get(b.id)!);
  for (const item of counting.slice(0, drop)) {
    item.status = "dropped";
    item.earnedUnits = null;
  }
  return drop;
}

export function categoryPercent(earned: Fraction, possibleH: number): Fraction | null {
  return possibleH > 0 ? mul(div(earned, fraction(possibleH, 100)), HUNDRED) : null;
}

export function computeTermGrade(
  items: readonly GradeItem[],
  settings: GradeSettings = DEFAULT_GRADE_SETTINGS,
  override: GradeOverride | null = null,
  now = Date.now(),
): TermGrade {
  const weightedIds = new Set(settings.categories.map((c) => c.id));
  const order = new Map(items.map((it, i) => [it.id, i]));
  const rows = items.map((it) => classify(it, settings, now, weightedIds));

  // Group by category: the settings' categories in order, then everything else as one group.
  const groups: { setting: CategorySetting | null; rows: ItemBreakdown[] }[] = settings.categories.map((c) => ({
    setting: c,
    rows: [],
  }));
  const other: ItemBreakdown[] = [];
  for (const r of rows) {
    const g = r.categoryId === null ? undefined : groups.find((x) => x.setting!.id === r.categoryId);
    (g ? g.rows : other).push(r);
  }
  if (other.length) groups.push({ setting: null, rows: other });

  let totalEarned = fraction(0);
  let totalPossibleH = 0;
  const categories: CategoryBreakdown[] = groups.map(({ setting, rows: rs }) => {
    const dropped = setting ? dropLowest(rs, setting.dropLowest, order) : 0;
    // Whole ten-thousandths of a point, summed as integers (exact below 2^53: ~9 × 10^11 points),
    // made a fraction once per category: a class of 300 × 40 was ~45 ms of BigInt gcds.
    let units = 0;
    let possibleH = 0;
    for (const r of rs) {
      if (r.earnedUnits === null) continue;
      units += r.earnedUnits;
      possibleH += toHundredths(r.possible);
    }
    const earned = fraction(units, UNITS_PER_POINT);
    totalEarned = add(totalEarned, earned);
    totalPossibleH += possibleH;
    const p = categoryPercent(earned, possibleH);
    return {
      id: setting?.id ?? null,
      name: setting?.name ?? "Other",
      weight: setting?.weight ?? 0,
      earned,
      possible: possibleH / 100,
      percent: p ? roundHalfUp(p) : null,
      share: null,
      dropped,
    };
  });

  let exact: Fraction | null = null;
  const leftOut: string[] = [];
  if (settings.mode === "points") {
    exact = categoryPercent(totalEarned, totalPossibleH);
  } else {
    const counted = categories.filter((c) => c.id !== null && c.weight > 0 && c.possible > 0);
    for (const c of categories) if (c.id !== null && c.weight > 0 && c.possible === 0) leftOut.push(c.name);
    const weightSum = counted.reduce((s, c) => s + c.weight, 0);
    if (weightSum > 0) {
      exact = fraction(0);
      for (const c of counted) {
        c.share = fraction(c.weight, weightSum);
        exact = add(exact, mul(c.share, categoryPercent(c.earned, toHundredths(c.possible))!));
      }
    }
  }
  const computedPercent = exact ? roundHalfUp(exact) : 0;
  const percent = override ? roundHalfUp(fraction(toHundredths(override.percent), 100)) : computedPercent;
  return { mode: settings.mode, percent, computedPercent, exact, override, categories, items: rows, leftOut };
}

/** Problems with a class's settings, one sentence each as the settings form's answer lists them; [] when valid. */
export function gradeSettingsProblems(settings: GradeSettings): Message[] {
  const problems: Message[] = [];
  const names = new Set<string>();
  for (const c of settings.categories) {
    if (!c.name.trim()) problems.push(msg("gradesServer.actions.categoryName"));
    else if (names.has(c.name.trim().toLowerCase()))
      problems.push(msg("gradesServer.actions.categoryTwice", { name: c.name.trim() }));
    names.add(c.name.trim().toLowerCase());
    if (!Number.isInteger(c.weight) || c.weight < 0 || c.weight > 10000)
      problems.push(msg("gradesServer.actions.weightRange", { name: c.name }));
    if (!Number.isInteger(c.dropLowest) || c.dropLowest < 0 || c.dropLowest > 20)
      problems.push(msg("gradesServer.actions.dropRange", { name: c.name }));
  }
  if (settings.mode === "weighted") {
    if (settings.categories.length === 0) problems.push(msg("gradesServer.actions.needCategory"));
    const total = settings.categories.reduce((s, c) => s + c.weight, 0);
    if (total !== 10000) problems.push(msg("gradesServer.actions.weightTotal", { total: decimal(total / 100) }));
  }
  const late = settings.latePolicy;
  if (late) {
    if (!Number.isInteger(late.perDayPercent) || late.perDayPercent < 1 || late.perDayPercent > 100)
      problems.push(msg("gradesServer.actions.lateRange"));
    if (!Number.isInteger(late.floorPercent) || late.floorPercent < 0 || late.floorPercent > 100)
      problems.push(msg("gradesServer.actions.floorRange"));
  }
  return problems;
}
