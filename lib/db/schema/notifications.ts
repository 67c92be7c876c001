// Background jobs, notifications, calendar feeds and notification preferences.
import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
} from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "./columns";
import { schoolIdColumn } from "./schools";
import { users } from "./people";

/**
 * The durable job queue (issue 20): a row per job, enqueued in the transaction of the write that
 * causes it, claimed with FOR UPDATE SKIP LOCKED (several processes, PGlite or PostgreSQL),
 * retried with backoff. `dedupe_key` is unique: the same event enqueued twice is one job.
 */
export const jobs = pgTable(
  "jobs",
  {
    schoolId: schoolIdColumn(),
    id: serial("id").primaryKey(),
    kind: text("kind").notNull(),
    dedupeKey: text("dedupe_key").notNull(),
    payload: jsonb("payload").notNull(),
    runAt: timestamp("run_at", { withTimezone: true }).notNull().defaultNow(),
    state: text("state").notNull().default("queued"),
    attempts: integer("attempts").notNull().default(0),
    maxAttempts: integer("max_attempts").notNull().default(8),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    lastError: text("last_error"),
    createdAt: createdAt(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [
    unique("jobs_dedupe_key_key").on(t.dedupeKey),
    index("jobs_due_idx").on(t.state, t.runAt),
    check("jobs_state_check", sql`${t.state} in ('queued', 'running', 'done', 'failed')`),
    check(
      "jobs_kind_length_check",
      sql`length(${t.kind}) between 1 and 100 and length(${t.dedupeKey}) between 1 and 300`,
    ),
  ],
);

/** In-app notifications (issue 20): one per recipient and event (`event_key`), read or not. */
export const notifications = pgTable(
  "notifications",
  {
    schoolId: schoolIdColumn(),
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    eventKey: text("event_key").notNull(),
    kind: text("kind").notNull(),
    title: text("title").notNull(),
    href: text("href").notNull(),
    createdAt: createdAt(),
    readAt: timestamp("read_at", { withTimezone: true }),
    // What the notice says beyond its title (a grade, the teacher's feedback, a message): shown in
    // the portal and in e-mail bodies, never in a subject line.
    detail: text("detail"),
    // The child (or the student themself) and the class it is about: digests group by them.
    studentId: integer("student_id").references(() => users.id, { onDelete: "cascade" }),
    levelCode: text("level_code"),
    // 'daily' or 'weekly' when the recipient reads this event by e-mail in a digest; set when a digest took it.
    digest: text("digest"),
    digestedAt: timestamp("digested_at", { withTimezone: true }),
  },
  (t) => [
    unique("notifications_user_event_key").on(t.userId, t.eventKey),
    index("notifications_user_unread_idx").on(t.userId, t.readAt, t.createdAt),
    index("notifications_digest_due_idx")
      .on(t.digest, t.userId)
      .where(sql`digest is not null and digested_at is null`),
    check("notifications_digest_check", sql`${t.digest} in ('daily', 'weekly')`),
    check("notifications_detail_length_check", sql`length(${t.detail}) <= 2000`),
    check(
      "notifications_length_check",
      sql`length(${t.title}) between 1 and 300 and length(${t.href}) between 1 and 300`,
    ),
  ],
);

/**
 * A user's secret calendar feed (issue 20): the address carries 192 random bits; only their
 * SHA-256 is kept. One live feed per user: a new link revokes the old one.
 */
export const calendarFeeds = pgTable(
  "calendar_feeds",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    createdAt: createdAt(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
  },
  (t) => [unique("calendar_feeds_token_hash_key").on(t.tokenHash), index("calendar_feeds_user_idx").on(t.userId)],
);

/**
 * How one person hears about one kind of event (issue 20): immediately, in a daily or weekly
 * digest, or not at all. No row: the event's default (lib/domain/notify-events.ts).
 * `threshold` is the percent below which a posted grade is news (grade events only).
 */
export const notificationPreferences = pgTable(
  "notification_preferences",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    event: text("event").notNull(),
    delivery: text("delivery").notNull(),
    threshold: integer("threshold"),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.event] }),
    check(
      "notification_preferences_delivery_check",
      sql`${t.delivery} in ('immediately', 'daily', 'weekly', 'portal', 'off')`,
    ),
    check(
      "notification_preferences_event_check",
      sql`${t.event} in ('attendance', 'work', 'grade', 'announcement', 'report_card', 'message', 'comment')`,
    ),
    check("notification_preferences_threshold_check", sql`${t.threshold} between 1 and 100`),
  ],
);
