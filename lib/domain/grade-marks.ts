// Marks a teacher sets beside a score (issue 19; lib/domain/term-grade says what each does).
export const GRADE_MARKS = ["excused", "missing", "late"] as const;
export type GradeMark = (typeof GRADE_MARKS)[number];

/** The grid's keys for them (on a focused cell; the same key again clears it). */
export const MARK_KEYS: Record<string, GradeMark> = { e: "excused", m: "missing", l: "late" };

/** One character per cell in the grid's payload: '-' for none. */
export const MARK_CODES: Record<GradeMark, string> = { excused: "e", missing: "m", late: "l" };
export const MARK_BY_CODE: Record<string, GradeMark | undefined> = { e: "excused", m: "missing", l: "late" };
