// Drafts (issue 44, decision 033): a grade of an assignment posted on return is seen only by the
// class's staff until it is returned. Pure: the grade grid's client decides what to mark with it.

import type { PostPolicy } from "./rubric-types";

/** When students see an assignment's grades: as each is saved (the default), or when the teacher returns them. */
export const POST_POLICIES = ["immediate", "on_return"] as const satisfies readonly PostPolicy[];

/**
 * A score not yet returned: on an assignment posted on return, a score the server did not read as
 * returned ('r'), including one just saved in the grid (a new grade there is a draft until returned).
 */
export function isDraft(
  assignment: { onReturn: boolean },
  value: number | null | undefined,
  returned: string | undefined,
): boolean {
  return assignment.onReturn && value !== null && value !== undefined && returned !== "r";
}
