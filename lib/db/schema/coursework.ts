// Grade categories, assignments, submissions, grades, attendance, and the running totals kept from them.
import { sql } from "drizzle-orm";
import {
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  jsonb,
  timestamp,
  unique,
} from "drizzle-orm/pg-core";
import type { PostPolicy, RubricBody, RubricSelections } from "../../domain/rubric-types";
import { createdAt, updatedAt } from "./columns";
import { schoolIdColumn } from "./schools";
import { levelCodeRef, levels, users } from "./people";

export const gradeCategories = pgTable(
  "grade_categories",
  {
    schoolId: schoolIdColumn(),
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    // Rostering (decision 012): the first OneRoster categories.csv sourcedId with this title (NULL: made in the portal).
    sourcedId: text("sourced_id"),
  },
  // A school's own words (issue 42): each school has its "Homework", and the district's categories.csv
  // gives every school its category of one sourcedId.
  (t) => [
    unique("grade_categories_school_name_key").on(t.schoolId, t.name),
    unique("grade_categories_school_sourced_id_key").on(t.schoolId, t.sourcedId),
  ],
);

export const assignments = pgTable(
  "assignments",
  {
    schoolId: schoolIdColumn(),
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
    // Issue 44: the assignment's own copy of its rubric (NULL: none), and the bank rubric it was
    // copied from (kept only to say so; the copy is what scores and students read).
    rubric: jsonb("rubric").$type<RubricBody>(),
    rubricId: integer("rubric_id"),
    // Issue 44: 'immediate' (a grade reaches the student and family when saved, as before) or
    // 'on_return' (a saved grade is a draft until the teacher returns it).
    postPolicy: text("post_policy").$type<PostPolicy>().notNull().default("immediate"),
  },
  (t) => [
    check("assignments_post_policy_check", sql`${t.postPolicy} in ('immediate', 'on_return')`),
    unique("assignments_school_sourced_id_key").on(t.schoolId, t.sourcedId),
    index("assignments_level_created_idx").on(t.levelCode, t.createdAt),
    index("assignments_level_due_idx").on(t.levelCode, t.dueDate),
    check("assignments_max_score_check", sql`${t.maxScore} >= 1`),
  ],
);

export const assignmentSubmissions = pgTable(
  "assignment_submissions",
  {
    schoolId: schoolIdColumn(),
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
    schoolId: schoolIdColumn(),
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
    // Issue 44: when the grade reached the student and family. NULL: a draft, seen by the class's
    // staff only and counted nowhere else (decision 033).
    returnedAt: timestamp("returned_at", { withTimezone: true }),
    // Issue 44: the rubric levels chosen (NULL: not scored with the rubric) and the total they
    // made when chosen; a score that differs from rubric_score is the teacher's override.
    rubricLevels: jsonb("rubric_levels").$type<RubricSelections>(),
    rubricScore: numeric("rubric_score", { precision: 8, scale: 2, mode: "number" }),
  },
  (t) => [
    unique("grades_assignment_student_key").on(t.assignmentId, t.studentId),
    unique("grades_school_sourced_id_key").on(t.schoolId, t.sourcedId),
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
    schoolId: schoolIdColumn(),
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
  schoolId: schoolIdColumn(),
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
    schoolId: schoolIdColumn(),
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
