// The audit trail, rate limits, guardian links and report-card links.
import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, serial, text, timestamp, unique } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";
import { schoolIdColumn } from "./schools";
import { users } from "./people";

/**
 * Append-only audit trail: parent-portal lookups, access-code changes, and (as they are wired)
 * grade, attendance and enrollment changes. `detail` holds what changed, never an access code.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    schoolId: schoolIdColumn(),
    id: serial("id").primaryKey(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    actorId: integer("actor_id").references(() => users.id, { onDelete: "set null" }),
    action: text("action").notNull(),
    levelCode: text("level_code"),
    detail: jsonb("detail").$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [index("audit_log_at_idx").on(t.at), index("audit_log_action_at_idx").on(t.action, t.at)],
);

/** Fixed-window counters shared by every app instance (parent lookups, sign-in attempts). */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
  count: integer("count").notNull(),
});

/**
 * Guardians linked to students: the one answer to "whose parent is this?" (decision 004).
 * `source` says how a link came to be: 'admin' (made by hand, never touched by the phone sync)
 * or 'phone' (kept by drizzle/0010's trigger while a parent user's phone number equals one of
 * the student's parent numbers in full). An admin removing a phone link marks it removed
 * instead of deleting it, so the sync does not bring it back while the numbers still match.
 */
export const guardianLinks = pgTable(
  "guardian_links",
  {
    schoolId: schoolIdColumn(),
    id: serial("id").primaryKey(),
    parentId: integer("parent_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    studentId: integer("student_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    relationship: text("relationship").notNull().default("guardian"),
    source: text("source").notNull(),
    removedAt: timestamp("removed_at", { withTimezone: true }),
    createdAt: createdAt(),
    // Kept by the roster import from agentSourcedIds (decision 012): the import removes such a link
    // when the roster no longer lists the pair; links made by hand or by phone are not its to remove.
    fromRoster: boolean("from_roster").notNull().default(false),
  },
  (t) => [
    // Per school (issue 42): a guardian of a child who moved has a link in each school's records.
    unique("guardian_links_school_parent_student_key").on(t.schoolId, t.parentId, t.studentId),
    index("guardian_links_student_idx").on(t.studentId),
    check("guardian_links_source_check", sql`${t.source} in ('admin', 'phone')`),
    check(
      "guardian_links_relationship_check",
      sql`${t.relationship} in ('mother', 'father', 'guardian', 'grandparent', 'other')`,
    ),
  ],
);

/**
 * Parent links that a teacher's edit of a parent number would have made (issue 28, decision 019):
 * the phone sync (drizzle/0010, replaced in the pending-links migration) puts the pair here instead
 * of in guardian_links when the edit ran with `portal.guardian_links = 'pending'`, and only an
 * admin's confirmation on /admin → Security turns it into a link. Gone when the numbers stop matching.
 */
export const pendingGuardianLinks = pgTable(
  "pending_guardian_links",
  {
    schoolId: schoolIdColumn(),
    id: serial("id").primaryKey(),
    parentId: integer("parent_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    studentId: integer("student_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [unique("pending_guardian_links_school_parent_student_key").on(t.schoolId, t.parentId, t.studentId)],
);

/**
 * Report-card links (/r/<token>): a secret the school issued to one guardian for one student.
 * Only the SHA-256 of the token is stored; the token itself exists once, in the admin's answer
 * or on the printed letter. Removing the guardian link removes its report-card links.
 */
export const reportCardLinks = pgTable(
  "report_card_links",
  {
    schoolId: schoolIdColumn(),
    id: serial("id").primaryKey(),
    guardianLinkId: integer("guardian_link_id")
      .notNull()
      .references(() => guardianLinks.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
  },
  (t) => [
    unique("report_card_links_token_hash_key").on(t.tokenHash),
    index("report_card_links_guardian_idx").on(t.guardianLinkId),
  ],
);
