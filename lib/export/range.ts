// The attendance export's date range (?from=YYYY-MM-DD&to=YYYY-MM-DD). Pure: unit-tested.
import { z } from "zod";
import { messageOfIssue, zmsg, type Message } from "@/lib/i18n/message";

/** A school year is ~300 calendar days; 400 covers one with room and keeps one file bounded. */
export const MAX_RANGE_DAYS = 400;

const DAY_MS = 86_400_000;

function isCalendarDay(s: string): boolean {
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}

const day = (name: "from" | "to") =>
  z
    .string({ error: zmsg("exports.dayMissing", { name }) })
    .regex(/^\d{4}-\d{2}-\d{2}$/, zmsg("exports.dayFormat", { name }))
    .refine(isCalendarDay, zmsg("exports.dayNotCalendar", { name }));

export const rangeSchema = z
  .object({ from: day("from"), to: day("to") })
  .refine((r) => r.from <= r.to, { message: zmsg("exports.order") })
  .refine((r) => daysInRange(r.from, r.to) <= MAX_RANGE_DAYS, {
    message: zmsg("exports.tooLong", { max: MAX_RANGE_DAYS }),
  });

/** Calendar days from `from` to `to`, both included. */
export function daysInRange(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
}

export type RangeResult = { ok: true; from: string; to: string } | { ok: false; message: Message };

export function parseRange(params: URLSearchParams): RangeResult {
  const parsed = rangeSchema.safeParse({ from: params.get("from") ?? undefined, to: params.get("to") ?? undefined });
  if (!parsed.success)
    return {
      ok: false,
      message: messageOfIssue(parsed.error.issues[0]?.message ?? zmsg("exports.dayMissing", { name: "from" })),
    };
  return { ok: true, ...parsed.data };
}
