import "server-only";
import { and, asc, eq } from "drizzle-orm";
import { db } from "@/lib/db/client";
import { levels, studentEnrollment } from "@/lib/db/schema";
import { homeClassScope, type Actor } from "@/lib/auth/policy";

export interface LevelRow {
  id: number;
  code: string;
  name: string;
  period: string | null;
  level: string | null;
  teacherId: number | null;
}

const levelColumns = {
  id: levels.id,
  code: levels.code,
  name: levels.name,
  period: levels.period,
  level: levels.level,
  teacherId: levels.teacherId,
};

export async function getLevelByCode(code: string): Promise<LevelRow | null> {
  const [row] = await db().select(levelColumns).from(levels).where(eq(levels.code, code));
  return row ?? null;
}

export async function isStudentEnrolled(studentId: number, levelCode: string): Promise<boolean> {
  const rows = await db()
    .select({ id: studentEnrollment.id })
    .from(studentEnrollment)
    .where(and(eq(studentEnrollment.studentId, studentId), eq(studentEnrollment.levelCode, levelCode)));
  return rows.length > 0;
}

/** Home dashboard (spec §2): students their enrolled levels, instructors their own, others all; by name. */
export async function listHomeClasses(actor: Actor): Promise<LevelRow[]> {
  const scope = homeClassScope(actor);
  if (scope === "enrolled") {
    return db()
      .select(levelColumns)
      .from(levels)
      .innerJoin(studentEnrollment, eq(studentEnrollment.levelCode, levels.code))
      .where(eq(studentEnrollment.studentId, actor.id))
      .orderBy(asc(levels.name));
  }
  if (scope === "own") {
    return db().select(levelColumns).from(levels).where(eq(levels.teacherId, actor.id)).orderBy(asc(levels.name));
  }
  if (scope === "children") return [];
  return db().select(levelColumns).from(levels).orderBy(asc(levels.name));
}
