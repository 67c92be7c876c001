// The data model of spec §3. Not marked server-only: drizzle-kit reads this file outside Next.
// ON DELETE choices: a person's or a class's academic record (grades, submissions, attendance)
// is never removed as a side effect; deleting such a user, class or assignment is refused by the
// database (RESTRICT) until the records are dealt with deliberately. Links that only describe
// who wrote something (teacher_id) become NULL. Enrollment rows and an announcement's responses
// go with their owner.
import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
} from "drizzle-orm/pg-core";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

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
    check("users_role_check", sql`${t.role} in ('student', 'parent', 'instructor', 'admin')`),
    check("users_code_lower_check", sql`${t.unsealedCode} = lower(${t.unsealedCode})`),
    check("users_code_sealed_check", sql`(${t.codeHash} is null) = (${t.codeSealed} is null)`),
  ],
);

export const levels = pgTable(
  "levels",
  {
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
  },
  (t) => [
    check("levels_grading_mode_check", sql`${t.gradingMode} in ('points', 'weighted')`),
    check(
      "levels_late_policy_check",
      sql`(${t.latePerDayPercent} is null) = (${t.lateFloorPercent} is null) and coalesce(${t.latePerDayPercent} between 1 and 100, true) and coalesce(${t.lateFloorPercent} between 0 and 100, true)`,
    ),
    unique("levels_code_key").on(t.code),
    unique("levels_sourced_id_key").on(t.sourcedId),
    index("levels_teacher_name_idx").on(t.teacherId, t.name),
    index("levels_name_idx").on(t.name),
  ],
);

const levelCodeRef = (onDelete: "cascade" | "restrict") =>
  text("level_code")
    .notNull()
    .references(() => levels.code, { onDelete, onUpdate: "cascade" });

export const studentEnrollment = pgTable(
  "student_enrollment",
  {
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
    unique("student_enrollment_sourced_id_key").on(t.sourcedId),
    index("student_enrollment_level_enrolled_idx").on(t.levelCode, t.enrolledAt),
  ],
);

export const updates = pgTable(
  "updates",
  {
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

export const gradeCategories = pgTable(
  "grade_categories",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    // Rostering (decision 012): the first OneRoster categories.csv sourcedId with this title (NULL: made in the portal).
    sourcedId: text("sourced_id"),
  },
  (t) => [unique("grade_categories_name_key").on(t.name), unique("grade_categories_sourced_id_key").on(t.sourcedId)],
);

export const assignments = pgTable(
  "assignments",
  {
    id: serial("id").primaryKey(),
    levelCode: levelCodeRef("restrict"),
    teacherId: integer("teacher_id").references(() => users.id, { onDelete: "set null" }),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    maxScore: integer("max_score").notNull().default(10),
    dueDate: timestamp("due_date", { withTimezone: true }),
    categoryId: integer("category_id").references(() => gradeCategories.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    // Rostering (decision 012): the OneRoster lineItems.csv sourcedId (NULL: made in the portal).
    sourcedId: text("sourced_id"),
  },
  (t) => [
    unique("assignments_sourced_id_key").on(t.sourcedId),
    index("assignments_level_created_idx").on(t.levelCode, t.createdAt),
    index("assignments_level_due_idx").on(t.levelCode, t.dueDate),
    check("assignments_max_score_check", sql`${t.maxScore} >= 1`),
  ],
);

export const assignmentSubmissions = pgTable(
  "assignment_submissions",
  {
    id: serial("id").primaryKey(),
    assignmentId: integer("assignment_id")
      .notNull()
      .references(() => assignments.id, { onDelete: "restrict" }),
    studentId: integer("student_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    content: text("content").notNull(),
    submittedAt: timestamp("submitted_at", { withTimezone: true }).notNull().defaultNow(),
    score: numeric("score", { precision: 8, scale: 2, mode: "number" }),
  },
  (t) => [
    index("assignment_submissions_assignment_student_idx").on(t.assignmentId, t.studentId, t.submittedAt),
    index("assignment_submissions_student_idx").on(t.studentId, t.submittedAt),
    // The Summary feed's "latest submissions" reads each assignment's newest few.
    index("assignment_submissions_assignment_submitted_idx").on(t.assignmentId, t.submittedAt),
  ],
);

export const grades = pgTable(
  "grades",
  {
    id: serial("id").primaryKey(),
    assignmentId: integer("assignment_id")
      .notNull()
      .references(() => assignments.id, { onDelete: "restrict" }),
    studentId: integer("student_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    score: numeric("score", { precision: 8, scale: 2, mode: "number" }).notNull(),
    feedback: text("feedback"),
    gradedAt: timestamp("graded_at", { withTimezone: true }).notNull().defaultNow(),
    // Rostering (decision 012): the OneRoster results.csv sourcedId (NULL: graded in the portal).
    sourcedId: text("sourced_id"),
  },
  (t) => [
    unique("grades_assignment_student_key").on(t.assignmentId, t.studentId),
    unique("grades_sourced_id_key").on(t.sourcedId),
    index("grades_student_graded_idx").on(t.studentId, t.gradedAt),
    index("grades_assignment_graded_idx").on(t.assignmentId, t.gradedAt),
    // The grade grid reads every score of a class from this index alone (no table pages).
    index("grades_assignment_student_score_idx").on(t.assignmentId, t.studentId, t.score),
    check("grades_score_check", sql`${t.score} >= 0`),
  ],
);

export const attendance = pgTable(
  "attendance",
  {
    id: serial("id").primaryKey(),
    studentId: integer("student_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    levelCode: levelCodeRef("restrict"),
    date: date("date", { mode: "string" }).notNull(),
    status: text("status").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique("attendance_student_level_date_key").on(t.studentId, t.levelCode, t.date),
    index("attendance_level_date_idx").on(t.levelCode, t.date),
    // The attendance grid reads a class's records from this index alone, grouped by student.
    index("attendance_level_student_day_idx").on(t.levelCode, t.studentId, t.date, t.status),
    check("attendance_status_check", sql`${t.status} in ('present', 'absent', 'late', 'excused')`),
  ],
);

/** Grades given, points earned and possible, attendance by status: kept by drizzle/0007's triggers. */
/**
 * The figures of a running-totals row as the queries return them (numbers), for the screens that
 * read them: the Summary, the class page's tiles and the admin's class list (graded is read by
 * the Summary alone).
 */
export interface RunningTotals {
  earned: number;
  possible: number;
  present: number;
  absent: number;
  late: number;
  excused: number;
}

const runningTotals = () => ({
  graded: integer("graded").notNull().default(0),
  earned: numeric("earned", { precision: 14, scale: 2, mode: "number" }).notNull().default(0),
  possible: numeric("possible", { precision: 14, scale: 2, mode: "number" }).notNull().default(0),
  present: integer("present").notNull().default(0),
  absent: integer("absent").notNull().default(0),
  late: integer("late").notNull().default(0),
  excused: integer("excused").notNull().default(0),
});

/**
 * Per-class running totals of grades and attendance, kept by triggers in the same transaction
 * as every write (drizzle/0007), so the admin's class list reads 25 rows instead of
 * aggregating hundreds of thousands — and is never stale.
 */
export const levelStats = pgTable("level_stats", {
  levelCode: text("level_code")
    .primaryKey()
    .references(() => levels.code, { onDelete: "cascade", onUpdate: "cascade" }),
  ...runningTotals(),
});

/**
 * The same running totals per student in each class (drizzle/0007): the Summary tab, the
 * admin's View Students and the class page's tiles read one row per student instead of aggregating
 * every grade and attendance record of the class on each view. Kept by the same triggers,
 * so exact at every commit. Rows stay when a student leaves a class, like the records do.
 */
export const studentLevelStats = pgTable(
  "student_level_stats",
  {
    levelCode: text("level_code")
      .notNull()
      .references(() => levels.code, { onDelete: "cascade", onUpdate: "cascade" }),
    studentId: integer("student_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    ...runningTotals(),
  },
  (t) => [
    primaryKey({ columns: [t.levelCode, t.studentId] }),
    index("student_level_stats_student_idx").on(t.studentId),
  ],
);

export type User = typeof users.$inferSelect;
export type Level = typeof levels.$inferSelect;

/**
 * Append-only audit trail: parent-portal lookups, access-code changes, and (as they are wired)
 * grade, attendance and enrollment changes. `detail` holds what changed, never an access code.
 */
export const auditLog = pgTable(
  "audit_log",
  {
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
    unique("guardian_links_parent_student_key").on(t.parentId, t.studentId),
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
    id: serial("id").primaryKey(),
    parentId: integer("parent_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    studentId: integer("student_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [unique("pending_guardian_links_parent_student_key").on(t.parentId, t.studentId)],
);

/**
 * Report-card links (/r/<token>): a secret the school issued to one guardian for one student.
 * Only the SHA-256 of the token is stored; the token itself exists once, in the admin's answer
 * or on the printed letter. Removing the guardian link removes its report-card links.
 */
export const reportCardLinks = pgTable(
  "report_card_links",
  {
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

/**
 * The school's terms: made by an admin on /admin → Terms (sourced_id NULL, type 'term'), or from
 * OneRoster academicSessions (decision 012), keyed on sourcedId; lib/domain/terms picks the ones
 * grades are kept by.
 */
export const schoolTerms = pgTable(
  "school_terms",
  {
    id: serial("id").primaryKey(),
    sourcedId: text("sourced_id"),
    title: text("title").notNull(),
    // calendarYear | gradingPeriod | schoolYear | semester | term | ext:…
    type: text("type").notNull(),
    startDate: date("start_date", { mode: "string" }).notNull(),
    endDate: date("end_date", { mode: "string" }).notNull(),
    parentSourcedId: text("parent_sourced_id"),
    schoolYear: integer("school_year"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique("school_terms_sourced_id_key").on(t.sourcedId),
    check("school_terms_dates_check", sql`${t.endDate} >= ${t.startDate}`),
  ],
);

/**
 * Every roster import run (decision 012): previews and applies, from the admin page or the command
 * line, what they counted, and the users an applied import created (for their sign-in cards).
 */
export const rosterImports = pgTable(
  "roster_imports",
  {
    id: serial("id").primaryKey(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    actorId: integer("actor_id").references(() => users.id, { onDelete: "set null" }),
    source: text("source").notNull(),
    fileName: text("file_name").notNull(),
    dryRun: boolean("dry_run").notNull(),
    // previewed | applied | refused (problems, or the data changed since the preview) | failed
    status: text("status").notNull(),
    summary: jsonb("summary").$type<Record<string, unknown>>().notNull().default({}),
    // The run's first problems and warnings and a failed sync's reason, as message descriptors
    // (decision 029), written in whoever reads them later. Null: a row written before they were
    // descriptors and not yet converted (lib/roster/history-convert.ts, run at start-up).
    report: jsonb("report").$type<Record<string, unknown>>(),
    problems: integer("problems").notNull().default(0),
    warnings: integer("warnings").notNull().default(0),
    newUserIds: jsonb("new_user_ids").$type<number[]>().notNull().default([]),
    durationMs: integer("duration_ms").notNull().default(0),
  },
  (t) => [
    index("roster_imports_at_idx").on(t.at),
    // sync: the scheduled import of ROSTER_SYNC_DIR (issue 29); unchanged: a sync that found the
    // files it had already applied, and did nothing.
    check("roster_imports_source_check", sql`${t.source} in ('web', 'cli', 'sync')`),
    check(
      "roster_imports_status_check",
      sql`${t.status} in ('previewed', 'applied', 'refused', 'failed', 'unchanged')`,
    ),
  ],
);

/** The school's settings an admin saves on the admin page, one JSON value per key (e.g. the roster sync's policy). */
export const settings = pgTable("settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").$type<Record<string, unknown>>().notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  updatedBy: integer("updated_by").references(() => users.id, { onDelete: "set null" }),
});

/** A class's weight and drop-lowest rule for one grade category (issue 19). */
export const levelCategoryWeights = pgTable(
  "level_category_weights",
  {
    levelCode: levelCodeRef("cascade"),
    categoryId: integer("category_id")
      .notNull()
      .references(() => gradeCategories.id, { onDelete: "cascade" }),
    // Hundredths of a percent (25 % = 2500): the weights of a weighted class total 10000.
    weight: integer("weight").notNull(),
    dropLowest: integer("drop_lowest").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.levelCode, t.categoryId] }),
    check("level_category_weights_weight_check", sql`${t.weight} between 0 and 10000`),
    check("level_category_weights_drop_check", sql`${t.dropLowest} between 0 and 20`),
  ],
);

/**
 * A teacher's marks on one student's work beside the score (issue 19): excused (out of both sums),
 * missing (0 once past due), late (the class's late policy). No row: none of them.
 */
export const gradeMarks = pgTable(
  "grade_marks",
  {
    assignmentId: integer("assignment_id")
      .notNull()
      .references(() => assignments.id, { onDelete: "restrict" }),
    studentId: integer("student_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    excused: boolean("excused").notNull().default(false),
    missing: boolean("missing").notNull().default(false),
    late: boolean("late").notNull().default(false),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.assignmentId, t.studentId] }),
    check("grade_marks_excused_missing_check", sql`not (${t.excused} and ${t.missing})`),
  ],
);

/** A teacher's final word on a student's term grade, with the reason (issue 19); audited. */
export const termGradeOverrides = pgTable(
  "term_grade_overrides",
  {
    levelCode: levelCodeRef("restrict"),
    studentId: integer("student_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    // An admin may not delete a term with overrides (lib/terms); a roster import that drops the term drops them.
    termId: integer("term_id")
      .notNull()
      .references(() => schoolTerms.id, { onDelete: "cascade" }),
    percent: numeric("percent", { precision: 5, scale: 2, mode: "number" }).notNull(),
    reason: text("reason").notNull(),
    // The reason is the teacher's note to staff unless they choose to show it to the family
    // (issue 27); `family_note` is an optional line written for the family instead.
    reasonShared: boolean("reason_shared").notNull().default(false),
    familyNote: text("family_note"),
    teacherId: integer("teacher_id").references(() => users.id, { onDelete: "set null" }),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.levelCode, t.studentId, t.termId] }),
    check("term_grade_overrides_percent_check", sql`${t.percent} between 0 and 100`),
    check("term_grade_overrides_reason_check", sql`length(${t.reason}) between 1 and 500`),
    check("term_grade_overrides_family_note_check", sql`length(${t.familyNote}) between 1 and 500`),
  ],
);

/**
 * A term whose report cards the school has published (issue 19): parents and students see the
 * term's report card, and the term's grades are locked until an admin unlocks it (row deleted).
 */
export const termPublications = pgTable("term_publications", {
  termId: integer("term_id")
    .primaryKey()
    .references(() => schoolTerms.id, { onDelete: "cascade" }),
  publishedAt: timestamp("published_at", { withTimezone: true }).notNull().defaultNow(),
  publishedBy: integer("published_by").references(() => users.id, { onDelete: "set null" }),
});

/**
 * What a published term's report card says, per student and class (issue 27), like a SIS's stored
 * grades: written when the term is published, read by every view of that term (report card page,
 * /r/ links, PDFs, the parent's child page, teacher screens, exports), never recomputed. Publishing
 * again replaces the rows (audited old → new per changed student). A student removed from the
 * class keeps their row; the class's name, period and teacher are kept as they were printed.
 */
export const termGradeRecords = pgTable(
  "term_grade_records",
  {
    termId: integer("term_id")
      .notNull()
      .references(() => schoolTerms.id, { onDelete: "cascade" }),
    levelCode: levelCodeRef("restrict"),
    studentId: integer("student_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    className: text("class_name").notNull(),
    period: text("period"),
    teacherName: text("teacher_name"),
    /** The percent shown (the override when there is one); null when nothing counts. */
    percent: integer("percent"),
    letter: text("letter"),
    computedPercent: integer("computed_percent"),
    /** The calculator's counted points (after drops, excused work and late penalties). */
    earnedPoints: numeric("earned_points", { precision: 14, scale: 2, mode: "string" }),
    possiblePoints: numeric("possible_points", { precision: 14, scale: 2, mode: "string" }),
    /** Each category's contribution: name, weight, earned, possible, percent, share of the grade. */
    categories: jsonb("categories").notNull(),
    /** How many items were counted, dropped, excused, missing and late. */
    marks: jsonb("marks").notNull(),
    /**
     * "Why this grade" as message descriptors (issue 40), `{ family, staff }`: families' lines leave
     * a private override reason out. Written in the reader's language only when shown.
     */
    why: jsonb("why").notNull(),
    /**
     * The English lines of a card published before "why" held descriptors, copied here by the
     * migration that added this column; the first start after it converts them into `why` once
     * (lib/gradebook/why-conversion.ts) and clears this. Always null afterwards.
     */
    whyEnglish: jsonb("why_english"),
    overridePercent: numeric("override_percent", { precision: 5, scale: 2, mode: "string" }),
    overrideReason: text("override_reason"),
    overrideReasonShared: boolean("override_reason_shared").notNull().default(false),
    overrideNote: text("override_note"),
    comment: text("comment"),
    present: integer("present").notNull().default(0),
    absent: integer("absent").notNull().default(0),
    late: integer("late").notNull().default(0),
    excused: integer("excused").notNull().default(0),
    /** Present-only rate to one decimal (spec §9's report card); null when no attendance was taken. */
    attendancePercent: numeric("attendance_percent", { precision: 4, scale: 1, mode: "string" }),
    /** SHA-256 of the calculator's inputs (scores, marks, settings, override, attendance): what changed on republication. */
    fingerprint: text("fingerprint").notNull(),
    /** SHA-256 of what the card shows; `announced_hash` is the one families were last told about. */
    displayHash: text("display_hash").notNull(),
    announcedHash: text("announced_hash"),
    publishedAt: timestamp("published_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.termId, t.levelCode, t.studentId] }),
    index("term_grade_records_student_idx").on(t.studentId, t.termId),
    // Empty once converted: each start finds the cards still to convert without reading the table.
    index("term_grade_records_why_english_idx")
      .on(t.termId)
      .where(sql`${t.whyEnglish} is not null`),
  ],
);

/** A teacher's report-card comment for one student in one class and term (issue 19). */
export const termComments = pgTable(
  "term_comments",
  {
    levelCode: levelCodeRef("restrict"),
    studentId: integer("student_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    termId: integer("term_id")
      .notNull()
      .references(() => schoolTerms.id, { onDelete: "cascade" }),
    comment: text("comment").notNull(),
    teacherId: integer("teacher_id").references(() => users.id, { onDelete: "set null" }),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.levelCode, t.studentId, t.termId] }),
    check("term_comments_length_check", sql`length(${t.comment}) between 1 and 1000`),
  ],
);

/** A teacher's reusable report-card comments; `{first name}` is replaced when one is used. */
export const commentBank = pgTable(
  "comment_bank",
  {
    id: serial("id").primaryKey(),
    teacherId: integer("teacher_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    text: text("text").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    unique("comment_bank_teacher_text_key").on(t.teacherId, t.text),
    check("comment_bank_length_check", sql`length(${t.text}) between 1 and 1000`),
  ],
);

/**
 * The durable job queue (issue 20): a row per job, enqueued in the transaction of the write that
 * causes it, claimed with FOR UPDATE SKIP LOCKED (several processes, PGlite or PostgreSQL),
 * retried with backoff. `dedupe_key` is unique: the same event enqueued twice is one job.
 */
export const jobs = pgTable(
  "jobs",
  {
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
      sql`${t.event} in ('attendance', 'work', 'grade', 'announcement', 'report_card', 'message')`,
    ),
    check("notification_preferences_threshold_check", sql`${t.threshold} between 1 and 100`),
  ],
);

/**
 * A school account (OpenID Connect, issue 32) that signs in as a portal user: the provider's
 * configured name and its `sub`, never an e-mail (decision 022). Made on the first sign-in that
 * matched exactly one user; removed by an admin, or with the user.
 */
export const oidcLinks = pgTable(
  "oidc_links",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    provider: text("provider").notNull(),
    subject: text("subject").notNull(),
    // What the link was made from, for the admin's list: the verified e-mail or the roster id.
    matchedBy: text("matched_by").notNull(),
    email: text("email"),
    createdAt: createdAt(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
  },
  (t) => [
    unique("oidc_links_provider_subject_key").on(t.provider, t.subject),
    index("oidc_links_user_idx").on(t.userId),
    check("oidc_links_matched_by_check", sql`${t.matchedBy} in ('email', 'roster')`),
  ],
);

/**
 * A school account (provider name + `sub`) an admin blocked when removing its link (decision 022):
 * it never links again, by e-mail or by roster claim, until an admin lifts the block. Kept per
 * subject, so it outlives the user it was linked to (`user_id` only says whose link it was).
 */
export const oidcBlocks = pgTable(
  "oidc_blocks",
  {
    id: serial("id").primaryKey(),
    provider: text("provider").notNull(),
    subject: text("subject").notNull(),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    // The removed link's e-mail, so the admin's list can say which account this is.
    email: text("email"),
    createdAt: createdAt(),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    unique("oidc_blocks_provider_subject_key").on(t.provider, t.subject),
    index("oidc_blocks_user_idx").on(t.userId),
  ],
);

/**
 * A sign-in on its way through a provider: keyed by the SHA-256 of its `state`, holding the PKCE
 * verifier and the nonce. Used once (deleted when the provider answers); older than 10 minutes: void.
 */
export const oidcPending = pgTable(
  "oidc_pending",
  {
    stateHash: text("state_hash").primaryKey(),
    provider: text("provider").notNull(),
    codeVerifier: text("code_verifier").notNull(),
    nonce: text("nonce").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("oidc_pending_created_idx").on(t.createdAt)],
);

/**
 * Attachments (issue 33, decision 023): a student's files on a submission (staged with no
 * submission until the submission is sent), a teacher's on an assignment or an announcement.
 * The row is written only after its object is stored; deleting a row (its owner deleted, or
 * removed by hand) queues its object in files_trash by trigger, and the sweep removes it.
 */
export const files = pgTable(
  "files",
  {
    id: serial("id").primaryKey(),
    levelCode: text("level_code")
      .notNull()
      .references(() => levels.code, { onDelete: "cascade", onUpdate: "cascade" }),
    kind: text("kind").notNull(), // 'submission' | 'assignment' | 'announcement'
    assignmentId: integer("assignment_id").references(() => assignments.id, { onDelete: "cascade" }),
    submissionId: integer("submission_id").references(() => assignmentSubmissions.id, { onDelete: "cascade" }),
    updateId: integer("update_id").references(() => updates.id, { onDelete: "cascade" }),
    uploaderId: integer("uploader_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    storageKey: text("storage_key").notNull(),
    thumbKey: text("thumb_key"),
    name: text("name").notNull(),
    mime: text("mime").notNull(),
    size: integer("size").notNull(),
    sha256: text("sha256").notNull(),
    // 'clean' (ClamAV said so) or 'unscanned' (no CLAMAV_HOST).
    scan: text("scan").notNull(),
    // A student's staged file: the hand-in dialog it was uploaded in (decision 023). The ten-file
    // limit counts one dialog's files, so uploads left in a dialog never sent do not count.
    draftId: text("draft_id"),
    createdAt: createdAt(),
  },
  (t) => [
    unique("files_storage_key_key").on(t.storageKey),
    index("files_submission_idx").on(t.submissionId),
    index("files_assignment_idx").on(t.assignmentId, t.kind),
    index("files_update_idx").on(t.updateId),
    index("files_uploader_idx").on(t.uploaderId),
    check("files_kind_check", sql`${t.kind} in ('submission', 'assignment', 'announcement')`),
    check("files_size_check", sql`${t.size} >= 0`),
  ],
);

/**
 * Which files each submission handed in (decision 023). A file is uploaded once and handed in
 * with its first submission (files.submission_id); a resubmission that keeps it lists it here
 * again, so every submission in the history shows what it was sent with and no bytes are copied.
 */
export const submissionFiles = pgTable(
  "submission_files",
  {
    submissionId: integer("submission_id")
      .notNull()
      .references(() => assignmentSubmissions.id, { onDelete: "cascade" }),
    fileId: integer("file_id")
      .notNull()
      .references(() => files.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.submissionId, t.fileId] }), index("submission_files_file_idx").on(t.fileId)],
);

/** Objects whose row is gone, waiting for the sweep (filled by the files_to_trash trigger). */
export const filesTrash = pgTable("files_trash", {
  id: serial("id").primaryKey(),
  storageKey: text("storage_key").notNull(),
  thumbKey: text("thumb_key"),
  levelCode: text("level_code"),
  fileId: integer("file_id").notNull(),
  name: text("name").notNull(),
  queuedAt: timestamp("queued_at", { withTimezone: true }).notNull().defaultNow(),
});
