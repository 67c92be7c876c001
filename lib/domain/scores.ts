import { decimal, msg, type Message } from "@/lib/i18n/message";
import { SCORE_MIN } from "./constants";

export type ParsedScore =
  | { kind: "blank" }
  | { kind: "invalid"; reason: "range" | "decimals"; message: Message }
  | { kind: "ok"; value: number };

/** The spec's out-of-range message, the maximum in the reader's digits ("… between 0 and 12,5"). */
export function scoreRangeMessage(maxScore: number): Message {
  return msg("gradesServer.actions.scoreRange", { max: decimal(maxScore) });
}

export const SCORE_DECIMALS_MESSAGE = msg("gradesServer.actions.scoreDecimals");

const NUMBER = /^([-+]?)(\d*)(?:[.,](\d*))?$/;

/**
 * A score typed into a grade input (spec §5): blank or non-numeric is "blank" (ignored), outside
 * 0…max is invalid with the spec's message, anything else is the score to 0.01.
 *
 * Decimals (issue 39): a point or a comma, in every language ("17,5" is how Spain writes 17.5,
 * Mexico writes "17.5"). A thousands separator is never valid in a score, and it is followed by
 * three digits, so the mark may be followed by one or two digits only (the scores' 0.01 step):
 * "1.000" and "1,000" are refused rather than read as one or as a thousand. Read from the digits
 * as whole hundredths, never through a binary float (decision 029).
 */
export function parseScore(raw: unknown, maxScore: number): ParsedScore {
  const text = typeof raw === "number" ? String(raw) : typeof raw === "string" ? raw.trim() : "";
  const value = decimalHundredths(text);
  if (value === null) return { kind: "blank" };
  if (value === "too precise") return { kind: "invalid", reason: "decimals", message: SCORE_DECIMALS_MESSAGE };
  if (value < SCORE_MIN * 100 || value > maxScore * 100)
    return { kind: "invalid", reason: "range", message: scoreRangeMessage(maxScore) };
  return { kind: "ok", value: value / 100 };
}

/**
 * A decimal written with a point or a comma ("17,5", "-0.25", "12.") as whole hundredths, exactly;
 * "too precise" past two decimals (see parseScore), null when it is not a number. The grading
 * settings' weights are read the same way.
 */
export function decimalHundredths(text: string): number | "too precise" | null {
  const m = NUMBER.exec(text.trim());
  if (!m || !/\d/.test(text)) return null;
  const [, sign, whole = "", decimals = ""] = m;
  if (decimals.length > 2) return "too precise";
  const digits = whole.replace(/^0+/, "");
  const hundredths = digits.length > 12 ? Infinity : Number(digits || "0") * 100 + Number(decimals.padEnd(2, "0"));
  return sign === "-" && hundredths > 0 ? -hundredths : hundredths;
}
