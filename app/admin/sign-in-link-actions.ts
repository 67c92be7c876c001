"use server";

import { revalidatePath } from "next/cache";
import type { ActionResult } from "@/lib/action-result";
import { formObject, guarded, idSchema, invalid } from "@/lib/actions";
import { removeSignInLink } from "@/lib/auth/oidc/links";
import { requireAdmin } from "@/lib/auth/guards";

/** Removes one school-account link (issue 32): admins only, audited. */
export async function removeSignInLinkAction(_prev: ActionResult, formData: FormData): Promise<ActionResult> {
  return guarded(async () => {
    const admin = await requireAdmin();
    const id = idSchema.safeParse(formObject(formData).linkId);
    if (!id.success) return invalid(id.error);
    const result = await removeSignInLink({ linkId: id.data, actorId: admin.id });
    if (result.ok) revalidatePath("/admin", "layout");
    return result;
  });
}
