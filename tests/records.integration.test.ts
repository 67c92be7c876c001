import fs from "node:fs";
import { pdfText } from "./support/pdf";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as recordsRoute } from "@/app/admin/students/[id]/records/route";
import { eraseDepartedAction } from "@/app/admin/records-actions";
import { codeColumns } from "@/lib/auth/code-store";
import { queryRows } from "@/lib/db/client";
import { db } from "@/lib/db/client";
import { users } from "@/lib/db/schema";
import { resetEnvCache } from "@/lib/env";
import { fileStorage, setFileStorage } from "@/lib/files/index";
import { EXPORT_SECTIONS, RECORD_FORMAT, RECORD_VERSION, type StudentRecord } from "@/lib/records/export";
import { eraseDeparted, listErasable } from "@/lib/records/erase";
import { schoolToday } from "@/lib/queries/school-years";
import { seedRecordsSchool, type RecordsSchool } from "./support/departed";
import { form } from "./support/form";
import { cookieJar } from "./support/request-context";
import { signInAs } from "./support/session";
import { useTestDatabase } from "./support/test-db";

// Records requests and erasure after retention (issue 41): the export holds the student's whole
// record, and erasure leaves no personal value of theirs anywhere while every figure stays.

useTestDatabase();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "records-"));
let school: RecordsSchool;
/** A departed student with a one-word name, which is also a word of a classmate's text. */
let rose: number;
const CLASSMATE_TEXT = "We planted a rose bush and a Rose of Sharon by the gate";
const ADMIN = "records-admin-code-1";
const TEACHER = "records-teacher-code-1";

beforeAll(async () => {
  process.env.DATA_DIR = dataDir;
  process.env.RECORDS_RETENTION_YEARS = "5";
  resetEnvCache();
  setFileStorage(undefined);
  school = await seedRecordsSchool(schoolToday());
  await db()
    .insert(users)
    .values([
      { name: "Records Admin", username: "records.admin", role: "admin", ...codeColumns(ADMIN) },
      { name: "Records Teacher", username: "records.teacher", role: "instructor", ...codeColumns(TEACHER) },
    ]);
  const [r] = await db().insert(users).values({ name: "Rose", username: "rose.w1", role: "student" }).returning();
  rose = r!.id;
  await db().execute(sql`insert into student_enrollment (student_id, level_code) values (${rose}, ${school.oldClass})`);
  await db().execute(
    sql`insert into audit_log (action, detail) values ('student.edited', ${JSON.stringify({ name: "Rose" })}::jsonb)`,
  );
  const [a] = await queryRows<{ id: number }>(
    sql`select id from assignments where level_code = ${school.oldClass} limit 1`,
  );
  await db().execute(sql`insert into assignment_submissions (assignment_id, student_id, content)
    values (${a!.id}, ${school.classmate}, ${CLASSMATE_TEXT})`);
});
afterAll(() => {
  setFileStorage(undefined);
  delete process.env.DATA_DIR;
  delete process.env.RECORDS_RETENTION_YEARS;
  resetEnvCache();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const get = (id: number, headers: Record<string, string> = {}) =>
  recordsRoute(new Request(`http://localhost/admin/students/${id}/records`, { headers }), {
    params: Promise.resolve({ id: String(id) }),
  });

/** Every text, varchar and json(b) column of every table, from information_schema. */
async function textColumns(): Promise<{ table: string; column: string }[]> {
  return queryRows(sql`select c.table_name as "table", c.column_name as "column"
    from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
    where c.table_schema = current_schema() and t.table_type = 'BASE TABLE'
      and c.data_type in ('text', 'character varying', 'jsonb', 'json')
    order by 1, 2`);
}

/** Where in the database a value still is: "table.column" for each column holding it (any case). */
async function whereIs(value: string): Promise<string[]> {
  const found: string[] = [];
  for (const c of await textColumns()) {
    const [r] = await queryRows<{ n: number }>(
      sql`select count(*)::int as n from ${sql.identifier(c.table)}
          where position(lower(${value}) in lower(${sql.identifier(c.column)}::text)) > 0`,
    );
    if (Number(r!.n) > 0) found.push(`${c.table}.${c.column}`);
  }
  return found;
}

/** The figures past classes show: per-assignment averages, stored term grades, running totals, attendance. */
async function figures() {
  return {
    grades: await queryRows(
      sql`select assignment_id, avg(score)::text as avg, count(*)::int as n from grades group by 1 order by 1`,
    ),
    terms: await queryRows(
      sql`select term_id, level_code, avg(percent)::text as avg, string_agg(letter, ',' order by student_id) as letters,
                 count(*)::int as n from term_grade_records group by 1, 2 order by 1, 2`,
    ),
    levelStats: await queryRows(sql`select * from level_stats order by level_code`),
    studentStats: await queryRows(
      sql`select level_code, student_id, earned::text, possible::text, present, absent, late, excused
          from student_level_stats order by 1, 2`,
    ),
    attendance: await queryRows(
      sql`select level_code, status, count(*)::int as n from attendance group by 1, 2 order by 1, 2`,
    ),
    overrides: await queryRows(sql`select level_code, term_id, percent::text from term_grade_overrides order by 1, 2`),
  };
}

describe("records request: one student's complete record", () => {
  it("answers an admin with a zip: record.json with every section, and the student's uploaded files", async () => {
    await signInAs(ADMIN);
    const res = await get(school.departed.id);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/zip");
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="record-/);
    const zip = unzipSync(new Uint8Array(await res.arrayBuffer()));
    const record = JSON.parse(new TextDecoder().decode(zip["record.json"])) as StudentRecord;
    expect(record.format).toBe(RECORD_FORMAT);
    expect(record.version).toBe(RECORD_VERSION);
    expect(record.student).toMatchObject({ id: school.departed.id, name: school.departed.name });
    expect(Object.keys(record.tables)).toEqual(EXPORT_SECTIONS.map((s) => s.table));
    // Her own rows in each table that holds them.
    for (const table of [
      "users",
      "student_enrollment",
      "assignment_submissions",
      "submission_files",
      "files",
      "grades",
      "grade_marks",
      "attendance",
      "responses",
      "term_grade_overrides",
      "term_grade_records",
      "term_comments",
      "guardian_links",
      "report_card_links",
      "notifications",
      "notification_preferences",
      "calendar_feeds",
      "oidc_links",
      "oidc_blocks",
      "audit_log",
    ])
      expect(record.tables[table]!.length, table).toBeGreaterThan(0);
    expect(record.tables.grades!.length).toBe(2);
    expect(record.tables.attendance!.length).toBe(2);
    expect(record.tables.notifications!.length).toBe(2);
    // No classmate's rows, no secrets.
    const text = JSON.stringify(record);
    expect(text).not.toContain(`"student_id":${school.classmate}`);
    for (const secret of ["code_hash", "code_sealed", "token_hash", "storage_key", "session_version"])
      expect(text, secret).not.toContain(`"${secret}"`);
    expect(text).not.toContain(school.departed.code);
    for (const v of school.personal.filter((p) => p !== school.departed.code)) expect(text, v).toContain(v);
    // The uploaded file, byte for byte, at the path record.json names.
    expect(record.files).toHaveLength(1);
    expect(zip[record.files[0]!.path]).toEqual(school.fileBytes);
    // The transcript, as /records/{id}/transcript.pdf renders it.
    expect(record.transcript).toBe("transcript.pdf");
    expect(pdfText(Buffer.from(zip["transcript.pdf"]!))).toContain(school.departed.name);
    const [audit] = await queryRows<{ detail: Record<string, unknown> }>(
      sql`select detail from audit_log where action = 'records.exported' order by id desc limit 1`,
    );
    expect(audit!.detail).toMatchObject({ studentId: school.departed.id, files: 1 });
  });

  it("refuses everyone but admins, and a download another site started", async () => {
    cookieJar.clear();
    expect((await get(school.departed.id)).status).toBe(401);
    await signInAs(TEACHER);
    expect((await get(school.departed.id)).status).toBe(403);
    await signInAs(ADMIN);
    expect((await get(school.departed.id, { "sec-fetch-site": "cross-site" })).status).toBe(403);
    expect((await get(school.departed.id, { origin: "https://evil.example" })).status).toBe(403);
    expect((await get(school.current, { "sec-fetch-site": "same-origin" })).status).toBe(200);
    expect((await get(999_999_999)).status).toBe(404);
  });
});

describe("erasure after retention", () => {
  it("the dry run lists exactly the departed students past retention", async () => {
    const listed = await listErasable(5);
    expect(listed.map((s) => s.id)).toEqual([rose, school.departed.id]);
    expect(listed[1]).toMatchObject({ lastYearEnd: "2010-06-30" });
    // A longer retention than the years since 2010 takes nobody.
    expect(await listErasable(50)).toEqual([]);
  });

  it("is refused when the setting is off, and without the typed number; nothing changes", async () => {
    await signInAs(ADMIN);
    delete process.env.RECORDS_RETENTION_YEARS;
    resetEnvCache();
    const before = await figures();
    expect(await eraseDepartedAction({ ok: true }, form({ confirm: "1" }))).toMatchObject({ ok: false });
    process.env.RECORDS_RETENTION_YEARS = "5";
    resetEnvCache();
    const listed = (await listErasable(5)).map((s) => s.id);
    for (const typed of ["", "1", "3", "ERASE", "0"])
      expect(await eraseDepartedAction({ ok: true }, form({ confirm: typed, listed: listed.join(",") }))).toMatchObject(
        { ok: false },
      );
    // The right number, but not the students the page showed (one of them, and a stranger).
    for (const other of [[listed[0]!], [listed[0]!, school.classmate]])
      expect(await eraseDepartedAction({ ok: true }, form({ confirm: "2", listed: other.join(",") }))).toMatchObject({
        ok: false,
        message: "The list of students changed since this page was shown. Read it again before erasing.",
      });
    expect((await whereIs(school.departed.name)).length).toBeGreaterThan(0);
    expect(await figures()).toEqual(before);
  });

  it("leaves no personal value of hers in any column, removes her files from storage, and keeps every figure", async () => {
    await signInAs(ADMIN);
    const before = await figures();
    for (const v of school.personal.filter((p) => p !== school.departed.code))
      expect(await whereIs(v), v).not.toEqual([]);
    expect(await fileStorage().get(school.fileKey)).not.toBeNull();

    // A username that is also a word of the portal's own identifiers ("student.edited" in the
    // audit log's action): the identifiers stay, or the audit log's guard would refuse the erasure.
    const listed = (await listErasable(5)).map((s) => s.id);
    const other = listed.find((id) => id !== school.departed.id)!;
    await queryRows(sql`update users set username = 'student' where id = ${other}`);
    await queryRows(
      sql`insert into audit_log (action, actor_id, detail) values ('student.edited', null, ${JSON.stringify({ studentId: school.classmate })}::jsonb)`,
    );
    const result = await eraseDepartedAction({ ok: true }, form({ confirm: "2", listed: listed.join(",") }));
    expect(result).toMatchObject({ ok: true, message: "2 students were erased." });

    for (const v of school.personal) expect(await whereIs(v), v).toEqual([]);
    expect(await fileStorage().get(school.fileKey)).toBeNull();
    expect(await figures()).toEqual(before);
    const [row] = await queryRows<Record<string, unknown>>(sql`select * from users where id = ${school.departed.id}`);
    expect(row).toMatchObject({
      email: null,
      code_hash: null,
      code_sealed: null,
      phone_number: null,
      parent1_number: null,
      date_of_birth: null,
    });
    expect(String(row!.name)).toMatch(/^Erased student #[0-9a-f]{8}$/);
    expect(row!.erased_at).not.toBeNull();
    const [audit] = await queryRows<{ detail: Record<string, unknown> }>(
      sql`select detail from audit_log where action = 'records.erased' order by id desc limit 1`,
    );
    expect(audit!.detail).toEqual({ students: 2, files: 1, retentionYears: 5 });
    // "Rose" is gone from the audit log, where names are copied, but a classmate's text keeps its words.
    expect(await whereIs("rose.w1")).toEqual([]);
    expect(await whereIs(`"name": "Rose"`)).toEqual([]);
    expect(await whereIs(CLASSMATE_TEXT)).toEqual(["assignment_submissions.content"]);
    expect(await queryRows(sql`select 1 from audit_log where action = 'student.edited'`)).not.toEqual([]);
  });

  it("never takes a student in a current class, within retention, or in no class; nor one erased already", async () => {
    expect(await listErasable(5)).toEqual([]);
    const kept = await queryRows<{ id: number; erased: boolean }>(
      sql`select id, erased_at is not null as erased from users
          where id in (${school.current}, ${school.recent}, ${school.unplaced}, ${school.classmate})`,
    );
    expect(kept.map((k) => k.erased)).toEqual([false, false, false, false]);
    expect(await eraseDeparted("0", [], 0)).toMatchObject({ ok: false });
  });
});
