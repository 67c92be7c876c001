import "server-only";
import { and, asc, eq, sql } from "drizzle-orm";
import { db } from "@/lib/db/client";
import { levels, studentEnrollment } from "@/lib/db/schema";
import { homeClassScope, type Actor } from "@/lib/auth/policy";
import { inCurrentYear, yearsNow } from "./school-years";

export interface LevelRow {
  id: number;
  code: string;
  name: string;
  period: string | null;
  level: string | null;
  teacherId: number | null;
  /** The closed school year's title when the class is concluded (issue 41), else null. */
  concludedYear: string | null;
}

export const levelColumns = {
  id: levels.id,
  code: levels.code,
  name: levels.name,
  period: levels.period,
  level: levels.level,
  teacherId: levels.teacherId,
  concludedYear: sql<
    string | null
  >`(select y.title from school_years y where y.id = ${levels.yearId} and y.closed_at is not null)`,
};

/** A class and whether this student is enrolled in it, in one statement (the class page's access check). */
export async function getLevelWithEnrollment(
  code: string,
  studentId: number | null,
): Promise<(LevelRow & { enrolled: boolean }) | null> {
  const enrolled =
    studentId === null
      ? sql<boolean>`false`
      : sql<boolean>`exists (select 1 from ${studentEnrollment} e where e.level_code = ${levels.code} and e.student_id = ${studentId})`;
  const [row] = await db()
    .select({ ...levelColumns, enrolled })
    .from(levels)
    .where(eq(levels.code, code));
  return row ?? null;
}

export async function isStudentEnrolled(studentId: number, levelCode: string): Promise<boolean> {
  const rows = await db()
    .select({ id: studentEnrollment.id })
    .from(studentEnrollment)
    .where(and(eq(studentEnrollment.studentId, studentId), eq(studentEnrollment.levelCode, levelCode)));
  return rows.length > 0;
}

/** Class cards per home page: a district admin's 1,000 classes come 60 at a time, not all at once. */
export const HOME_PAGE_SIZE = 60;

/**
 * Home dashboard (spec §2): students their enrolled levels, instructors their own, others all;
 * by name, one page of HOME_PAGE_SIZE, with the total for the pager.
 */
export async function listHomeClasses(actor: Actor, page = 1): Promise<{ rows: LevelRow[]; total: number }> {
  const scope = homeClassScope(actor);
  if (scope === "children") return { rows: [], total: 0 };
  // The current year's classes only (issue 41); concluded ones are under Past years.
  const current = inCurrentYear((await yearsNow()).current);
  const columns = { ...levelColumns, total: sql<number>`count(*) over ()` };
  const select = () =>
    scope === "enrolled"
      ? db()
          .select(columns)
          .from(levels)
          .innerJoin(studentEnrollment, eq(studentEnrollment.levelCode, levels.code))
          .where(and(eq(studentEnrollment.studentId, actor.id), current))
      : scope === "own"
        ? db()
            .select(columns)
            .from(levels)
            .where(and(eq(levels.teacherId, actor.id), current))
        : db().select(columns).from(levels).where(current);
  const rows = await select()
    .orderBy(asc(levels.name), asc(levels.id))
    .limit(HOME_PAGE_SIZE)
    .offset((Math.max(1, page) - 1) * HOME_PAGE_SIZE);
  if (rows.length === 0 && page > 1) {
    // Past the last page no row carries the total: one more row tells it.
    const [first] = await select().limit(1);
    return { rows: [], total: first ? Number(first.total) : 0 };
  }
  return { rows: rows.map(({ total: _total, ...r }) => r), total: rows.length ? Number(rows[0]!.total) : 0 };
}
