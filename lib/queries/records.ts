// A student's record of every school year and the concluded classes under "Past years" (issue 41).
// Published cards are read from term_grade_records as they were stored, never recomputed.
import "server-only";
import { sql } from "drizzle-orm";
import { jsonColumn, queryRows } from "@/lib/db/client";
import { isTeacherLike, type Actor } from "@/lib/auth/policy";
import type { StoredTermGrade } from "@/lib/domain/stored-grade";
import { recordByYear, type RecordYear } from "@/lib/domain/student-record";
import { storedCardFrom, storedCardJson } from "@/lib/gradebook/stored-cards";
import { concludedClass, yearsNow } from "./school-years";
import { memberHere } from "@/lib/db/schools";

export interface StudentRecord {
  student: { id: number; name: string };
  years: RecordYear[];
}

type Json<T> = T[] | string | null;
const rowsOf = <T>(v: Json<T>): T[] => jsonColumn(v) ?? [];

/**
 * One student's record, in one statement: every class they were in (enrolled now, or with a
 * published card or attendance kept from a class they left), each published term's stored card,
 * and their attendance counted per class. Null when there is no such student.
 */
export async function getStudentRecord(studentId: number): Promise<StudentRecord | null> {
  const [row] = await queryRows<{
    id: number;
    name: string;
    classes: Json<{
      code: string;
      name: string;
      period: string | null;
      teacher: string | null;
      year_id: number | null;
    }>;
    cards: Json<{
      term_id: number;
      term_title: string;
      term_start: string;
      term_year: number | null;
      level_code: string;
      card: StoredTermGrade;
    }>;
    attendance: Json<{ level_code: string; status: string; n: number }>;
  }>(sql`
    select u.id, u.name,
      (select json_agg(x) from (
        select l.code, l.name, l.period, t.name as teacher, l.year_id from levels l left join users t on t.id = l.teacher_id
        where l.code in (select e.level_code from student_enrollment e where e.student_id = u.id
                         union select r.level_code from term_grade_records r where r.student_id = u.id
                         union select a.level_code from attendance a where a.student_id = u.id)) x) as classes,
      (select json_agg(x) from (
        select r.term_id, st.title as term_title, st.start_date::text as term_start, st.year_id as term_year, r.level_code, ${storedCardJson("r")} as card
        from term_grade_records r join term_publications p on p.term_id = r.term_id join school_terms st on st.id = r.term_id
        where r.student_id = u.id) x) as cards,
      (select json_agg(x) from (
        select a.level_code, a.status, count(*)::int as n from attendance a where a.student_id = u.id group by a.level_code, a.status) x) as attendance
    from users u where u.id = ${studentId} and u.role = 'student' and ${memberHere(sql.raw("u.id"))}`);
  if (!row) return null;
  const { years, current } = await yearsNow();
  return {
    student: { id: Number(row.id), name: row.name },
    years: recordByYear(
      years,
      current?.id ?? null,
      rowsOf(row.classes).map((c) => ({
        code: c.code,
        name: c.name,
        period: c.period,
        teacher: c.teacher,
        yearId: c.year_id === null ? null : Number(c.year_id),
      })),
      rowsOf(row.cards).map((c) => ({
        termId: Number(c.term_id),
        termTitle: c.term_title,
        termStart: c.term_start,
        termYearId: c.term_year === null ? null : Number(c.term_year),
        levelCode: c.level_code,
        card: storedCardFrom(c.card),
      })),
      rowsOf(row.attendance).map((a) => ({ levelCode: a.level_code, status: a.status, count: Number(a.n) })),
    ),
  };
}

export interface PastClass {
  code: string;
  name: string;
  period: string | null;
  teacher: string | null;
  yearId: number;
  yearTitle: string;
}

/** Whose concluded classes a list holds: a student's (enrolled, or with a card kept), an instructor's own, or all. */
export type PastScope = { student: number } | { teacher: number } | "all";

function scopeCondition(scope: PastScope) {
  if (scope === "all") return sql`true`;
  if ("teacher" in scope) return sql`l.teacher_id = ${scope.teacher}`;
  return sql`(exists (select 1 from student_enrollment e where e.level_code = l.code and e.student_id = ${scope.student})
              or exists (select 1 from term_grade_records r where r.level_code = l.code and r.student_id = ${scope.student}))`;
}

/** The scope's concluded classes, newest year first, by name; a page at a time, with the total. */
export async function listPastClasses(
  scope: PastScope,
  page = 1,
  pageSize = PAST_PAGE_SIZE,
): Promise<{ rows: PastClass[]; total: number }> {
  const rows = await queryRows<{
    code: string;
    name: string;
    period: string | null;
    teacher: string | null;
    year_id: number;
    year_title: string;
    total: number;
  }>(sql`
    select l.code, l.name, l.period, t.name as teacher, y.id as year_id, y.title as year_title, count(*) over () as total
    from levels l join school_years y on y.id = l.year_id and y.closed_at is not null
    left join users t on t.id = l.teacher_id
    where ${scopeCondition(scope)}
    order by y.start_date desc, y.id desc, l.name, l.code
    limit ${pageSize} offset ${(page - 1) * pageSize}`);
  return {
    total: rows.length ? Number(rows[0]!.total) : 0,
    rows: rows.map((r) => ({
      code: r.code,
      name: r.name,
      period: r.period,
      teacher: r.teacher,
      yearId: Number(r.year_id),
      yearTitle: r.year_title,
    })),
  };
}

export const PAST_PAGE_SIZE = 100;

/** The past-years scope of a signed-in person (a parent's are their children's, one list each). */
export function pastScopeOf(actor: Actor): PastScope | "children" | null {
  if (actor.role === "admin") return "all";
  if (isTeacherLike(actor.role)) return { teacher: actor.id };
  if (actor.role === "student") return { student: actor.id };
  return actor.role === "parent" ? "children" : null;
}

/** Whether "Past years" has anything for this person (the home page's link). */
export async function hasPastYears(actor: Actor): Promise<boolean> {
  const scope = pastScopeOf(actor);
  if (scope === null) return false;
  const condition =
    scope === "children"
      ? sql`exists (select 1 from guardian_links g where g.parent_id = ${actor.id} and g.removed_at is null
                    and (exists (select 1 from student_enrollment e where e.level_code = l.code and e.student_id = g.student_id)
                         or exists (select 1 from term_grade_records r where r.level_code = l.code and r.student_id = g.student_id)))`
      : scopeCondition(scope);
  const [row] = await queryRows<{ found: boolean }>(
    sql`select exists (select 1 from levels l where ${concludedClass("l")} and ${condition}) as found`,
  );
  return Boolean(row?.found);
}
