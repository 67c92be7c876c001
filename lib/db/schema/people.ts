// Users, classes (levels), enrollment, and announcements with their responses.
import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
} from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "./columns";
import { schoolIdColumn, schools } from "./schools";

export const users = pgTable(
  "users",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    username: text("username").notNull(),
    email: text("email"),
    // Access codes at rest (issue 28, decision 019): never in plain text. `code_hash` is the
    // HMAC-SHA256 of the lower-cased code (the sign-in look-up), `code_sealed` the code under
    // AES-256-GCM so the class's instructor, admins and printed cards can show it again, and
    // `code_weak` the strength rule's answer, taken when the code was sealed (lib/auth/code-store.ts).
    // `unsealedCode` (column "code") is only an inbox for bulk SQL writers: a plaintext code put
    // there is sealed and cleared in the same transaction (sealPlaintextCodes), and at every start.
    unsealedCode: text("code"),
    codeHash: text("code_hash"),
    codeSealed: text("code_sealed"),
    codeWeak: boolean("code_weak").notNull().default(false),
    role: text("role").notNull(),
    // The language this person reads (issue 31): screens once signed in, and every e-mail to them.
    // Null: the school's SCHOOL_LOCALE. A code of lib/i18n/locales.ts, checked where it is written.
    locale: text("locale"),
    phoneNumber: text("phone_number"),
    parent1Number: text("parent1_number"),
    parent2Number: text("parent2_number"),
    // Digits-only copies so '(555) 123-4567' and '5551234567' compare equal in parent lookups.
    phoneDigits: text("phone_digits").generatedAlwaysAs(
      sql`regexp_replace(coalesce(phone_number, ''), '[^0-9]', '', 'g')`,
    ),
    parent1Digits: text("parent1_digits").generatedAlwaysAs(
      sql`regexp_replace(coalesce(parent1_number, ''), '[^0-9]', '', 'g')`,
    ),
    parent2Digits: text("parent2_digits").generatedAlwaysAs(
      sql`regexp_replace(coalesce(parent2_number, ''), '[^0-9]', '', 'g')`,
    ),
    dateOfBirth: date("date_of_birth", { mode: "string" }),
    // Bumped on logout and on a code change: every cookie carrying an older version is refused.
    sessionVersion: integer("session_version").notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    // Rostering (decision 012): the OneRoster sourcedId this row is kept in step with (NULL: made in
    // the portal), and when the roster deleted a person whose academic records keep the row.
    sourcedId: text("sourced_id"),
    rosterDeletedAt: timestamp("roster_deleted_at", { withTimezone: true }),
    // The given and family names as the roster imported them (issue 29), so the OneRoster export
    // writes them back unchanged; NULL for people made in the portal (the export splits the name).
    givenName: text("given_name"),
    familyName: text("family_name"),
    // The teacher who added this student to a class while she was in no class (issue 39, decision
    // 019): her access code stays with admins for that teacher, who would otherwise receive the
    // credential of any unplaced student by enrolling her. Set by enrollStudents, never cleared.
    codeWithheldFrom: integer("code_withheld_from").references((): AnyPgColumn => users.id, {
      onDelete: "set null",
    }),
    // When a departed student's personal data was erased after the retention period (issue 41,
    // lib/records/erase.ts): the row stays as an anonymous placeholder so grades and attendance keep
    // their figures; null for everyone else.
    erasedAt: timestamp("erased_at", { withTimezone: true }),
    // A district admin (issue 42, decision 035) may enter every school of the install and manage
    // the schools themselves (/district); an admin without it manages only the schools they belong to.
    districtAdmin: boolean("district_admin").notNull().default(false),
  },
  (t) => [
    unique("users_code_key").on(t.unsealedCode),
    unique("users_code_hash_key").on(t.codeHash),
    unique("users_sourced_id_key").on(t.sourcedId),
    unique("users_username_key").on(t.username),
    index("users_role_name_idx").on(t.role, t.name),
    // The guardian phone sync (drizzle/0010) matches full numbers from either side.
    index("users_student_parent1_digits_idx")
      .on(t.parent1Digits)
      .where(sql`role = 'student' and length(parent1_digits) >= 7`),
    index("users_student_parent2_digits_idx")
      .on(t.parent2Digits)
      .where(sql`role = 'student' and length(parent2_digits) >= 7`),
    index("users_parent_phone_digits_idx")
      .on(t.phoneDigits)
      .where(sql`role = 'parent' and length(phone_digits) >= 7`),
    // The district admins, few: a school's roster import reads them by this in a district.
    index("users_district_admin_idx")
      .on(t.id)
      .where(sql`district_admin`),
    check("users_role_check", sql`${t.role} in ('student', 'parent', 'instructor', 'admin')`),
    check("users_code_lower_check", sql`${t.unsealedCode} = lower(${t.unsealedCode})`),
    check("users_code_sealed_check", sql`(${t.codeHash} is null) = (${t.codeSealed} is null)`),
  ],
);

/**
 * The schools a person belongs to (issue 42, decision 035). A person exists once in the district
 * (one sign-in, one role) and belongs to one or more schools: a teacher at two schools, a guardian
 * with a child at each, a student who moved. Read before any school is chosen (the session and
 * the switcher), so it is the district's table, not under a school's row-level security. A trigger
 * (drizzle/0039) makes the membership of the school a person is created in.
 */
export const schoolMemberships = pgTable(
  "school_memberships",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    schoolId: integer("school_id")
      .notNull()
      .references(() => schools.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    /** When the person last signed in to (or switched into) this school: /district's sign-in activity. */
    lastSignedInAt: timestamp("last_signed_in_at", { withTimezone: true }),
    /**
     * The person's role (users.role), copied by triggers (drizzle/0043) so a school's students,
     * parents or teachers are one range of the index below: a school's counts and lists of people
     * then read that school's rows, not the district's.
     */
    role: text("role").notNull(),
    /**
     * A student's two parent numbers as digits, "parent1 parent2" (users.parent1_digits and
     * parent2_digits, copied by triggers, drizzle/0044): the parent lookup reads the school's own
     * students, one range of the index below, instead of every student of the district.
     */
    parentDigits: text("parent_digits"),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.schoolId] }),
    index("school_memberships_school_role_idx").on(t.schoolId, t.role, t.userId),
  ],
);

/**
 * A school year (issue 41): groups the terms and the classes of one year. Made by an admin, or
 * from a OneRoster academicSession of type schoolYear (sourced_id). Closing it (closed_at) concludes
 * every class of the year: read-only everywhere, kept for good, listed under "Past years".
 */
export const schoolYears = pgTable(
  "school_years",
  {
    schoolId: schoolIdColumn(),
    id: serial("id").primaryKey(),
    title: text("title").notNull(),
    startDate: date("start_date", { mode: "string" }).notNull(),
    endDate: date("end_date", { mode: "string" }).notNull(),
    sourcedId: text("sourced_id"),
    closedAt: timestamp("closed_at", { withTimezone: true }),
    closedBy: integer("closed_by").references((): AnyPgColumn => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    // The district's calendar (issue 42): each school has its copy of a year of one sourcedId.
    unique("school_years_school_sourced_id_key").on(t.schoolId, t.sourcedId),
    check("school_years_dates_check", sql`${t.endDate} >= ${t.startDate}`),
    check("school_years_title_check", sql`length(${t.title}) between 1 and 100`),
  ],
);

export const levels = pgTable(
  "levels",
  {
    schoolId: schoolIdColumn(),
    id: serial("id").primaryKey(),
    code: text("code").notNull(),
    name: text("name").notNull(),
    period: text("period"),
    level: text("level"),
    teacherId: integer("teacher_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    // Rostering (decision 012): the OneRoster class sourcedId, the sourcedId of the teacher
    // enrollment that set teacher_id (NULL: set in the portal), and when the roster deleted a class
    // whose records keep it.
    sourcedId: text("sourced_id"),
    teacherEnrollmentSourcedId: text("teacher_enrollment_sourced_id"),
    rosterDeletedAt: timestamp("roster_deleted_at", { withTimezone: true }),
    // The class's grading (issue 19, lib/domain/term-grade): total points (spec §9, the default)
    // or weighted categories (level_category_weights); a late policy when both are set.
    gradingMode: text("grading_mode").notNull().default("points"),
    latePerDayPercent: integer("late_per_day_percent"),
    lateFloorPercent: integer("late_floor_percent"),
    // The school year the class belongs to (issue 41); null: the current year (a class made before
    // years existed, or by a path that does not name one). A closed year's classes are concluded.
    yearId: integer("year_id").references((): AnyPgColumn => schoolYears.id, { onDelete: "restrict" }),
  },
  (t) => [
    check("levels_grading_mode_check", sql`${t.gradingMode} in ('points', 'weighted')`),
    check(
      "levels_late_policy_check",
      sql`(${t.latePerDayPercent} is null) = (${t.lateFloorPercent} is null) and coalesce(${t.latePerDayPercent} between 1 and 100, true) and coalesce(${t.lateFloorPercent} between 0 and 100, true)`,
    ),
    unique("levels_code_key").on(t.code),
    unique("levels_school_sourced_id_key").on(t.schoolId, t.sourcedId),
    index("levels_teacher_name_idx").on(t.teacherId, t.name),
    index("levels_name_idx").on(t.name),
    index("levels_year_idx").on(t.yearId),
  ],
);

export const levelCodeRef = (onDelete: "cascade" | "restrict") =>
  text("level_code")
    .notNull()
    .references(() => levels.code, { onDelete, onUpdate: "cascade" });

export const studentEnrollment = pgTable(
  "student_enrollment",
  {
    schoolId: schoolIdColumn(),
    id: serial("id").primaryKey(),
    studentId: integer("student_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    levelCode: levelCodeRef("cascade"),
    enrolledAt: timestamp("enrolled_at", { withTimezone: true }).notNull().defaultNow(),
    // The OneRoster enrollment sourcedId (decision 012); NULL: enrolled in the portal.
    sourcedId: text("sourced_id"),
  },
  (t) => [
    unique("student_enrollment_student_level_key").on(t.studentId, t.levelCode),
    unique("student_enrollment_school_sourced_id_key").on(t.schoolId, t.sourcedId),
    index("student_enrollment_level_enrolled_idx").on(t.levelCode, t.enrolledAt),
  ],
);

export const updates = pgTable(
  "updates",
  {
    schoolId: schoolIdColumn(),
    id: serial("id").primaryKey(),
    levelCode: levelCodeRef("cascade"),
    teacherId: integer("teacher_id").references(() => users.id, { onDelete: "set null" }),
    title: text("title").notNull(),
    content: text("content").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("updates_level_created_idx").on(t.levelCode, t.createdAt)],
);

export const responses = pgTable(
  "responses",
  {
    schoolId: schoolIdColumn(),
    id: serial("id").primaryKey(),
    updateId: integer("update_id")
      .notNull()
      .references(() => updates.id, { onDelete: "cascade" }),
    studentId: integer("student_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    title: text("title").notNull(),
    content: text("content").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("responses_update_created_idx").on(t.updateId, t.createdAt)],
);

export type User = typeof users.$inferSelect;
export type Level = typeof levels.$inferSelect;
