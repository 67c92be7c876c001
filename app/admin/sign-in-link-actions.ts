"use server";

import { adminTranslated } from "@/lib/i18n/admin-action-message";
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { adminFormAction, idSchema } from "@/lib/actions";
import { removeSignInLink } from "@/lib/auth/oidc/links";

/** Removes one school-account link (issue 32): admins only, audited. */
export const removeSignInLinkAction = adminTranslated(
  adminFormAction(
    z.object({ linkId: idSchema }),
    (v, admin) => removeSignInLink({ linkId: v.linkId, actorId: admin.id }),
    { revalidate: () => revalidatePath("/admin", "layout") },
  ),
);
