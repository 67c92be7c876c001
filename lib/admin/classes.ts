import "server-only";
import { concludedMessage, concludedYearOf } from "@/lib/years/conclusion";
import { listYears, yearsNow } from "@/lib/queries/school-years";
import { and, eq } from "drizzle-orm";
import type { Answer } from "@/lib/action-result";
import { db } from "@/lib/db/client";
import { levels, users } from "@/lib/db/schema";
import { msg } from "@/lib/i18n/message";
import { duplicateMessage } from "./duplicate";
import { memberHere } from "@/lib/db/schools";

// An admin's class form (spec §6): create a class, or edit one the form names by id.

export interface ClassFields {
  code: string;
  name: string;
  period: string | null;
  level: string | null;
  teacherId: number | null;
}

async function teacherIsInstructor(id: number | null): Promise<boolean> {
  if (id === null) return true;
  const [row] = await db()
    .select({ role: users.role })
    .from(users)
    .where(and(eq(users.id, id), memberHere(users.id)));
  return row?.role === "instructor";
}

/**
 * Creates the class (id undefined) or saves the one named; one row, so no transaction. `yearId`
 * names an open school year (issue 41); left out, a new class is the current year's and an edited
 * one keeps its year.
 */
export async function saveClass({ id, yearId, ...v }: ClassFields & { id?: number; yearId?: number }): Promise<Answer> {
  if (!(await teacherIsInstructor(v.teacherId))) return { ok: false, message: msg("admin.actions.teacherInstructor") };
  if (yearId !== undefined) {
    const year = (await listYears()).find((y) => y.id === yearId);
    if (!year) return { ok: false, message: msg("years.actions.notFound") };
    if (year.closed) return { ok: false, message: msg("years.admin.actions.yearClosed", { year: year.title }) };
  }
  try {
    if (id !== undefined) {
      const [row] = await db().select({ code: levels.code }).from(levels).where(eq(levels.id, id));
      const year = row ? await concludedYearOf(row.code) : null;
      if (year !== null) return { ok: false, message: concludedMessage(year) };
      const updated = await db()
        .update(levels)
        .set(yearId === undefined ? v : { ...v, yearId })
        .where(eq(levels.id, id))
        .returning({ id: levels.id });
      if (updated.length === 0) return { ok: false, message: msg("admin.actions.classGone") };
    } else {
      // A new class is the current year's (issue 41); a closed current year gives it none.
      const { current } = await yearsNow();
      await db()
        .insert(levels)
        .values({ ...v, yearId: yearId ?? (current && !current.closed ? current.id : null) });
    }
  } catch (err) {
    const duplicate = duplicateMessage(err);
    if (duplicate) return { ok: false, message: duplicate };
    throw err;
  }
  return {
    ok: true,
    message: msg(id !== undefined ? "admin.actions.saved" : "admin.actions.created", { name: v.name }),
  };
}
