import { TEACHER_THRESHOLDS } from "./constants";
import { meanPercent } from "./percent";

export type StudentStatus = "Excellent" | "Good" | "Needs Attention";

/**
 * Teacher dashboard (spec §9): Excellent when both ≥ 80, Good when both ≥ 60, else Needs
 * Attention. A figure with nothing behind it yet (null: no graded work, no attendance taken) is
 * left out rather than read as 0 % (issue 27); with neither there is no status (null).
 */
export function studentStatus(gradePercent: number | null, attendancePercent: number | null): StudentStatus | null {
  const known = [gradePercent, attendancePercent].filter((p): p is number => p !== null);
  if (known.length === 0) return null;
  if (known.every((p) => p >= TEACHER_THRESHOLDS.good)) return "Excellent";
  if (known.every((p) => p >= TEACHER_THRESHOLDS.fair)) return "Good";
  return "Needs Attention";
}

/** Mean of the percents, rounded half up on the exact mean; 0 for none. */
export function roundedMean(values: readonly number[]): number {
  return meanPercent(values);
}
