// Calendar-day helpers on 'yyyy-mm-dd' strings, so a school day never shifts with the server's zone.

import { dateTimeFormat } from "./intl";

export function dateInTimeZone(instant: Date, timeZone: string): string {
  // en-CA formats as yyyy-mm-dd.
  return dateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(instant);
}

export function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

export function isWeekday(day: string): boolean {
  const dow = new Date(`${day}T00:00:00Z`).getUTCDay();
  return dow !== 0 && dow !== 6;
}

/** The `count` school days (Mon–Fri) before `day`, oldest first. */
export function previousSchoolDays(day: string, count: number): string[] {
  const out: string[] = [];
  let cursor = day;
  while (out.length < count) {
    cursor = addDays(cursor, -1);
    if (isWeekday(cursor)) out.unshift(cursor);
  }
  return out;
}
