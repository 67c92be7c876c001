"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import type { ActionResult } from "@/lib/action-result";
import { formObject, guarded, idSchema, invalid } from "@/lib/actions";
import { requireAdmin } from "@/lib/auth/guards";
import { MAX_TERMS, TERM_TITLE_MAX } from "@/lib/domain/terms";
import { setTermPublished } from "@/lib/terms/publishing";
import { saveSchoolTerms } from "@/lib/terms/terms";

// /admin → Terms posts the whole list: row i is title.i, start.i, end.i, with id.i for a term that
// exists and remove.i when its box is ticked. A row left blank is not a term.
const MAX_ROWS = MAX_TERMS + 4;
const day = z.string().trim().max(10, "Dates are YYYY-MM-DD");
const row = z.object({
  id: z
    .string()
    .regex(/^\d{0,9}$/, "Invalid id")
    .optional(),
  title: z
    .string()
    .max(TERM_TITLE_MAX * 2, `Term names are at most ${TERM_TITLE_MAX} characters`)
    .default(""),
  start: day.default(""),
  end: day.default(""),
  remove: z.literal("on").optional(),
});

export async function saveTermsAction(_prev: ActionResult, formData: FormData): Promise<ActionResult> {
  return guarded(async () => {
    const admin = await requireAdmin();
    const fields = formObject(formData);
    const rows: z.infer<typeof row>[] = [];
    for (let i = 0; i < MAX_ROWS; i++) {
      if (![`id.${i}`, `title.${i}`, `start.${i}`, `end.${i}`].some((k) => k in fields)) continue;
      const parsed = row.safeParse({
        id: fields[`id.${i}`],
        title: fields[`title.${i}`],
        start: fields[`start.${i}`],
        end: fields[`end.${i}`],
        remove: fields[`remove.${i}`],
      });
      if (!parsed.success) return invalid(parsed.error);
      rows.push(parsed.data);
    }
    const kept = rows
      .filter((r) => !r.remove && (r.id || r.title.trim() || r.start || r.end))
      .map((r) => ({ id: r.id ? Number(r.id) : null, title: r.title, startDate: r.start, endDate: r.end }));
    const result = await saveSchoolTerms(kept, admin.id);
    if (result.ok) revalidatePath("/admin");
    return result;
  });
}

/** Publish a term's report cards (locking its grades), or unlock it: `publish` is "on" to publish. */
export async function setTermPublishedAction(_prev: ActionResult, formData: FormData): Promise<ActionResult> {
  return guarded(async () => {
    const admin = await requireAdmin();
    const parsed = z
      .object({ termId: idSchema, publish: z.enum(["on", "off"], { message: "Choose publish or unlock" }) })
      .safeParse(formObject(formData));
    if (!parsed.success) return invalid(parsed.error);
    const result = await setTermPublished(parsed.data.termId, parsed.data.publish === "on", admin.id);
    if (result.ok) revalidatePath("/admin");
    return result;
  });
}
