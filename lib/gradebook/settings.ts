// A class's grading settings (issue 19): read for the settings page, saved as one transaction,
// audited with what changed. The calculator's own rules (lib/domain/term-grade's
// gradeSettingsProblems) decide what may be saved.
import "server-only";
import { sql } from "drizzle-orm";
import type { Answer } from "@/lib/action-result";
import { audit } from "@/lib/audit";
import { db, queryRows } from "@/lib/db/client";
import { gradeSettingsProblems, type GradeSettings } from "@/lib/domain/term-grade";
import { msg, sentences } from "@/lib/i18n/message";
import { loadGradeSettings } from "./term-grades";

export interface GradingFormView {
  settings: GradeSettings;
  /** Every category a class may weigh (the school's list, spec §3), with how many of this class's assignments use it. */
  categories: { id: number; name: string; assignments: number }[];
}

export async function loadGradingForm(levelCode: string): Promise<GradingFormView> {
  const [settings, categories] = await Promise.all([
    loadGradeSettings(levelCode),
    queryRows<{ id: number; name: string; assignments: number }>(sql`
      select c.id, c.name, (select count(*)::int from assignments a where a.level_code = ${levelCode} and a.category_id = c.id) as assignments
      from grade_categories c order by c.name, c.id limit 100`),
  ]);
  return { settings, categories };
}

const summary = (s: GradeSettings) => ({
  mode: s.mode,
  categories: s.categories.map((c) => `${c.name} ${c.weight / 100}% drop ${c.dropLowest}`),
  late: s.latePolicy ? `${s.latePolicy.perDayPercent}%/day, floor ${s.latePolicy.floorPercent}%` : "off",
});

/** Saves `settings` for the class; categories with no weight and no drop rule are not stored. */
export async function saveGradeSettings(levelCode: string, settings: GradeSettings, actorId: number): Promise<Answer> {
  const [first, ...more] = gradeSettingsProblems(settings);
  // Every problem in one answer, each its own sentence.
  if (first) return { ok: false, message: sentences(first, ...more) };
  const before = await loadGradeSettings(levelCode);
  const stored = settings.categories.filter((c) => c.weight > 0 || c.dropLowest > 0);
  await db().transaction(async (tx) => {
    await tx.execute(sql`update levels set grading_mode = ${settings.mode}, late_per_day_percent = ${settings.latePolicy?.perDayPercent ?? null},
      late_floor_percent = ${settings.latePolicy?.floorPercent ?? null} where code = ${levelCode}`);
    await tx.execute(sql`delete from level_category_weights where level_code = ${levelCode}`);
    for (const c of stored) {
      await tx.execute(
        sql`insert into level_category_weights (level_code, category_id, weight, drop_lowest) values (${levelCode}, ${c.id}, ${c.weight}, ${c.dropLowest})`,
      );
    }
    await audit(tx, {
      action: "grading.changed",
      actorId,
      levelCode,
      detail: { before: summary(before), after: summary({ ...settings, categories: stored }) },
    });
  });
  return { ok: true, message: msg("gradesServer.actions.settingsSaved") };
}
