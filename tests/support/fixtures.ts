import { and, eq, sql, type SQL } from "drizzle-orm";
import { db, queryRows } from "@/lib/db/client";
import { assignments, levels, studentEnrollment, updates, users } from "@/lib/db/schema";
import { seedDemoSchool } from "@/lib/db/seed";
import { codeColumns, codeHash, openCode, sealPlaintextCodes } from "@/lib/auth/code-store";

export async function seedDemo(): Promise<void> {
  await seedDemoSchool(db(), { timeZone: "UTC" });
}

/**
 * The user a code signs in as, found the way sign-in finds it (by the code's keyed hash, decision
 * 019). Codes a test wrote in plain SQL into the inbox column are sealed first, as the portal would.
 */
export async function userIdByCode(code: string): Promise<number> {
  await sealPlaintextCodes(db());
  const [u] = await db()
    .select({ id: users.id })
    .from(users)
    .where(eq(users.codeHash, codeHash(code)));
  if (!u) throw new Error(`no user ${code}`);
  return u.id;
}

/** Stored codes, opened (decision 019): what printed or exported text is compared against. */
export async function storedCodes(where: SQL = sql`true`): Promise<string[]> {
  const rows = await queryRows<{ sealed: string }>(
    sql`select code_sealed as sealed from users where code_sealed is not null and ${where} order by id`,
  );
  return rows.map((r) => openCode(r.sealed)!);
}

export async function firstAssignmentOf(levelCode: string): Promise<number> {
  const [a] = await db()
    .select({ id: assignments.id })
    .from(assignments)
    .where(eq(assignments.levelCode, levelCode))
    .limit(1);
  return a!.id;
}

export async function firstUpdateOf(levelCode: string): Promise<number> {
  const [u] = await db().select({ id: updates.id }).from(updates).where(eq(updates.levelCode, levelCode)).limit(1);
  return u!.id;
}

export async function isEnrolled(studentId: number, levelCode: string): Promise<boolean> {
  const rows = await db()
    .select()
    .from(studentEnrollment)
    .where(and(eq(studentEnrollment.studentId, studentId), eq(studentEnrollment.levelCode, levelCode)));
  return rows.length > 0;
}

export async function rowCounts(...tables: string[]): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const t of tables) {
    const [r] = await queryRows<{ n: number }>(sql.raw(`select count(*)::int as n from ${t}`));
    out[t] = r!.n;
  }
  return out;
}

/** A class of `size` students with `assignmentCount` graded assignments and `days` of attendance. */
export async function createClassOfSize(
  code: string,
  size: number,
  assignmentCount = 5,
  days = 10,
): Promise<{ studentIds: number[] }> {
  await db()
    .insert(levels)
    .values({ code, name: `Class ${code}`, period: "9" });
  const students = await db()
    .insert(users)
    .values(
      Array.from({ length: size }, (_, i) => ({
        name: `S${code}-${i}`,
        username: `s-${code}-${i}`.toLowerCase(),
        ...codeColumns(`c-${code}-${i}`),
        role: "student",
      })),
    )
    .returning({ id: users.id });
  await db()
    .insert(studentEnrollment)
    .values(students.map((s) => ({ studentId: s.id, levelCode: code })));
  await db().execute(sql`
    insert into assignments (level_code, title, description, max_score, due_date)
    select ${code}, 'A' || g, 'desc', 10, now() - interval '1 day' from generate_series(1, ${assignmentCount}) g`);
  await db().execute(sql`
    insert into grades (assignment_id, student_id, score)
    select a.id, e.student_id, 7 from assignments a join student_enrollment e on e.level_code = a.level_code where a.level_code = ${code}`);
  await db().execute(sql`
    insert into assignment_submissions (assignment_id, student_id, content)
    select a.id, e.student_id, 'my work here' from assignments a join student_enrollment e on e.level_code = a.level_code where a.level_code = ${code}`);
  await db().execute(sql`
    insert into attendance (student_id, level_code, date, status)
    select e.student_id, ${code}, (date '2026-01-01' + g)::date, 'present' from student_enrollment e, generate_series(1, ${days}) g where e.level_code = ${code}`);
  await db().execute(sql`insert into updates (level_code, title, content) values (${code}, 'Hello', 'World')`);
  await db().execute(sql`
    insert into responses (update_id, student_id, title, content)
    select u.id, e.student_id, 'Re', 'Thanks' from updates u join student_enrollment e on e.level_code = u.level_code where u.level_code = ${code}`);
  return { studentIds: students.map((s) => s.id) };
}

/** A class's everyday tables: people, classes and enrollments, posts, work, grades, attendance. */
export const CORE_TABLES = [
  "users",
  "levels",
  "student_enrollment",
  "updates",
  "responses",
  "assignments",
  "grade_categories",
  "assignment_submissions",
  "grades",
  "attendance",
];

/** The tables databaseChecksum reads by default (tests/foundation.integration.test.ts lists the rest of the schema). */
export const ALL_TABLES = [
  ...CORE_TABLES,
  "audit_log",
  "level_stats",
  "student_level_stats",
  "guardian_links",
  "report_card_links",
  "school_terms",
  "roster_imports",
  "level_category_weights",
  "grade_marks",
  "term_grade_overrides",
  "term_publications",
  "term_comments",
  "comment_bank",
  "jobs",
  "notifications",
  "calendar_feeds",
  "notification_preferences",
  "oidc_links",
  "oidc_blocks",
  "oidc_pending",
  "submission_files",
  "school_years",
  "rubrics",
  "submission_comments",
  "schools",
  "school_memberships",
];

/** Row count and an order-independent checksum of every table's content (rate counters excluded). */
export async function databaseChecksum(tables: string[] = ALL_TABLES): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const table of tables) {
    // A sign-in writes when the person last signed in to the school (/district's activity): the
    // tests sign people in to try refused actions, and that is not what they check.
    const source =
      table === "school_memberships" ? "(select user_id, school_id, created_at from school_memberships)" : table;
    const [row] = await queryRows<{ s: string }>(
      sql.raw(
        `select count(*)::text || ':' || coalesce(md5(string_agg(md5(x::text), ',' order by md5(x::text))), '') as s from ${source} x`,
      ),
    );
    out[table] = row!.s;
  }
  return out;
}
