import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { queryRows } from "@/lib/db/client";
import { applyRosterImport, previewRosterImport } from "@/lib/roster/import";
import { formatProblem } from "@/lib/roster/problems";
import { GRADEBOOK_BULK, resultRow, smallGradebook, smallSchool, zipUpload } from "@/lib/roster/test-support";
import { cli } from "./support/roster";
import { useTestDatabase } from "./support/test-db";

// A published term's grades are locked (issue 19): a roster import that would write one refuses
// it, naming the term, and writes nothing there (with skipInvalid, the rest applies).

useTestDatabase();

const opts = { ...cli, timeZone: "UTC" };
const school = (results?: string[][]) => ({
  ...smallSchool({ modes: GRADEBOOK_BULK }),
  ...smallGradebook(results ? { results } : {}),
});
const score = async (sourcedId: string) =>
  (await queryRows<{ score: string }>(sql`select score::text as score from grades where sourced_id = ${sourcedId}`))[0]
    ?.score;

describe("grades in a published term", () => {
  it("are refused by name of the term; the rest applies only when skipping", async () => {
    const first = await applyRosterImport(zipUpload(school()), opts);
    expect(first.ok).toBe(true);
    await queryRows(sql`insert into term_publications (term_id) select id from school_terms where sourced_id = 'f1'`);

    // r1 (Chapter 1, due in Fall) changes; r6 is new on the Lab report (no due date: this year, no term).
    const changed = school([
      resultRow({ id: "r1", item: "li1", student: "s1", score: 9, date: "2024-09-22", comment: "Good, but check Q7" }),
      resultRow({ id: "r2", item: "li1", student: "s2", score: 10, date: "2024-09-22" }),
      resultRow({ id: "r3", item: "li2", student: "s1", score: "17.25", date: "2024-10-03" }),
      resultRow({ id: "r4", item: "li3", student: "s3", score: 41, date: "2024-10-05", comment: "Clear method" }),
      resultRow({ id: "r5", item: "li3", student: "s4", score: 0 }),
      resultRow({ id: "r6", item: "li3", student: "s2", score: 30 }),
    ]);
    const preview = await previewRosterImport(zipUpload(changed), opts);
    expect(preview.problems.map(formatProblem)).toEqual([
      'results.csv:2: score — the grade falls in the term "Fall", which is published: its grades are locked — leave the result out, or unlock the term on the admin page (Terms) and import again',
    ]);
    const refused = await applyRosterImport(zipUpload(changed), opts);
    expect(refused.ok).toBe(false);
    expect(await score("r1")).toBe("8.50");
    expect(await score("r6")).toBeUndefined();

    const skipped = await applyRosterImport(zipUpload(changed), { ...opts, skipInvalid: true });
    expect(skipped).toMatchObject({ ok: true, applied: true, skipped: 1 });
    expect(await score("r1")).toBe("8.50");
    expect(await score("r6")).toBe("30.00");
  });
});
