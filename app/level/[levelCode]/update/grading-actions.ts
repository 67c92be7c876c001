"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { classFormAction, invalid } from "@/lib/actions";
import { decimalHundredths } from "@/lib/domain/scores";
import { loadGradingForm, saveGradeSettings } from "@/lib/gradebook/settings";
import type { Answer } from "@/lib/action-result";
import { zmsg } from "@/lib/i18n/message";

// The class's grading settings form (issue 19): the class's own staff only (access "teach");
// weights are percents with up to two decimals (a point or a comma, as the reader writes them; read
// exactly by lib/domain/scores), drop counts whole numbers. Answers are descriptors of
// `gradesServer.actions` (issue 40), written in the reader's language as they leave.

const percent = z
  .string()
  .trim()
  .regex(/^(\d{1,3}([.,]\d{1,2})?)?$/, zmsg("gradesServer.actions.weightFormat"))
  .transform((s) => (s === "" ? 0 : (decimalHundredths(s) as number)));
/** A whole number field; `notWhole` is its zmsg() ("The late penalty must be a whole number"). */
const whole = (notWhole: string) =>
  z
    .string()
    .trim()
    .regex(/^\d{0,3}$/, notWhole)
    .transform((s) => (s === "" ? 0 : Number(s)));

// Loose: each category's "weight.<id>" and "drop.<id>" fields are read against the class's own
// categories below (their ids are not known to the schema).
const form = z.looseObject({
  levelCode: z.string().min(1).max(100),
  mode: z.enum(["points", "weighted"], { message: zmsg("gradesServer.actions.modeInvalid") }),
  late: z.literal("on").optional(),
  latePerDay: whole(zmsg("gradesServer.actions.lateWhole")).default(0),
  lateFloor: whole(zmsg("gradesServer.actions.floorWhole")).default(0),
});

export const saveGradingAction = classFormAction(
  form,
  async (v, { user, level }): Promise<Answer> => {
    const { categories: known } = await loadGradingForm(level.code);
    const categories = [];
    for (const c of known) {
      const weight = percent.safeParse(v[`weight.${c.id}`] ?? "");
      if (!weight.success) return invalid(weight.error);
      const drop = whole(zmsg("gradesServer.actions.dropWhole", { name: c.name })).safeParse(v[`drop.${c.id}`] ?? "");
      if (!drop.success) return invalid(drop.error);
      categories.push({ id: c.id, name: c.name, weight: weight.data, dropLowest: drop.data });
    }
    const settings = {
      mode: v.mode,
      // Weighted: every category with a weight; total points: only the drop rules matter.
      categories:
        v.mode === "weighted"
          ? categories.filter((c) => c.weight > 0 || c.dropLowest > 0)
          : categories.filter((c) => c.dropLowest > 0).map((c) => ({ ...c, weight: 0 })),
      latePolicy: v.late ? { perDayPercent: v.latePerDay, floorPercent: v.lateFloor } : null,
    };
    return saveGradeSettings(level.code, settings, user.id);
  },
  {
    revalidate: (code) => {
      revalidatePath(`/level/${encodeURIComponent(code)}/update/grading`);
      revalidatePath(`/level/${encodeURIComponent(code)}`);
    },
  },
);
