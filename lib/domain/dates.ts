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

/** The instant a wall-clock time of `day` reads in `timeZone` (the later one across a DST overlap's ambiguity is not needed at whole hours outside 1–3 am). */
export function zonedTime(day: string, hour: number, timeZone: string): Date {
  // Guess the instant as if the zone were UTC, then correct by the zone's offset at that instant
  // (twice, so a guess on the other side of a DST change settles).
  const wall = Date.parse(`${day}T${String(hour).padStart(2, "0")}:00:00Z`);
  let instant = wall;
  for (let i = 0; i < 2; i++) instant = wall - offsetMs(new Date(instant), timeZone);
  return new Date(instant);
}

/** The zone's offset from UTC at `instant`, in milliseconds (e.g. +1 h for Europe/Paris in winter). */
function offsetMs(instant: Date, timeZone: string): number {
  const parts = dateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  }).formatToParts(instant);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const asUtc = Date.UTC(get("year"), get("month") - 1, get("day"), get("hour"), get("minute"), get("second"));
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

/** Day of the week of a 'yyyy-mm-dd' day: 0 Sunday … 6 Saturday. */
export function dayOfWeek(day: string): number {
  return new Date(`${day}T00:00:00Z`).getUTCDay();
}
