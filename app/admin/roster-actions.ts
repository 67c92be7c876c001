"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import type { ActionResult } from "@/lib/action-result";
import { formObject, guarded, idSchema, invalid } from "@/lib/actions";
import { requireAdmin } from "@/lib/auth/guards";
import { restoreRosterRemoved } from "@/lib/roster/restore";
import { saveSyncPolicy, syncPolicySchema } from "@/lib/roster/sync-policy";

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
    // No revalidation: the refreshed list would drop the marker, and with it the new access code
    // shown in its place once; the marker says "Restored" until the admin reloads.
    return restoreRosterRemoved(parsed.data.kind, parsed.data.id, admin.id);
  });
}

const policyForm = z.object({
  skipInvalid: z
    .string()
    .max(10)
    .optional()
    .transform((v) => v === "on"),
  deletionPercent: z
    .string()
    .trim()
    .max(10, "The threshold is a percent from 0 to 100")
    .regex(/^\d{1,3}(\.\d)?$/, "The threshold is a percent from 0 to 100, e.g. 5 or 2.5")
    .transform(Number),
});

/** The nightly sync's policy (issue 29): skip invalid rows or not, and the removal threshold. Admins only, audited. */
export async function saveSyncPolicyAction(_prev: ActionResult, formData: FormData): Promise<ActionResult> {
  return guarded(async () => {
    const admin = await requireAdmin();
    const form = policyForm.safeParse(formObject(formData));
    if (!form.success) return invalid(form.error);
    const policy = syncPolicySchema.safeParse(form.data);
    if (!policy.success) return invalid(policy.error);
    await saveSyncPolicy(policy.data, admin.id);
    revalidatePath("/admin");
    return { ok: true, message: "Roster sync settings saved" };
  });
}
