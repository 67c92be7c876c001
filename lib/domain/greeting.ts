import { dateTimeFormat } from "./intl";

/** Spec §2: Good Morning before 12:00, Good Afternoon before 17:00, otherwise Good Evening. */
export function greetingForHour(hour: number): "Good Morning" | "Good Afternoon" | "Good Evening" {
  if (hour < 12) return "Good Morning";
  if (hour < 17) return "Good Afternoon";
  return "Good Evening";
}

/** Hour of day (0–23) of `date` in `timeZone`. */
export function hourInTimeZone(date: Date, timeZone: string): number {
  const hour = dateTimeFormat("en-US", { timeZone, hour: "numeric", hourCycle: "h23" }).format(date);
  return Number(hour);
}

export function greeting(date: Date, timeZone: string): string {
  return greetingForHour(hourInTimeZone(date, timeZone));
}

export function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] ?? "";
}

/** mm:ss for the session countdown; never negative. */
export function formatCountdown(remainingMs: number): string {
  const total = Math.max(0, Math.floor(remainingMs / 1000));
  const minutes = Math.floor(total / 60);
  const seconds = total % 60;
  return `${String(minutes).padStart(2, "0")}:${String(seconds).padStart(2, "0")}`;
}
