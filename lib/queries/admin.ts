import "server-only";
import { and, asc, desc, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import { db, queryRows } from "@/lib/db/client";
import { amongMembersHere, countMembersHere } from "@/lib/db/schools";
import { containsPattern } from "./search";
import { revealCodes } from "@/lib/auth/code-access";
import { codeHash } from "@/lib/auth/code-store";
import type { Actor } from "@/lib/auth/policy";
import { auditLog, levels, users } from "@/lib/db/schema";
import type { AdminClassRow, AdminStudentRow, ClassStudentStats } from "./admin-types";
import { listStudentSummaries } from "./teacher";
import { teacherAttendancePercent } from "@/lib/domain/attendance";
import { scorePercent } from "@/lib/domain/percent";
import { inCurrentYear, type YearRow } from "./school-years";

// Admin dashboard queries: one statement per list, aggregates in SQL, server-side search and
// pagination so the page stays the same size for 20 classes or 2,000.

export const ADMIN_PAGE_SIZE = 25;

export async function adminCounts(): Promise<{ classes: number; students: number; parents: number }> {
  const [row] = await queryRows<{ classes: number; students: number; parents: number }>(sql`
    select (select count(*) from levels)::int as classes,
           ${countMembersHere("student")} as students,
           ${countMembersHere("parent")} as parents`);
  return row!;
}

/**
 * Which classes the admin's class list shows (issue 41): the current year's (the page's default),
 * one year's, or all. The caller passes the current year it has read (yearsNow, once per request),
 * so the list stays one statement.
 */
export type ClassYearFilter =
  | { current: YearRow | null; show: "current" }
  | { current: YearRow | null; show: "all" }
  | { current: YearRow | null; show: "year"; id: number };

function classYearCondition(filter: ClassYearFilter): SQL {
  if (filter.show === "all") return sql`true`;
  if (filter.show === "current") return inCurrentYear(filter.current, "l");
  // A class without a year is the current year's.
  return filter.current?.id === filter.id
    ? sql`coalesce(l.year_id, ${filter.id}) = ${filter.id}`
    : sql`l.year_id = ${filter.id}`;
}

/** One page of classes with their figures: counts for the page's classes, grade and attendance totals from level_stats. */
export async function listClassesWithStats(
  page: number,
  pageSize = ADMIN_PAGE_SIZE,
  year: ClassYearFilter = { current: null, show: "all" },
): Promise<{ rows: AdminClassRow[]; total: number }> {
  const offset = (page - 1) * pageSize;
  const inYear = classYearCondition(year);
  const rows = await queryRows<Record<string, unknown>>(sql`
    with pg as (
      select l.id, l.code, l.name, l.period, l.level, l.teacher_id, l.year_id, l.roster_deleted_at, count(*) over () as total
      from levels l where ${inYear} order by l.name, l.id limit ${pageSize} offset ${offset}
    ), s as (
      select level_code, count(*) as n from student_enrollment where level_code in (select code from pg) group by level_code
    ), a as (
      select level_code, count(*) as n from assignments where level_code in (select code from pg) group by level_code
    )
    select pg.*, t.name as teacher_name, coalesce(s.n, 0) as students, coalesce(a.n, 0) as assignments,
      coalesce(st.earned, 0) as earned, coalesce(st.possible, 0) as possible,
      coalesce(st.present, 0) as present, coalesce(st.absent, 0) as absent, coalesce(st.late, 0) as late, coalesce(st.excused, 0) as excused
    from pg left join users t on t.id = pg.teacher_id left join s on s.level_code = pg.code left join a on a.level_code = pg.code
      left join level_stats st on st.level_code = pg.code
    order by pg.name, pg.id`);
  const total = rows.length
    ? Number(rows[0]!.total)
    : Number((await queryRows<{ n: number }>(sql`select count(*)::int as n from levels l where ${inYear}`))[0]?.n ?? 0);
  return {
    total,
    rows: rows.map((r) => ({
      id: Number(r.id),
      code: String(r.code),
      name: String(r.name),
      period: (r.period as string | null) ?? null,
      level: (r.level as string | null) ?? null,
      teacherId: r.teacher_id === null ? null : Number(r.teacher_id),
      teacherName: (r.teacher_name as string | null) ?? null,
      yearId: r.year_id === null ? null : Number(r.year_id),
      students: Number(r.students),
      assignments: Number(r.assignments),
      earned: Number(r.earned),
      possible: Number(r.possible),
      present: Number(r.present),
      absent: Number(r.absent),
      late: Number(r.late),
      excused: Number(r.excused),
      rosterDeletedAt: r.roster_deleted_at ? new Date(r.roster_deleted_at as string | Date) : null,
    })),
  };
}

/** Students matching name, username, e-mail or code, with the names of their classes. */
export async function searchStudentsAdmin(
  q: string,
  page: number,
  viewer: Actor,
  pageSize = ADMIN_PAGE_SIZE,
): Promise<{ rows: AdminStudentRow[]; total: number }> {
  const term = q.trim();
  const match: SQL | undefined = term
    ? or(
        ilike(users.name, containsPattern(term)),
        ilike(users.username, containsPattern(term)),
        ilike(users.email, containsPattern(term)),
        // Codes are stored hashed (decision 019): a whole code finds its owner, a fragment nothing.
        eq(users.codeHash, codeHash(term)),
      )
    : undefined;
  const rows = await db()
    .select({
      id: users.id,
      name: users.name,
      username: users.username,
      email: users.email,
      codeSealed: users.codeSealed,
      dateOfBirth: users.dateOfBirth,
      rosterDeletedAt: users.rosterDeletedAt,
      classes: sql<
        string[]
      >`coalesce((select array_agg(l.name order by l.name) from student_enrollment e join levels l on l.code = e.level_code where e.student_id = "users"."id"), '{}')`,
      total: sql<number>`count(*) over ()`,
    })
    .from(users)
    .where(and(eq(users.role, "student"), amongMembersHere(users.id, ["student"]), match))
    .orderBy(asc(users.name), asc(users.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  // Codes as accessCodeAccess allows (an admin: every one).
  const revealed = await revealCodes(
    viewer,
    rows.map(({ total: _t, ...r }) => r),
  );
  return {
    total: rows.length ? Number(rows[0]!.total) : 0,
    rows: revealed.map(({ codeAdminsOnly: _a, ...r }) => r),
  };
}

export interface AdminParentRow {
  id: number;
  name: string;
  username: string;
  email: string | null;
  phoneNumber: string | null;
  createdAt: Date;
  rosterDeletedAt: Date | null;
}

export async function searchParentsAdmin(
  q: string,
  page: number,
  pageSize = ADMIN_PAGE_SIZE,
): Promise<{ rows: AdminParentRow[]; total: number }> {
  const term = q.trim();
  const match = term
    ? or(
        ilike(users.name, containsPattern(term)),
        ilike(users.username, containsPattern(term)),
        ilike(users.email, containsPattern(term)),
      )
    : undefined;
  const rows = await db()
    .select({
      id: users.id,
      name: users.name,
      username: users.username,
      email: users.email,
      phoneNumber: users.phoneNumber,
      createdAt: users.createdAt,
      rosterDeletedAt: users.rosterDeletedAt,
      total: sql<number>`count(*) over ()`,
    })
    .from(users)
    .where(and(eq(users.role, "parent"), amongMembersHere(users.id, ["parent"]), match))
    .orderBy(asc(users.name), asc(users.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return { total: rows.length ? Number(rows[0]!.total) : 0, rows: rows.map(({ total: _t, ...r }) => r) };
}

export async function listInstructors(): Promise<{ id: number; name: string }[]> {
  return db()
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(and(eq(users.role, "instructor"), amongMembersHere(users.id, ["instructor"])))
    .orderBy(asc(users.name));
}

export async function listAudit(action: string | undefined, page: number, pageSize = 50) {
  const rows = await db()
    .select({
      id: auditLog.id,
      at: auditLog.at,
      action: auditLog.action,
      levelCode: auditLog.levelCode,
      detail: auditLog.detail,
      actorName: users.name,
      total: sql<number>`count(*) over ()`,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(action ? eq(auditLog.action, action) : undefined)
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return { total: rows.length ? Number(rows[0]!.total) : 0, rows: rows.map(({ total: _t, ...r }) => r) };
}

/** Every class as a choice (letters form): code and name, by name. */
export async function listClassOptions(): Promise<{ code: string; name: string }[]> {
  return db().select({ code: levels.code, name: levels.name }).from(levels).orderBy(asc(levels.name), asc(levels.code));
}

/** The grade levels classes are in (levels.level), for the report-card PDF's choices. */
export async function listLevelNames(): Promise<string[]> {
  const rows = await queryRows<{ level: string }>(
    sql`select distinct level from levels where level is not null and level <> '' and roster_deleted_at is null order by level limit 100`,
  );
  return rows.map((r) => r.level);
}

export interface WeakCodeRow {
  id: number;
  name: string;
  username: string;
  role: string;
}

/**
 * People whose access code is weak, for regeneration. The rule (lib/domain/access-codes.ts) runs
 * once, when a code is sealed, and its answer is kept in users.code_weak: a hashed code cannot be
 * measured afterwards (decision 019).
 */
export async function listWeakCodes(limit = 100): Promise<{ rows: WeakCodeRow[]; total: number }> {
  const rows = await queryRows<WeakCodeRow & { total: number }>(sql`
    select id, name, username, role, count(*) over ()::int as total from users
    where code_hash is not null and code_weak and ${amongMembersHere(users.id)}
    order by case role when 'admin' then 0 when 'instructor' then 1 when 'parent' then 2 else 3 end, name, id
    limit ${limit}`);
  return {
    rows: rows.map(({ total: _t, ...r }) => ({ ...r, id: Number(r.id) })),
    total: rows.length ? Number(rows[0]!.total) : 0,
  };
}

export interface ParentNumberChangeRow {
  id: number;
  at: Date;
  actorName: string | null;
  studentId: number;
  studentName: string | null;
  levelCode: string | null;
  detail: Record<string, unknown>;
}

/** Parent-number changes made by teachers in the last 30 days: they decide who a student's guardians are. */
export async function listParentNumberChanges(limit = 50): Promise<ParentNumberChangeRow[]> {
  const rows = await queryRows<{
    id: number;
    at: Date | string;
    actor_name: string | null;
    student_id: string;
    student_name: string | null;
    level_code: string | null;
    detail: Record<string, unknown>;
  }>(sql`
    select a.id, a.at, u.name as actor_name, a.detail->>'studentId' as student_id, s.name as student_name, a.level_code, a.detail
    from audit_log a left join users u on u.id = a.actor_id
    left join users s on s.id = (a.detail->>'studentId')::int
    where a.action = 'student.parent_numbers_changed' and a.at > now() - interval '30 days'
    order by a.at desc, a.id desc limit ${limit}`);
  return rows.map((r) => ({
    id: Number(r.id),
    at: new Date(r.at),
    actorName: r.actor_name,
    studentId: Number(r.student_id),
    studentName: r.student_name,
    levelCode: r.level_code,
    detail: r.detail,
  }));
}

/** View Students: per student grade average, attendance % and the four counts with total days. */
export async function listClassStudentStats(levelCode: string): Promise<ClassStudentStats[]> {
  const rows = await listStudentSummaries(levelCode);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    grade: scorePercent(r.earned, r.possible),
    attendance: teacherAttendancePercent(r),
    present: r.present,
    excused: r.excused,
    late: r.late,
    absent: r.absent,
    total: r.present + r.excused + r.late + r.absent,
  }));
}
