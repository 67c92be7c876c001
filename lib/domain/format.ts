// Dates are formatted on the server in the school's zone and sent as text, so the browser
// never re-formats them differently (no hydration mismatch, same time for everyone).

import { dateTimeFormat } from "./intl";

export function formatDate(d: Date, timeZone: string): string {
  return dateTimeFormat("en-US", { timeZone, year: "numeric", month: "short", day: "numeric" }).format(d);
}

export function formatDateTime(d: Date, timeZone: string): string {
  return dateTimeFormat("en-US", {
    timeZone,
    year: "numeric",
    month: "short",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
  }).format(d);
}

export function formatTime(d: Date, timeZone: string): string {
  return dateTimeFormat("en-US", { timeZone, hour: "numeric", minute: "2-digit" }).format(d);
}

/** A 'yyyy-mm-dd' calendar day as text, without shifting it through any time zone. */
export function formatDay(day: string): string {
  return dateTimeFormat("en-US", {
    timeZone: "UTC",
    weekday: "short",
    year: "numeric",
    month: "short",
    day: "numeric",
  }).format(new Date(`${day}T00:00:00Z`));
}
