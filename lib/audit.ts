import "server-only";
import { auditLog } from "@/lib/db/schema";
import type { Db } from "@/lib/db/client";

export type AuditAction =
  | "parent.lookup"
  | "parent.report"
  | "user.code_regenerated"
  | "user.created"
  | "user.updated"
  | "grade.changed"
  | "attendance.changed"
  | "enrollment.changed";

/** Appends one entry. Takes the transaction when the audited change has one, so both commit together. */
export async function audit(
  tx: Pick<Db, "insert">,
  entry: { action: AuditAction; actorId?: number | null; levelCode?: string | null; detail?: Record<string, unknown> },
): Promise<void> {
  await tx.insert(auditLog).values({ action: entry.action, actorId: entry.actorId ?? null, levelCode: entry.levelCode ?? null, detail: entry.detail ?? {} });
}
