// What families and students can hear about (issue 20), how by default, and when digests go out.
// Pure: the preferences page, the delivery code and the e-mails all read these.
import { addDays, dateInTimeZone, dayOfWeek, zonedTime } from "./dates";

export const NOTIFY_EVENTS = [
  "attendance",
  "work",
  "grade",
  "announcement",
  "report_card",
  "message",
  "comment",
] as const;
export type NotifyEvent = (typeof NOTIFY_EVENTS)[number];

// "portal": the bell only, no e-mail (what an e-mail's unsubscribe link leaves; issue 27).
export const DELIVERIES = ["immediately", "daily", "weekly", "portal", "off"] as const;
export type Delivery = (typeof DELIVERIES)[number];
export type DigestPeriod = "daily" | "weekly";

export const EVENT_LABELS: Readonly<Record<NotifyEvent, string>> = {
  attendance: "Absences and tardies",
  work: "Missing work and upcoming due dates",
  grade: "Grades below my threshold",
  announcement: "New announcements",
  report_card: "Report cards published",
  message: "Messages from teachers",
  comment: "Private comments on work",
};

export const DELIVERY_LABELS: Readonly<Record<Delivery, string>> = {
  immediately: "Immediately",
  daily: "Daily digest",
  weekly: "Weekly digest",
  portal: "In the portal only",
  off: "Off",
};

/**
 * The defaults: what needs acting on today (an absence, a published report card, a teacher's
 * message) comes at once; what adds up (missing and upcoming work, low grades, announcements)
 * comes in one daily e-mail, so a family is not sent a message per assignment.
 */
export const DEFAULT_DELIVERY: Readonly<Record<NotifyEvent, Delivery>> = {
  attendance: "immediately",
  work: "daily",
  grade: "daily",
  announcement: "daily",
  report_card: "immediately",
  message: "immediately",
  // A question about one piece of work is a conversation (issue 44): answered while it matters.
  comment: "immediately",
};

/** A posted grade below this percent is news, unless the recipient chose another threshold. */
export const DEFAULT_GRADE_THRESHOLD = 70;

export interface Preference {
  delivery: Delivery;
  threshold: number;
}

/** A recipient's stored choice for an event, or the default. */
export function preferenceFor(
  event: NotifyEvent,
  stored?: { delivery: string; threshold: number | null } | null,
): Preference {
  const delivery =
    stored && (DELIVERIES as readonly string[]).includes(stored.delivery)
      ? (stored.delivery as Delivery)
      : DEFAULT_DELIVERY[event];
  return { delivery, threshold: stored?.threshold ?? DEFAULT_GRADE_THRESHOLD };
}

/** Digests go out at this hour of the school's day; the weekly one on Fridays, the end of the school week. */
export const DIGEST_HOUR = 17;
export const WEEKLY_DIGEST_DAY = 5;
/** A portal that was down at the digest hour still sends that day's digest if it is back within this time. */
export const DIGEST_GRACE_HOURS = 3;

export interface DigestRun {
  period: DigestPeriod;
  day: string;
  runAt: Date;
}

/** The next (or current, within the grace) daily and weekly digest runs, in the school's time zone. */
export function upcomingDigestRuns(now: Date, timeZone: string): DigestRun[] {
  const today = dateInTimeZone(now, timeZone);
  const runs: DigestRun[] = [];
  for (const period of ["daily", "weekly"] as const) {
    for (let i = 0; i < 8; i++) {
      const day = addDays(today, i);
      if (period === "weekly" && dayOfWeek(day) !== WEEKLY_DIGEST_DAY) continue;
      const runAt = zonedTime(day, DIGEST_HOUR, timeZone);
      if (now.getTime() < runAt.getTime() + DIGEST_GRACE_HOURS * 3_600_000) {
        runs.push({ period, day, runAt });
        break;
      }
    }
  }
  return runs;
}

/** Whether a posted grade is news for a recipient: strictly below their threshold. */
export function gradeIsBelowThreshold(percent: number, threshold: number): boolean {
  return percent < threshold;
}
