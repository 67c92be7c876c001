"use server";

import { z } from "zod";
import { adminFormAction, idSchema, refreshAdmin } from "@/lib/actions";
import { MAX_LABEL, MAX_STEPS, scaleFromRows, type ScaleProblem } from "@/lib/domain/letter-scale";
import { MAX_TERMS, TERM_TITLE_MAX } from "@/lib/domain/terms";
import { saveLetterScale } from "@/lib/gradebook/letter-scale";
import { msg, zmsg, type Message } from "@/lib/i18n/message";
import { setTermPublished } from "@/lib/terms/publishing";
import { saveSchoolTerms } from "@/lib/terms/terms";

// /admin → Terms posts the whole list: row i is title.i, start.i, end.i, with id.i for a term that
// exists and remove.i when its box is ticked. A row left blank is not a term.
const MAX_ROWS = MAX_TERMS + 4;
const day = z.string().trim().max(10, zmsg("admin.actions.datesFormat"));
const row = z.object({
  id: z
    .string()
    .regex(/^\d{0,9}$/, zmsg("classPage.actions.invalidId"))
    .optional(),
  title: z
    .string()
    .max(TERM_TITLE_MAX * 2, zmsg("admin.actions.termNameMax", { max: TERM_TITLE_MAX }))
    .default(""),
  start: day.default(""),
  end: day.default(""),
  remove: z.literal("on").optional(),
});

/** The form's numbered fields as rows; a number the form did not post is no row. */
function numberedRows(fields: unknown): Record<string, string | undefined>[] {
  const f = (fields ?? {}) as Record<string, string | undefined>;
  const rows = [];
  for (let i = 0; i < MAX_ROWS; i++) {
    if (![`id.${i}`, `title.${i}`, `start.${i}`, `end.${i}`].some((k) => k in f)) continue;
    rows.push({
      id: f[`id.${i}`],
      title: f[`title.${i}`],
      start: f[`start.${i}`],
      end: f[`end.${i}`],
      remove: f[`remove.${i}`],
    });
  }
  return rows;
}

export const saveTermsAction = adminFormAction(
  // `year`: the school year whose terms the form showed (issue 41); "" when the school has none,
  // absent: the current year's.
  z.preprocess(
    (fields) => ({ year: (fields as Record<string, unknown> | undefined)?.year, rows: numberedRows(fields) }),
    z.object({
      year: z.preprocess((s) => (s === "" ? null : s), idSchema.nullable().optional()),
      rows: z.array(row),
    }),
  ),
  ({ year, rows }, admin) => {
    const kept = rows
      .filter((r) => !r.remove && (r.id || r.title.trim() || r.start || r.end))
      .map((r) => ({ id: r.id ? Number(r.id) : null, title: r.title, startDate: r.start, endDate: r.end }));
    return saveSchoolTerms(kept, admin.id, year);
  },
  { revalidate: refreshAdmin },
);

/** Publish a term's report cards (locking its grades), or unlock it: `publish` is "on" to publish. */
export const setTermPublishedAction = adminFormAction(
  z.object({ termId: idSchema, publish: z.enum(["on", "off"], { message: zmsg("admin.actions.choosePublish") }) }),
  (v, admin) => setTermPublished(v.termId, v.publish === "on", admin.id),
  { revalidate: refreshAdmin },
);

// /admin → Terms → Letter scale (issue 42): row i is min.i and label.i, then `below`; blank rows skipped.
const scaleField = z.string().max(MAX_LABEL * 4, zmsg("letterScale.actions.tooLong", { max: MAX_LABEL }));
const SCALE_PROBLEMS = {
  noSteps: () => msg("letterScale.actions.noSteps"),
  tooManySteps: (p) => msg("letterScale.actions.tooManySteps", { max: p.max }),
  label: (p) => msg("letterScale.actions.label", { row: p.row, max: p.max }),
  below: (p) => msg("letterScale.actions.below", { max: p.max }),
  cutoff: (p) => msg("letterScale.actions.cutoff", { row: p.row }),
  duplicate: (p) => msg("letterScale.actions.duplicate", { min: p.min }),
} satisfies { [K in ScaleProblem["problem"]]: (p: Extract<ScaleProblem, { problem: K }>) => Message };

export const saveLetterScaleAction = adminFormAction(
  z.preprocess(
    (fields) => {
      const f = (fields ?? {}) as Record<string, unknown>;
      const rows = [];
      for (let i = 0; i < MAX_STEPS + 1; i++)
        if (`min.${i}` in f || `label.${i}` in f) rows.push({ min: f[`min.${i}`] ?? "", label: f[`label.${i}`] ?? "" });
      return { rows, below: f.below ?? "" };
    },
    z.object({
      rows: z.array(z.object({ min: scaleField, label: scaleField })).max(MAX_STEPS + 1),
      below: scaleField,
    }),
  ),
  async ({ rows, below }, admin) => {
    const read = scaleFromRows(rows, below);
    if (!("scale" in read))
      return { ok: false, message: (SCALE_PROBLEMS[read.problem] as (p: ScaleProblem) => Message)(read) };
    await saveLetterScale(read.scale, admin.id);
    return { ok: true, message: msg("letterScale.actions.saved") };
  },
  { revalidate: refreshAdmin },
);
