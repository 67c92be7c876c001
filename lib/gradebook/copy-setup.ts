// A class's set-up copied from a class of an earlier year (issue 41): the grading mode, the
// category weights and drop-lowest rules (level_category_weights), and the late policy. Categories
// are the school's one list, so the rows copy as they are. A teacher copies from their own classes
// only; an admin from any class. The target's own settings are replaced, as a save of the settings
// form would, in one transaction with its audit entry.
import "server-only";
import { sql } from "drizzle-orm";
import type { Answer } from "@/lib/action-result";
import { audit } from "@/lib/audit";
import { db, queryRows } from "@/lib/db/client";
import { msg } from "@/lib/i18n/message";
import { currentOf, listYears } from "@/lib/queries/school-years";

type Runner = Parameters<typeof queryRows>[1];

export interface SetupSource {
  code: string;
  name: string;
  year: string;
}

/**
 * The classes `user` may copy the set-up of `targetCode` from: of a year that started before the
 * target's (a class without a year is the current year's), their own unless they are an admin.
 */
export async function setupSources(
  targetCode: string,
  user: { id: number; role: string },
  on?: Runner,
): Promise<SetupSource[]> {
  const current = currentOf(await listYears(on));
  return queryRows<SetupSource>(
    sql`select l.code, l.name, y.title as year
        from levels l join school_years y on y.id = l.year_id
        where l.code <> ${targetCode}
          and y.start_date < (select ty.start_date from levels t join school_years ty on ty.id = coalesce(t.year_id, ${current?.id ?? null}::int) where t.code = ${targetCode})
          and (${user.role === "admin"} or l.teacher_id = ${user.id})
        order by y.start_date desc, l.name, l.code limit 200`,
    on,
  );
}

/** Copies the set-up of `sourceCode` onto `targetCode`; refused unless the source is one of setupSources. */
export async function copySetup(
  targetCode: string,
  sourceCode: string,
  user: { id: number; role: string },
): Promise<Answer> {
  return db().transaction(async (tx) => {
    const source = (await setupSources(targetCode, user, tx)).find((s) => s.code === sourceCode);
    if (!source) {
      const [exists] = await queryRows<{ teacherId: number | null }>(
        sql`select teacher_id as "teacherId" from levels where code = ${sourceCode}`,
        tx,
      );
      const notYours = exists && user.role !== "admin" && exists.teacherId !== user.id;
      return {
        ok: false,
        message: msg(notYours ? "years.admin.actions.copyNotYours" : "years.admin.actions.copyNotEarlier"),
      };
    }
    await tx.execute(
      sql`update levels t set grading_mode = s.grading_mode, late_per_day_percent = s.late_per_day_percent, late_floor_percent = s.late_floor_percent
          from levels s where s.code = ${sourceCode} and t.code = ${targetCode}`,
    );
    await tx.execute(sql`delete from level_category_weights where level_code = ${targetCode}`);
    await tx.execute(
      sql`insert into level_category_weights (level_code, category_id, weight, drop_lowest)
          select ${targetCode}, category_id, weight, drop_lowest from level_category_weights where level_code = ${sourceCode}`,
    );
    await audit(tx, {
      action: "class.setup_copied",
      actorId: user.id,
      levelCode: targetCode,
      detail: { from: sourceCode, year: source.year },
    });
    return { ok: true, message: msg("years.admin.actions.copied", { name: source.name }) };
  });
}
