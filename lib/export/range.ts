// The attendance export's date range (?from=YYYY-MM-DD&to=YYYY-MM-DD). Pure: unit-tested.
import { z } from "zod";

/** A school year is ~300 calendar days; 400 covers one with room and keeps one file bounded. */
export const MAX_RANGE_DAYS = 400;

const DAY_MS = 86_400_000;

function isCalendarDay(s: string): boolean {
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}

const day = (name: "from" | "to") =>
  z
    .string({ error: `Give ${name}= as a date like 2026-01-31.` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${name} must be a date like 2026-01-31.`)
    .refine(isCalendarDay, `${name} is not a calendar date.`);

export const rangeSchema = z
  .object({ from: day("from"), to: day("to") })
  .refine((r) => r.from <= r.to, { message: "from must be on or before to." })
  .refine((r) => daysInRange(r.from, r.to) <= MAX_RANGE_DAYS, {
    message: `The range is longer than ${MAX_RANGE_DAYS} days: export it in parts.`,
  });

/** Calendar days from `from` to `to`, both included. */
export function daysInRange(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
}

export type RangeResult = { ok: true; from: string; to: string } | { ok: false; message: string };

export function parseRange(params: URLSearchParams): RangeResult {
  const parsed = rangeSchema.safeParse({ from: params.get("from") ?? undefined, to: params.get("to") ?? undefined });
  if (!parsed.success)
    return { ok: false, message: parsed.error.issues[0]?.message ?? "Give from= and to= as dates like 2026-01-31." };
  return { ok: true, ...parsed.data };
}
