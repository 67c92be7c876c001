"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { adminFormAction } from "@/lib/actions";
import { eraseDeparted } from "@/lib/records/erase";

// /admin/records (issue 41): erase the students the dry run lists, confirmed by typing their number.
// The list is taken again inside the erasure's transaction; the number must match it.
const eraseSchema = z.object({ confirm: z.string().max(20).default("") });

export const eraseDepartedAction = adminFormAction(
  eraseSchema,
  ({ confirm }, admin) => eraseDeparted(confirm, admin.id),
  {
    revalidate: () => revalidatePath("/admin/records"),
  },
);
