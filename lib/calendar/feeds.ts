// Calendar feeds (issue 20): a per-user secret address (192 random bits; only the SHA-256 is
// kept) that calendar apps poll for the due dates of the user's classes: a student's own classes,
// a parent's linked children's classes (one combined calendar, each event naming the child), a
// teacher's own classes. Titles and due times only: no grades, no descriptions. Event UIDs come
// from the assignment (and the child, for parents), so a changed due date moves the same event
// and a deleted assignment disappears.
import "server-only";
import crypto from "node:crypto";
import { sql } from "drizzle-orm";
import ical from "ical-generator";
import { audit } from "@/lib/audit";
import { db, queryRows } from "@/lib/db/client";
import type { Locale } from "@/lib/i18n/locales";
import { recipientLocale } from "@/lib/i18n/recipient";
import { translatorFor } from "@/lib/i18n/translator";
import { currentSchoolName } from "@/lib/school-name";
import { withSchool } from "@/lib/db/school-scope";
import { schoolsOf } from "@/lib/db/schools";

const TOKEN_BYTES = 24;
/** Work due further back than this is left out of a feed; and no feed lists more than MAX_EVENTS. */
export const FEED_PAST_DAYS = 120;
export const MAX_EVENTS = 2000;

export const hashFeedToken = (token: string) => crypto.createHash("sha256").update(token).digest("hex");
export const calendarFeedPath = (token: string) => `/calendar/feed/${token}`;

export interface CalendarFeedState {
  createdAt: Date;
  lastUsedAt: Date | null;
}

/** The user's live feed, if any (its address is not kept: it was shown once). */
export async function currentFeed(userId: number): Promise<CalendarFeedState | null> {
  const [row] = await queryRows<{ created_at: string | Date; last_used_at: string | Date | null }>(
    sql`select created_at, last_used_at from calendar_feeds where user_id = ${userId} and revoked_at is null order by id desc limit 1`,
  );
  return row
    ? { createdAt: new Date(row.created_at), lastUsedAt: row.last_used_at ? new Date(row.last_used_at) : null }
    : null;
}

/** A new address for the user's feed; the old one stops working, audited, all in one transaction. */
export async function newFeedToken(userId: number): Promise<string> {
  const token = crypto.randomBytes(TOKEN_BYTES).toString("base64url");
  await db().transaction(async (tx) => {
    await tx.execute(
      sql`update calendar_feeds set revoked_at = now() where user_id = ${userId} and revoked_at is null`,
    );
    await tx.execute(sql`insert into calendar_feeds (user_id, token_hash) values (${userId}, ${hashFeedToken(token)})`);
    // Audited without the address: the log must not hold a working secret.
    await audit(tx, { action: "calendar_feed.created", actorId: userId, detail: {} });
  });
  return token;
}

/** Turns the user's feed off, audited in the same transaction; returns how many addresses stopped working. */
export async function revokeFeeds(userId: number): Promise<number> {
  return db().transaction(async (tx) => {
    const rows = await queryRows<{ id: number }>(
      sql`update calendar_feeds set revoked_at = now() where user_id = ${userId} and revoked_at is null returning id`,
      tx,
    );
    if (rows.length) await audit(tx, { action: "calendar_feed.revoked", actorId: userId, detail: {} });
    return rows.length;
  });
}

/** The live feed's owner for a token, or null (unknown, malformed or revoked: one answer). */
export async function feedOwner(token: string): Promise<{ userId: number; role: string; locale: Locale } | null> {
  if (!/^[A-Za-z0-9_-]{20,64}$/.test(token)) return null;
  const [row] = await queryRows<{ user_id: number; role: string; locale: string | null }>(sql`
    update calendar_feeds f set last_used_at = now() from users u
    where f.token_hash = ${hashFeedToken(token)} and f.revoked_at is null and u.id = f.user_id and u.roster_deleted_at is null
    returning f.user_id, u.role, u.locale`);
  return row ? { userId: row.user_id, role: row.role, locale: recipientLocale(row.locale) } : null;
}

interface DueRow {
  id: number;
  title: string;
  due: string | Date;
  class_name: string;
  child_id: number | null;
  child_name: string | null;
}

/** The assignments with a due date that the user's feed lists (by role), bounded. */
async function dueAssignments(userId: number, role: string): Promise<DueRow[]> {
  const recent = sql`a.due_date is not null and a.due_date > now() - make_interval(days => ${FEED_PAST_DAYS})`;
  if (role === "parent") {
    return queryRows<DueRow>(sql`
      select a.id, a.title, a.due_date as due, l.name as class_name, c.id as child_id, c.name as child_name
      from guardian_links g join users c on c.id = g.student_id and c.role = 'student'
      join student_enrollment e on e.student_id = g.student_id join levels l on l.code = e.level_code
      join assignments a on a.level_code = e.level_code
      where g.parent_id = ${userId} and g.removed_at is null and ${recent}
      order by a.due_date, a.id limit ${MAX_EVENTS}`);
  }
  const classes =
    role === "student"
      ? sql`select level_code from student_enrollment where student_id = ${userId}`
      : role === "instructor"
        ? sql`select code from levels where teacher_id = ${userId}`
        : sql`select null::text where false`;
  return queryRows<DueRow>(sql`
    select a.id, a.title, a.due_date as due, l.name as class_name, null::int as child_id, null::text as child_name
    from assignments a join levels l on l.code = a.level_code
    where a.level_code in (${classes}) and ${recent}
    order by a.due_date, a.id limit ${MAX_EVENTS}`);
}

/** The iCalendar text (RFC 5545) of a user's feed. */
export async function feedCalendar(userId: number, role: string, locale: Locale = "en"): Promise<string> {
  // Every school the person belongs to (issue 42): a teacher at two schools, a guardian with a
  // child at each, see all their due dates in one feed, each school's read in that school. The
  // calendar takes the name of their first school.
  const schools = await schoolsOf(userId);
  const schoolName = schools[0]
    ? await withSchool(schools[0].id, () => currentSchoolName())
    : await currentSchoolName();
  const rows = [];
  for (const school of schools) rows.push(...(await withSchool(school.id, () => dueAssignments(userId, role))));
  const now = new Date();
  const cal = ical({
    // The calendar's name, as the app lists it, in its owner's language (issue 31).
    name: translatorFor(locale, "calendar")("name", { school: schoolName }),
    prodId: { company: "Classroom Portal", product: "Due dates", language: locale.toUpperCase() },
    ttl: 60 * 60,
  });
  for (const r of rows) {
    const due = new Date(r.due);
    cal.createEvent({
      id:
        r.child_id === null
          ? `assignment-${r.id}@classroom-portal`
          : `assignment-${r.id}-student-${r.child_id}@classroom-portal`,
      // A moment, not a span: no DTEND (RFC 5545 §3.8.2.2 wants DTEND later than DTSTART; without one,
      // §3.6.1 reads a date-time start as an event that ends when it starts).
      start: due,
      summary: r.child_name ? `${r.child_name}: ${r.title} (${r.class_name})` : `${r.title} (${r.class_name})`,
      stamp: now,
    });
  }
  return cal.toString();
}
