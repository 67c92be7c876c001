import { generatedId } from "@/lib/export/oneroster-format";

// The portal's own export names a row that came from no SIS by its own key (lib/export/oneroster
// generatedId: user-<id>, class-<code>, lineitem-<id>…). Imported back into the same portal, such
// a sourcedId is the row itself, not a SIS's claim on it (decision 012): the row is matched as
// before (by username, code, title…) but stays the portal's own, with no sourcedId, so an
// unchanged export previews no change and a later bulk file from a SIS never removes the row. Pure.

/** The sourcedId a matched row keeps: the file's, except the row's own generated one (then none, as it was). */
export function keptSourcedId(
  fileSourcedId: string | null,
  db: { sourcedId: string | null } | undefined,
  ownId: string | undefined,
): string | null {
  if (db && db.sourcedId === null && fileSourcedId !== null && fileSourcedId === ownId) return null;
  return fileSourcedId ?? db?.sourcedId ?? null;
}

/** The id a generated sourcedId of this kind names (`lineitem-12` → 12), or null. */
export function ownIdNumber(kind: "lineItem" | "term", sourcedId: string): number | null {
  const prefix = generatedId[kind](0).slice(0, -1);
  if (!sourcedId.startsWith(prefix)) return null;
  const rest = sourcedId.slice(prefix.length);
  return /^[1-9]\d{0,9}$/.test(rest) ? Number(rest) : null;
}

/** A row's generated sourcedIds, by kind, as the export writes them for rows without one. */
export const ownId = {
  user: (u: { id: number; sourcedId: string | null }) => u.sourcedId ?? generatedId.user(u.id),
  class: (l: { code: string; sourcedId: string | null }) => l.sourcedId ?? generatedId.class(l.code),
  enrollment: (cls: string, user: string) => generatedId.enrollment(cls, user),
  category: (id: number) => generatedId.category(id),
  lineItem: (id: number) => generatedId.lineItem(id),
  result: (assignmentId: number, studentId: number) => generatedId.result(assignmentId, studentId),
};
