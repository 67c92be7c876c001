// A student's complete record as one zip (issue 41, docs/records-export.md): record.json with every
// row of every table that holds the student's data, the transcript PDF, and the files the student
// uploaded, read through the storage layer (disk or S3). For an admin answering a records request.
import { renderTranscriptPdf } from "./transcript-pdf";
import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { audit } from "@/lib/audit";
import { db, jsonColumn, queryRows } from "@/lib/db/client";
import { zipStream, type ZipEntry } from "@/lib/files/zip";
import type { Locale } from "@/lib/i18n/locales";
import { currentSchoolName } from "@/lib/school-name";
import { memberHere } from "@/lib/db/schools";

/** The format's name and version in record.json: a change to a section's shape is a new version. */
export const RECORD_FORMAT = "classroom-portal/student-record";
export const RECORD_VERSION = 1;

interface Section {
  /** The table, which is also the section's key in record.json's `tables`. */
  table: string;
  /** Which of its rows are the student's (`t` is the table, `${id}` the student). */
  where: (id: number) => SQL;
  /** Columns left out: secrets (code hashes, sealed codes, token hashes) and storage internals. */
  omit?: string[];
}

const ofStudent = (column: string) => (id: number) => sql`${sql.raw(`t.${column}`)} = ${id}`;
/** The classes the student is or was in: enrolled, or holding any record there. */
const studentClasses = (id: number) => sql`(
  select level_code from student_enrollment where student_id = ${id}
  union select level_code from attendance where student_id = ${id}
  union select level_code from term_grade_records where student_id = ${id}
  union select a.level_code from assignments a join grades g on g.assignment_id = a.id where g.student_id = ${id} and g.returned_at is not null
  union select a.level_code from assignments a join assignment_submissions s on s.assignment_id = a.id where s.student_id = ${id})`;

/**
 * Every section of record.json, in order. The student's own rows, and the rows that give them
 * meaning (their classes, those classes' years, the assignments and announcements they answer, the
 * terms of their term grades). tests/records-coverage checks these with lib/records/coverage.ts.
 */
export const EXPORT_SECTIONS: Section[] = [
  {
    table: "users",
    where: ofStudent("id"),
    omit: ["code", "code_hash", "code_sealed", "code_weak", "session_version", "code_withheld_from"],
  },
  { table: "student_enrollment", where: ofStudent("student_id") },
  { table: "levels", where: (id) => sql`t.code in ${studentClasses(id)}` },
  {
    table: "school_years",
    where: (id) => sql`t.id in (select year_id from levels where code in ${studentClasses(id)})`,
  },
  {
    table: "assignments",
    where: (id) => sql`t.id in (select assignment_id from assignment_submissions where student_id = ${id}
      union select assignment_id from grades where student_id = ${id} and returned_at is not null
      union select assignment_id from grade_marks where student_id = ${id}
      union select assignment_id from submission_comments where student_id = ${id})`,
  },
  { table: "assignment_submissions", where: ofStudent("student_id") },
  {
    table: "submission_files",
    where: (id) => sql`t.submission_id in (select id from assignment_submissions where student_id = ${id})`,
  },
  // Their own uploads, and staff's files on the private comments about them (issue 44).
  {
    table: "files",
    where: (id) =>
      sql`(t.uploader_id = ${id} or t.comment_id in (select id from submission_comments where student_id = ${id}))`,
    omit: ["storage_key", "thumb_key", "draft_id"],
  },
  // A draft (returned_at null, decision 033) is the teacher's work in progress, not yet the student's record.
  { table: "grades", where: (id) => sql`t.student_id = ${id} and t.returned_at is not null` },
  { table: "grade_marks", where: ofStudent("student_id") },
  { table: "attendance", where: ofStudent("student_id") },
  { table: "student_level_stats", where: ofStudent("student_id") },
  { table: "updates", where: (id) => sql`t.id in (select update_id from responses where student_id = ${id})` },
  { table: "responses", where: ofStudent("student_id") },
  // The private comments on the student's work (issue 44): the whole thread about them, hidden ones
  // included (the record is the school's account of what was said), and any the student wrote.
  {
    table: "submission_comments",
    where: (id) => sql`(t.student_id = ${id} or t.author_id = ${id})`,
  },
  {
    table: "school_terms",
    where: (id) => sql`t.id in (select term_id from term_grade_records where student_id = ${id}
      union select term_id from term_grade_overrides where student_id = ${id}
      union select term_id from term_comments where student_id = ${id})`,
  },
  { table: "term_grade_overrides", where: ofStudent("student_id") },
  { table: "term_grade_records", where: ofStudent("student_id"), omit: ["why_english"] },
  { table: "term_comments", where: ofStudent("student_id") },
  { table: "guardian_links", where: ofStudent("student_id") },
  { table: "pending_guardian_links", where: ofStudent("student_id") },
  {
    table: "report_card_links",
    where: (id) => sql`t.guardian_link_id in (select id from guardian_links where student_id = ${id})`,
    omit: ["token_hash"],
  },
  // Notices addressed to the student, and those to a guardian about the student (student_id).
  { table: "notifications", where: (id) => sql`(t.user_id = ${id} or t.student_id = ${id})` },
  { table: "notification_preferences", where: ofStudent("user_id") },
  { table: "calendar_feeds", where: ofStudent("user_id"), omit: ["token_hash"] },
  { table: "oidc_links", where: ofStudent("user_id") },
  // The schools the student belongs to (issue 42).
  { table: "school_memberships", where: ofStudent("user_id") },
  { table: "oidc_blocks", where: ofStudent("user_id") },
  // What the student did (actor) and what was done about them (the entry's studentId or userId).
  {
    table: "audit_log",
    where: (id) => sql`(t.actor_id = ${id} or t.detail->>'studentId' = ${String(id)}
      or t.detail->>'userId' = ${String(id)} or t.detail->>'student' = ${String(id)})
      -- A grade still a draft is the staff's (decision 033): neither is its history of changes.
      and not (t.action = 'grade.changed' and exists (select 1 from grades g
        where g.assignment_id::text = t.detail->>'assignmentId' and g.student_id = ${id} and g.returned_at is null))`,
  },
];

export interface StudentRecord {
  format: typeof RECORD_FORMAT;
  version: typeof RECORD_VERSION;
  exportedAt: string;
  school: string;
  student: { id: number; name: string; username: string };
  transcript: string | null;
  files: { id: number; name: string; path: string }[];
  tables: Record<string, Record<string, unknown>[]>;
}

/** record.json's content for one student; null when there is no such student. */
export async function buildRecord(studentId: number, now = new Date()): Promise<StudentRecord | null> {
  const [student] = await queryRows<{ id: number; name: string; username: string }>(
    sql`select id, name, username from users where id = ${studentId} and role = 'student' and ${memberHere(sql.raw("users.id"))}`,
  );
  if (!student) return null;
  const tables: StudentRecord["tables"] = {};
  for (const s of EXPORT_SECTIONS) {
    const omit = s.omit?.length ? sql` - ${`{${s.omit.join(",")}}`}::text[]` : sql``;
    const [row] = await queryRows<{ rows: unknown }>(
      sql`select coalesce(jsonb_agg(to_jsonb(t)${omit} order by ${sql.raw(orderOf(s.table))}), '[]'::jsonb) as rows
          from ${sql.identifier(s.table)} t where ${s.where(studentId)}`,
    );
    tables[s.table] = jsonColumn<Record<string, unknown>[]>(row?.rows as string) ?? [];
  }
  const files = (tables.files ?? []).map((f) => {
    const id = Number(f.id);
    return { id, name: String(f.name), path: `files/${id} - ${safeName(String(f.name))}` };
  });
  return {
    format: RECORD_FORMAT,
    version: RECORD_VERSION,
    exportedAt: now.toISOString(),
    school: await currentSchoolName(),
    student: { id: Number(student.id), name: student.name, username: student.username },
    transcript: null,
    files,
    tables,
  };
}

/** Rows in a stable order: by id when the table has one, else by its whole row. */
function orderOf(table: string): string {
  return [
    "student_level_stats",
    "submission_files",
    "grade_marks",
    "notification_preferences",
    "school_memberships",
  ].includes(table) || table.startsWith("term_")
    ? "to_jsonb(t)::text"
    : "t.id";
}

function safeName(s: string): string {
  return (
    s
      .replace(/[\u0000-\u001f\u007f/\\:*?"<>|]/g, "_")
      .replace(/^\.+/, "_")
      .slice(0, 120) || "_"
  );
}

/**
 * The zip of one student's record, audited (records.exported: the student's id and the counts, in
 * the same transaction as nothing else: the download itself writes nothing). Null: no such student.
 */
export async function studentRecordZip(
  studentId: number,
  actorId: number,
  locale: Locale,
): Promise<{ body: ReadableStream<Uint8Array>; username: string } | null> {
  const record = await buildRecord(studentId);
  if (!record) return null;
  // The same transcript as /records/{id}/transcript.pdf, in the admin's language.
  const pdf = await renderTranscriptPdf(studentId, locale);
  record.transcript = "transcript.pdf";
  const keys = new Map(
    (
      await queryRows<{ id: number; key: string }>(
        sql`select id, storage_key as key from files where uploader_id = ${studentId}
            or comment_id in (select id from submission_comments where student_id = ${studentId})`,
      )
    ).map((r) => [Number(r.id), r.key]),
  );
  const entries: ZipEntry[] = [
    { path: "record.json", bytes: new TextEncoder().encode(`${JSON.stringify(record, null, 2)}\n`) },
    { path: "transcript.pdf", bytes: pdf },
    ...record.files.flatMap((f) => (keys.has(f.id) ? [{ path: f.path, key: keys.get(f.id)! }] : [])),
  ];
  await audit(db(), {
    action: "records.exported",
    actorId,
    detail: {
      studentId,
      files: record.files.length,
      rows: Object.values(record.tables).reduce((n, rows) => n + rows.length, 0),
    },
  });
  return { body: zipStream(entries), username: record.student.username };
}
