import { DESCRIPTION_PREVIEW_LENGTH } from "./constants";

export type AssignmentState = "Submitted" | "Overdue" | "Pending";

/** Spec §4: Submitted with any submission; Overdue once the due instant has passed; else Pending. */
export function assignmentState(dueDate: Date | null, submissionCount: number, now: Date): AssignmentState {
  if (submissionCount > 0) return "Submitted";
  if (dueDate !== null && dueDate.getTime() < now.getTime()) return "Overdue";
  return "Pending";
}

/** The All / Submitted / Pending filter; Overdue work is still pending work. */
export function matchesFilter(state: AssignmentState, filter: "all" | "submitted" | "pending"): boolean {
  if (filter === "all") return true;
  return filter === "submitted" ? state === "Submitted" : state !== "Submitted";
}

/** Plain text of a markdown description, for previews. */
export function markdownToPlainText(md: string): string {
  return md
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/^\s{0,3}(#{1,6}|>|[-*+]|\d+\.)\s+/gm, "")
    .replace(/[*_`~]+/g, "")
    .replace(/\s+/g, " ")
    .trim();
}

/** How much of a description a preview reads: its first 100 characters need far less. */
const PREVIEW_SOURCE_MAX = 2000;

/**
 * First 100 characters followed by '...' when there is more. Only the start of the source is read:
 * the link and image patterns cost more than linear time on hostile input ("![" × 10,000 took
 * 0.76 s per view), and a preview never needs the rest.
 */
export function descriptionPreview(md: string): string {
  const text = markdownToPlainText(md.length > PREVIEW_SOURCE_MAX ? md.slice(0, PREVIEW_SOURCE_MAX) + " …more" : md);
  const chars = Array.from(text); // never cut a character in half
  return chars.length > DESCRIPTION_PREVIEW_LENGTH ? `${chars.slice(0, DESCRIPTION_PREVIEW_LENGTH).join("")}...` : text;
}
