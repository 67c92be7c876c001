import "server-only";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { audit } from "@/lib/audit";
import { writeSetting } from "@/lib/school-settings";
import { db, jsonColumn, queryRows } from "@/lib/db/client";
import { zmsg } from "@/lib/i18n/message";
import { DELETION_SHARE } from "./import";

// What the nightly roster sync may do without a person (issue 29, decision 012), saved by an admin
// on /admin → Import & export, in the settings table. The same rules as an import from the page:
// a problem refuses the whole sync unless the admin chose to skip invalid rows; removals above the
// threshold (or of an administrator) refuse it and e-mail the admins.

const KEY = "roster.sync_policy";

export const syncPolicySchema = z.object({
  skipInvalid: z.boolean(),
  /** Percent of the portal's people a sync may remove (deleted, or kept without access). */
  deletionPercent: z
    .number({ message: zmsg("admin.actions.thresholdNumber") })
    .min(0, zmsg("admin.actions.thresholdPercent"))
    .max(100, zmsg("admin.actions.thresholdPercent"))
    .multipleOf(0.1, zmsg("admin.actions.thresholdDecimal")),
});
export type SyncPolicy = z.infer<typeof syncPolicySchema>;

/** Until an admin saves one: refuse on any problem, and above the import's own 5 %. */
export const DEFAULT_SYNC_POLICY: SyncPolicy = { skipInvalid: false, deletionPercent: DELETION_SHARE * 100 };

export async function loadSyncPolicy(): Promise<SyncPolicy> {
  const [row] = await queryRows<{ value: unknown }>(sql`select value from settings where key = ${KEY}`);
  const parsed = syncPolicySchema.safeParse(row ? jsonColumn(row.value) : null);
  return parsed.success ? parsed.data : DEFAULT_SYNC_POLICY;
}

export async function saveSyncPolicy(policy: SyncPolicy, actorId: number): Promise<void> {
  await db().transaction(async (tx) => {
    await writeSetting(tx, KEY, policy, actorId);
    await audit(tx, { action: "roster.sync_policy_saved", actorId, detail: policy });
  });
}
