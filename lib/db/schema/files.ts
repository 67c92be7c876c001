// Uploaded files, the files attached to submissions, and the trash waiting for the sweep.
import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, primaryKey, serial, text, timestamp, unique } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";
import { schoolIdColumn } from "./schools";
import { assignmentSubmissions, assignments } from "./coursework";
import { submissionComments } from "./feedback";
import { levels, updates, users } from "./people";

/**
 * Attachments (issue 33, decision 023): a student's files on a submission (staged with no
 * submission until the submission is sent), a teacher's on an assignment or an announcement.
 * The row is written only after its object is stored; deleting a row (its owner deleted, or
 * removed by hand) queues its object in files_trash by trigger, and the sweep removes it.
 */
export const files = pgTable(
  "files",
  {
    schoolId: schoolIdColumn(),
    id: serial("id").primaryKey(),
    levelCode: text("level_code")
      .notNull()
      .references(() => levels.code, { onDelete: "cascade", onUpdate: "cascade" }),
    kind: text("kind").notNull(), // 'submission' | 'assignment' | 'announcement' | 'comment'
    assignmentId: integer("assignment_id").references(() => assignments.id, { onDelete: "cascade" }),
    submissionId: integer("submission_id").references(() => assignmentSubmissions.id, { onDelete: "cascade" }),
    updateId: integer("update_id").references(() => updates.id, { onDelete: "cascade" }),
    // Issue 44: a file attached to a private comment.
    commentId: integer("comment_id").references(() => submissionComments.id, { onDelete: "cascade" }),
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
    index("files_comment_idx").on(t.commentId),
    check("files_kind_check", sql`${t.kind} in ('submission', 'assignment', 'announcement', 'comment')`),
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
    schoolId: schoolIdColumn(),
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
