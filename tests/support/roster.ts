import { applyRosterImport } from "@/lib/roster/import";
import { formatProblem } from "@/lib/roster/problems";
import { zipUpload } from "@/lib/roster/test-support";

/** The tables an import may touch, for checksums before and after. */
export const SCHOOL_TABLES = [
  "users",
  "levels",
  "student_enrollment",
  "updates",
  "responses",
  "assignments",
  "grade_categories",
  "assignment_submissions",
  "grades",
  "attendance",
  "level_stats",
  "student_level_stats",
  "guardian_links",
  "report_card_links",
  "school_terms",
];

/** Who runs the import in these tests: the command line (no actor). */
// The operator allows what these tests import (an administrator, a bulk file's removals); the
// guards themselves are tested in tests/roster-guards.integration.test.ts.
export const cli = {
  actorId: null,
  source: "cli" as const,
  allowNewAdmins: true,
  allowDeletions: Number.MAX_SAFE_INTEGER,
};

/** Applies the files as a zip and fails the test with every problem if the import is refused. */
export async function apply(
  files: Record<string, string>,
  opts: Partial<Parameters<typeof applyRosterImport>[1]> = {},
) {
  const run = await applyRosterImport(zipUpload(files), { ...cli, ...opts });
  if (!run.ok) throw new Error(`import refused:\n${run.problems.map(formatProblem).join("\n")}`);
  return run;
}
