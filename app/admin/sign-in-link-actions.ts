"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { adminFormAction, idSchema } from "@/lib/actions";
import { liftSignInBlock } from "@/lib/auth/oidc/blocks";
import { removeSignInLink } from "@/lib/auth/oidc/links";

/** Removes one school-account link (issue 32), blocking the account from linking again when asked: admins only, audited. */
export const removeSignInLinkAction = adminFormAction(
  z.object({ linkId: idSchema, block: z.literal("on").optional() }),
  (v, admin) => removeSignInLink({ linkId: v.linkId, actorId: admin.id, block: v.block === "on" }),
  { revalidate: () => revalidatePath("/admin", "layout") },
);

/** Lifts a block on a school account (decision 022): admins only, audited. */
export const liftSignInBlockAction = adminFormAction(
  z.object({ blockId: idSchema }),
  (v, admin) => liftSignInBlock({ blockId: v.blockId, actorId: admin.id }),
  { revalidate: () => revalidatePath("/admin", "layout") },
);
