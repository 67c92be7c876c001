// School terms, roster imports, settings, and term grading: weights, marks, overrides, publications, records, comments.
import { sql } from "drizzle-orm";
import {
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
import { createdAt, updatedAt } from "./columns";
import { schoolIdColumn } from "./schools";
import { assignments, gradeCategories } from "./coursework";
import { levelCodeRef, schoolYears, users } from "./people";

/**
 * The school's terms: made by an admin on /admin → Terms (sourced_id NULL, type 'term'), or from
 * OneRoster academicSessions (decision 012), keyed on sourcedId; lib/domain/terms picks the ones
 * grades are kept by.
 */
export const schoolTerms = pgTable(
  "school_terms",
  {
    schoolId: schoolIdColumn(),
    id: serial("id").primaryKey(),
    sourcedId: text("sourced_id"),
    title: text("title").notNull(),
    // calendarYear | gradingPeriod | schoolYear | semester | term | ext:…
    type: text("type").notNull(),
    startDate: date("start_date", { mode: "string" }).notNull(),
    endDate: date("end_date", { mode: "string" }).notNull(),
    parentSourcedId: text("parent_sourced_id"),
    schoolYear: integer("school_year"),
    // The school year the term is part of (issue 41): its parent schoolYear session, or the year
    // whose dates hold it. Null: a term outside every year.
    yearId: integer("year_id").references(() => schoolYears.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The district's calendar (issue 42): each school has its copy of a term of one sourcedId.
    unique("school_terms_school_sourced_id_key").on(t.schoolId, t.sourcedId),
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
    schoolId: schoolIdColumn(),
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
export const settings = pgTable(
  "settings",
  {
    schoolId: schoolIdColumn(),
    key: text("key").notNull(),
    value: jsonb("value").$type<Record<string, unknown>>().notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    updatedBy: integer("updated_by").references(() => users.id, { onDelete: "set null" }),
  },
  // Each school keeps its own value of a key.
  (t) => [primaryKey({ columns: [t.schoolId, t.key] })],
);

/** A class's weight and drop-lowest rule for one grade category (issue 19). */
export const levelCategoryWeights = pgTable(
  "level_category_weights",
  {
    schoolId: schoolIdColumn(),
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
    schoolId: schoolIdColumn(),
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
    schoolId: schoolIdColumn(),
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
  schoolId: schoolIdColumn(),
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
    schoolId: schoolIdColumn(),
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
    schoolId: schoolIdColumn(),
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
    schoolId: schoolIdColumn(),
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
