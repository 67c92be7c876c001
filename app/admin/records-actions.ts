"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { adminFormAction } from "@/lib/actions";
import { eraseDeparted } from "@/lib/records/erase";

// /admin/records (issue 41): erase the students the dry run lists, confirmed by typing their number.
// The list is taken again inside the erasure's transaction; the number must match it.
const eraseSchema = z.object({
  confirm: z.string().max(20).default(""),
  // The ids the page listed (at most ERASE_BATCH), comma-separated.
  listed: z
    .string()
    .max(1_000)
    .regex(/^(\d{1,10}(,\d{1,10})*)?$/)
    .default("")
    .transform((s) => (s === "" ? [] : s.split(",").map(Number))),
});

export const eraseDepartedAction = adminFormAction(
  eraseSchema,
  ({ confirm, listed }, admin) => eraseDeparted(confirm, listed, admin.id),
  {
    revalidate: () => revalidatePath("/admin/records"),
  },
);
