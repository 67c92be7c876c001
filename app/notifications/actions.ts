"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import type { ActionResult } from "@/lib/action-result";
import { formObject, guarded, idSchema, invalid } from "@/lib/actions";
import { requireUser } from "@/lib/auth/guards";
import { markNotificationsRead } from "@/lib/notify/notifications";

// Marking one's own notifications read (issue 20): only the signed-in user's own rows change.

const input = z.object({ id: z.union([z.literal("all"), idSchema]) });

export async function markNotificationsReadAction(_prev: ActionResult, formData: FormData): Promise<ActionResult> {
  return guarded(async () => {
    const user = await requireUser();
    const parsed = input.safeParse(formObject(formData));
    if (!parsed.success) return invalid(parsed.error);
    const n = await markNotificationsRead(user.id, parsed.data.id);
    revalidatePath("/notifications");
    return { ok: true, message: n === 1 ? "1 notification marked read" : `${n} notifications marked read` };
  });
}
