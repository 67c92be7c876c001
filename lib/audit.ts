import "server-only";
import { auditLog } from "@/lib/db/schema";
import type { Db } from "@/lib/db/client";

export const AUDIT_ACTIONS = [
  "parent.lookup",
  "parent.report",
  "user.code_regenerated",
  "user.created",
  "school.created",
  "school.member_added",
  "school.member_removed",
  "school.settings_saved",
  "user.updated",
  "grade.changed",
  "attendance.changed",
  "enrollment.changed",
  "enrollment.cross_class",
  "guardian.linked",
  "guardian.unlinked",
  "guardian.link_pending",
  "guardian.link_dismissed",
  "report_link.issued",
  "report_link.revoked",
  "report_link.opened",
  "report_link.refused",
  "letters.printed",
  "roster.imported",
  "roster.restored",
  "roster.sync_policy_saved",
  "student.edited",
  "student.parent_numbers_changed",
  "response.deleted",
  "cards.printed",
  "terms.saved",
  "grading.changed",
  "term_grade.overridden",
  "term.published",
  "term_grade.republished",
  "term.unlocked",
  "term_comment.changed",
  "report_cards.printed",
  "calendar_feed.created",
  "calendar_feed.revoked",
  "guardians.messaged",
  "notifications.unsubscribed",
  "mail.test_sent",
  "oidc.linked",
  "oidc.signed_in",
  "oidc.refused",
  "oidc.unlinked",
  "oidc.blocked",
  "oidc.unblocked",
  "signin.code_refused",
  "file.removed",
  "files.orphans_removed",
  "year.created",
  "year.closed",
  "year.reopened",
  "year.current_chosen",
  "year.next_started",
  "class.setup_copied",
  "records.exported",
  "records.erased",
  "comment.hidden",
  "comments.settings_saved",
  "grades.returned",
  "grades.letter_scale_saved",
] as const;

export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** Appends one entry. Takes the transaction when the audited change has one, so both commit together. */
export async function audit(
  tx: Pick<Db, "insert">,
  entry: { action: AuditAction; actorId?: number | null; levelCode?: string | null; detail?: Record<string, unknown> },
): Promise<void> {
  await tx.insert(auditLog).values({
    action: entry.action,
    actorId: entry.actorId ?? null,
    levelCode: entry.levelCode?.slice(0, 100) ?? null,
    detail: boundedDetail(entry.detail ?? {}),
  });
}

const MAX_STRING = 200;
const MAX_KEYS = 24;
const MAX_ITEMS = 20;

/**
 * The log is append-only, so what goes in stays: values are bounded here whatever the caller
 * passes (a forged 15 kB header once landed in it). Strings are cut to 200 characters, objects
 * to 24 keys, arrays to 20 items, nesting to 3 levels; anything else becomes null.
 */
export function boundedDetail(detail: Record<string, unknown>): Record<string, unknown> {
  return bound(detail, 0) as Record<string, unknown>;
}

function bound(value: unknown, depth: number): unknown {
  if (value === null || typeof value === "boolean") return value;
  if (typeof value === "number") return Number.isFinite(value) ? value : null;
  if (typeof value === "string") return value.length > MAX_STRING ? `${value.slice(0, MAX_STRING)}…` : value;
  if (depth >= 3) return null;
  if (Array.isArray(value)) return value.slice(0, MAX_ITEMS).map((v) => bound(v, depth + 1));
  if (typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .slice(0, MAX_KEYS)
        .map(([k, v]) => [k.slice(0, 50), bound(v, depth + 1)]),
    );
  }
  return null;
}
