import { SCORE_MIN } from "./constants";
import { toHundredths } from "./percent";

export type ParsedScore = { kind: "blank" } | { kind: "invalid"; message: string } | { kind: "ok"; value: number };

export function scoreRangeMessage(maxScore: number): string {
  return `Please enter a valid score between 0 and ${maxScore}`;
}

/**
 * A score typed into a grade input (spec §5): blank or non-numeric is "blank" (ignored),
 * outside 0…max is invalid with the spec's message, anything else is kept to 0.01.
 */
export function parseScore(raw: unknown, maxScore: number): ParsedScore {
  const text = typeof raw === "number" ? String(raw) : typeof raw === "string" ? raw.trim() : "";
  if (text === "" || !/^[-+]?(\d+(\.\d*)?|\.\d+)$/.test(text)) return { kind: "blank" };
  const value = Number(text);
  if (!Number.isFinite(value) || value < SCORE_MIN || value > maxScore)
    return { kind: "invalid", message: scoreRangeMessage(maxScore) };
  return { kind: "ok", value: toHundredths(value) / 100 };
}
