"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import type { ActionResult } from "@/lib/action-result";
import { guarded, idSchema, invalid } from "@/lib/actions";
import { requireAdmin } from "@/lib/auth/guards";
import { restoreRosterRemoved } from "@/lib/roster/restore";

const restoreInput = z.object({
  kind: z.enum(["user", "class"], { message: "Choose a person or a class" }),
  id: idSchema,
});

/** Brings back a person or class the roster removed but kept (decision 012): admins only, audited. */
export async function restoreRosterRemovedAction(input: {
  kind: string;
  id: unknown;
}): Promise<ActionResult<{ name: string; code: string | null }>> {
  return guarded(async () => {
    const admin = await requireAdmin();
    const parsed = restoreInput.safeParse(input);
    if (!parsed.success) return invalid(parsed.error);
    const result = await restoreRosterRemoved(parsed.data.kind, parsed.data.id, admin.id);
    if (result.ok) revalidatePath("/admin");
    return result;
  });
}
