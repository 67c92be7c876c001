// The schools of the install (issue 42, decision 034). Everything a school owns carries its
// `school_id`, and PostgreSQL's row-level security keeps one school's rows out of another's
// queries: the column's default and every policy read `portal_school()`, the school the portal set
// for the transaction (lib/db/school-scope.ts). People (`users`) belong to the district.
import { sql } from "drizzle-orm";
import { integer, pgTable, serial, text } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";

export const schools = pgTable("schools", {
  id: serial("id").primaryKey(),
  name: text("name").notNull(),
  /** The school's org sourcedId in the district's OneRoster files (issue 42): how its rows find it. */
  sourcedId: text("sourced_id").unique(),
  /** The org above it in those files (the district), which the school's export writes back. */
  parentSourcedId: text("parent_sourced_id"),
  parentName: text("parent_name"),
  // The school's own settings (issue 42, decision 037); null: the install's (its environment
  // variable), so a single-school install reads what it always did. Written on /admin → School.
  /** IANA zone for its dates, "today" and the greeting (SCHOOL_TIMEZONE). */
  timeZone: text("time_zone"),
  /** Its language for whoever has chosen none and asks for none we speak (SCHOOL_LOCALE). */
  locale: text("locale"),
  /** Its no-sign-in phone lookup: off, verified or open (PARENT_PORTAL). */
  parentPortal: text("parent_portal"),
  /** Which roles sign in with access codes, as SIGNIN_CODES writes it (all, off, students,parents…). */
  signInCodes: text("sign_in_codes"),
  /** The e-mail domains whose school accounts may link to its people (comma-separated). */
  accountDomains: text("account_domains"),
  createdAt: createdAt(),
});

/**
 * The owning school of a row. Writers never name it: the default is the transaction's school, and
 * the policy's check refuses a row of any other school.
 */
export const schoolIdColumn = () =>
  integer("school_id")
    .notNull()
    .default(sql`portal_school()`)
    .references(() => schools.id);
