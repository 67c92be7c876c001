"use server";

import { z } from "zod";
import { adminAction, adminFormAction, idSchema, refreshAdmin } from "@/lib/actions";
import { msg, zmsg } from "@/lib/i18n/message";
import { restoreRosterRemoved } from "@/lib/roster/restore";
import { saveSyncPolicy, syncPolicySchema } from "@/lib/roster/sync-policy";

/**
 * Brings back a person or class the roster removed but kept (decision 012): admins only, audited.
 * No revalidation: the refreshed list would drop the marker, and with it the new access code shown
 * in its place once; the marker says "Restored" until the admin reloads.
 */
export const restoreRosterRemovedAction = adminAction(
  z.object({
    kind: z.enum(["user", "class"], { message: zmsg("admin.actions.choosePersonOrClass") }),
    id: idSchema,
  }),
  (v, admin) => restoreRosterRemoved(v.kind, v.id, admin.id),
);

/** The form's fields read as the policy, then checked against the policy's own rules (lib/roster/sync-policy). */
const policyForm = z
  .object({
    skipInvalid: z
      .string()
      .max(10)
      .optional()
      .transform((v) => v === "on"),
    deletionPercent: z
      .string()
      .trim()
      .max(10, zmsg("admin.actions.thresholdPercent"))
      .regex(/^\d{1,3}(\.\d)?$/, zmsg("admin.actions.thresholdPercentEg"))
      .transform(Number),
  })
  .pipe(syncPolicySchema);

/** The nightly sync's policy (issue 29): skip invalid rows or not, and the removal threshold. Admins only, audited. */
export const saveSyncPolicyAction = adminFormAction(
  policyForm,
  async (policy, admin) => {
    await saveSyncPolicy(policy, admin.id);
    return { ok: true, message: msg("admin.actions.syncSaved") };
  },
  { revalidate: refreshAdmin },
);
