import { sql } from "drizzle-orm";
import { queryRows } from "@/lib/db/client";
import { applyRosterImport } from "@/lib/roster/import";
import { formatProblem } from "@/lib/roster/problems";
import { smallSchool, zipUpload } from "@/lib/roster/test-support";
import { GRADEBOOK_BULK, resultRow, smallGradebook } from "@/lib/roster/test-support-gradebook";
import { CORE_TABLES } from "./fixtures";

/** The tables an import may touch, for checksums before and after. */
export const SCHOOL_TABLES = [
  ...CORE_TABLES,
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

/** The small school with its gradebook as bulk files; `results` replaces smallGradebook's. */
export const schoolWithGrades = (results?: string[][]) => ({
  ...smallSchool({ modes: GRADEBOOK_BULK }),
  ...smallGradebook(results ? { results } : {}),
});

/** smallGradebook's results with r1 (Chapter 1, due in the Fall term) changed from 8.5 to 9. */
export const fallGradeChanged = (): string[][] => [
  resultRow({ id: "r1", item: "li1", student: "s1", score: 9, date: "2024-09-22", comment: "Good, but check Q7" }),
  resultRow({ id: "r2", item: "li1", student: "s2", score: 10, date: "2024-09-22" }),
  resultRow({ id: "r3", item: "li2", student: "s1", score: "17.25", date: "2024-10-03" }),
  resultRow({ id: "r4", item: "li3", student: "s3", score: 41, date: "2024-10-05", comment: "Clear method" }),
  resultRow({ id: "r5", item: "li3", student: "s4", score: 0 }),
];

/** What the import says of r1 once Fall is published. */
export const FALL_LOCKED =
  'results.csv:2: score — the grade falls in the term "Fall", which is published: its grades are locked — leave the result out, or unlock the term on the admin page (Terms) and import again';

/** The stored score of the grade with this sourcedId, as text ("8.50"); undefined when there is none. */
export const scoreOf = async (sourcedId: string) =>
  (await queryRows<{ score: string }>(sql`select score::text as score from grades where sourced_id = ${sourcedId}`))[0]
    ?.score;
