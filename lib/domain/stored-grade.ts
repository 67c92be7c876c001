// What a published term's report card says for one student in one class (issue 27), as it is
// stored and as every screen reads it back. Pure: made from the one calculator's result
// (lib/domain/term-grade) and the term's attendance, so a stored card and a live one can only
// differ in when they were computed, never in how.
import { reportCardAttendancePercent, type AttendanceCounts } from "./attendance";
import { add, fraction, mul, roundHalfUp } from "./fraction";
import { letterOn, type LetterScale } from "./letter-scale";
import { toHundredths } from "./percent";
import { type TermGrade } from "./term-grade";
import { explainTermGrade } from "./term-grade-why";
import type { Message } from "@/lib/i18n/message";

export interface StoredCategory {
  name: string;
  /** Weight in hundredths of a percent (0 in total-points mode). */
  weight: number;
  earned: string;
  possible: string;
  /** The category's percent rounded half up; null when nothing in it counts. */
  percent: number | null;
  /** Its share of the grade in percent to one decimal (weighted mode), else null. */
  share: number | null;
}

export interface StoredMarks {
  counted: number;
  dropped: number;
  excused: number;
  missing: number;
  late: number;
}

/** One stored card line: exactly what the report card, the PDF and the teacher's screens print. */
export interface StoredTermGrade {
  /** The percent shown (the override when there is one); null when nothing counts. */
  percent: number | null;
  letter: string | null;
  computedPercent: number | null;
  /** The calculator's counted points, to two decimals; null when nothing counts. */
  earnedPoints: string | null;
  possiblePoints: string | null;
  categories: StoredCategory[];
  marks: StoredMarks;
  /**
   * "Why this grade" as descriptors, for families (a private override reason left out) and for
   * staff; cards published before descriptors were converted once by lib/gradebook/why-conversion.
   */
  why: { family: Message[]; staff: Message[] };
  override: { percent: string; reason: string; shared: boolean; note: string | null } | null;
  comment: string | null;
  attendance: AttendanceCounts;
  /** Present-only to one decimal (spec §9's report card); null when no attendance was taken. */
  attendancePercent: number | null;
}

const points = (h: number) => (h / 100).toFixed(2);

/** Attendance rate as the card shows it: null (shown "—") when nothing was recorded. */
export function cardAttendancePercent(c: AttendanceCounts): number | null {
  return c.present + c.absent + c.late + c.excused === 0 ? null : reportCardAttendancePercent(c);
}

/**
 * The calculator's counted points: what the grade is made of after drops, excused work and late
 * penalties (weighted mode: the weighted categories' points). null when nothing counts.
 */
export function countedPoints(g: TermGrade): { earned: string; possible: string } | null {
  const inGrade = g.categories.filter((c) => g.mode === "points" || c.id !== null);
  const possibleH = inGrade.reduce((s, c) => s + toHundredths(c.possible), 0);
  if (possibleH === 0) return null;
  const earned = inGrade.reduce((s, c) => add(s, c.earned), fraction(0));
  return { earned: roundHalfUp(earned, 2).toFixed(2), possible: points(possibleH) };
}

/** A stored card's counted points, as countedPoints gives them for a live grade. */
export function storedPoints(s: StoredTermGrade): { earned: string; possible: string } | null {
  return s.earnedPoints && s.possiblePoints ? { earned: s.earnedPoints, possible: s.possiblePoints } : null;
}

/** The stored line for one student's term grade and term attendance, its letter on the school's scale. */
export function storedTermGrade(
  g: TermGrade,
  attendance: AttendanceCounts,
  comment: string | null,
  scale: LetterScale,
): StoredTermGrade {
  const counted = g.items.filter((i) => i.status === "counted" || i.status === "missing");
  const pts = countedPoints(g);
  const empty = g.exact === null && !g.override;
  return {
    percent: empty ? null : g.percent,
    letter: empty ? null : letterOn(scale, g.percent),
    computedPercent: g.exact === null ? null : g.computedPercent,
    earnedPoints: pts?.earned ?? null,
    possiblePoints: pts?.possible ?? null,
    categories: g.categories.map((c) => ({
      name: c.name,
      weight: c.weight,
      earned: roundHalfUp(c.earned, 2).toFixed(2),
      possible: c.possible.toFixed(2),
      percent: c.percent,
      share: c.share ? roundHalfUp(mul(c.share, fraction(100)), 1) : null,
    })),
    marks: {
      counted: counted.length,
      dropped: g.items.filter((i) => i.status === "dropped").length,
      excused: g.items.filter((i) => i.status === "excused").length,
      // A dropped or not-yet-due missing item still says missing (issue 27).
      missing: g.items.filter((i) => i.missingFlag && ["missing", "dropped", "ungraded"].includes(i.status)).length,
      late: g.items.filter((i) => i.late).length,
    },
    why: { family: explainTermGrade(g, "family"), staff: explainTermGrade(g, "staff") },
    override: g.override
      ? {
          percent: (toHundredths(g.override.percent) / 100).toFixed(2),
          reason: g.override.reason,
          shared: g.override.shared === true,
          note: g.override.note ?? null,
        }
      : null,
    comment,
    attendance: attendance,
    attendancePercent: cardAttendancePercent(attendance),
  };
}

/** What families are shown, in a fixed order: two lines with the same display are the same card. */
export function displayedFacts(s: StoredTermGrade): unknown[] {
  return [
    s.percent,
    s.letter,
    s.earnedPoints,
    s.possiblePoints,
    s.why.family,
    s.override ? [s.override.percent, s.override.shared ? s.override.reason : null, s.override.note] : null,
    s.comment,
    [s.attendance.present, s.attendance.absent, s.attendance.late, s.attendance.excused],
    s.attendancePercent,
  ];
}
