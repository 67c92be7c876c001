// Feedback beyond a number (issue 44): the rubric bank and the private comments on each student's work.
// The assignment's own copy of a rubric, a grade's rubric levels and its return live on
// assignments and grades (coursework.ts).
import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import type { RubricCriterion } from "../../domain/rubric-types";
import { createdAt, updatedAt } from "./columns";
import { schoolIdColumn } from "./schools";
import { assignments } from "./coursework";
import { users } from "./people";

/**
 * The rubric bank: a teacher's own rubrics, and the school's (shared: every teacher may choose
 * them; admins make and change them). An assignment copies the rubric it uses (assignments.rubric),
 * so changing the bank never changes an assignment or a score.
 */
export const rubrics = pgTable(
  "rubrics",
  {
    schoolId: schoolIdColumn(),
    id: serial("id").primaryKey(),
    ownerId: integer("owner_id").references(() => users.id, { onDelete: "set null" }),
    shared: boolean("shared").notNull().default(false),
    title: text("title").notNull(),
    criteria: jsonb("criteria").$type<RubricCriterion[]>().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("rubrics_owner_idx").on(t.ownerId), index("rubrics_shared_idx").on(t.shared)],
);

/**
 * Private comments on one student's work for one assignment (issue 44): between the student and
 * the class's staff; linked guardians read them when the school allows. A thread exists before
 * anything is handed in, as a question about the assignment. Hidden by staff (moderation), never
 * removed: the audit log keeps who hid what.
 */
export const submissionComments = pgTable(
  "submission_comments",
  {
    schoolId: schoolIdColumn(),
    id: serial("id").primaryKey(),
    assignmentId: integer("assignment_id")
      .notNull()
      .references(() => assignments.id, { onDelete: "restrict" }),
    /** The student whose work the thread is about. */
    studentId: integer("student_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    authorId: integer("author_id").references(() => users.id, { onDelete: "set null" }),
    body: text("body").notNull(),
    createdAt: createdAt(),
    hiddenAt: timestamp("hidden_at", { withTimezone: true }),
    hiddenBy: integer("hidden_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    index("submission_comments_thread_idx").on(t.assignmentId, t.studentId, t.createdAt),
    // The flood limit counts one author's recent comments.
    index("submission_comments_author_idx").on(t.authorId, t.createdAt),
    check("submission_comments_body_check", sql`length(${t.body}) between 1 and 5000`),
  ],
);
