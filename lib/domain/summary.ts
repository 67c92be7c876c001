import { TEACHER_THRESHOLDS } from "./constants";
import { meanPercent } from "./percent";

export type StudentStatus = "Excellent" | "Good" | "Needs Attention";

/** Teacher dashboard (spec §9): Excellent when both ≥ 80, Good when both ≥ 60, else Needs Attention. */
export function studentStatus(gradePercent: number, attendancePercent: number): StudentStatus {
  if (gradePercent >= TEACHER_THRESHOLDS.good && attendancePercent >= TEACHER_THRESHOLDS.good) return "Excellent";
  if (gradePercent >= TEACHER_THRESHOLDS.fair && attendancePercent >= TEACHER_THRESHOLDS.fair) return "Good";
  return "Needs Attention";
}

/** Mean of the percents, rounded half up on the exact mean; 0 for none. */
export function roundedMean(values: readonly number[]): number {
  return meanPercent(values);
}
