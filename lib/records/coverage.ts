// Which tables a student's records export holds (issue 41, docs/records-export.md). The rule a test
// checks against the live schema (tests/records-coverage.integration.test.ts): every table with a
// column that holds a person's users.id — a foreign key to users(id), or an integer column named
// student_id, user_id or uploader_id — is either exported (a section of record.json, see
// EXPORT_SECTIONS in lib/records/export.ts) or listed here with the reason it is not. A new table
// that names a person is in neither list until someone decides, and the test fails until then.

/** The rule's column names for a column without a foreign key (a trigger's copy, a log). */
export const PERSON_COLUMN_NAMES = ["student_id", "user_id", "uploader_id"] as const;

/** Tables that name people but hold nothing of one student's record, each with why. */
export const NOT_EXPORTED: Record<string, string> = {
  comment_bank:
    "a teacher's own reusable report-card comments (teacher_id), about no student; what a teacher wrote about this student is in term_comments",
  rubrics:
    "the rubric bank: a teacher's or the school's rubrics (owner_id), about no student; the levels chosen for this student's work are in grades",
  roster_imports:
    "the admin who ran a roster import (actor_id) and its counts; the student's row it made or changed is exported as users",
  settings: "the school's settings and the admin who last saved each (updated_by)",
  term_publications:
    "when a term's report cards were published and by which admin (published_by); what they say of the student is term_grade_records",
};
