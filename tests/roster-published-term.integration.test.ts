import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { queryRows } from "@/lib/db/client";
import { applyRosterImport, previewRosterImport } from "@/lib/roster/import";
import { formatProblem } from "@/lib/roster/problems";
import { zipUpload } from "@/lib/roster/test-support";
import { resultRow } from "@/lib/roster/test-support-gradebook";
import { cli, FALL_LOCKED, fallGradeChanged, schoolWithGrades, scoreOf } from "./support/roster";
import { useTestDatabase } from "./support/test-db";

// A published term's grades are locked (issue 19): a roster import that would write one refuses
// it, naming the term, and writes nothing there (with skipInvalid, the rest applies).

useTestDatabase();

const opts = { ...cli, timeZone: "UTC" };

describe("grades in a published term", () => {
  it("are refused by name of the term; the rest applies only when skipping", async () => {
    const first = await applyRosterImport(zipUpload(schoolWithGrades()), opts);
    expect(first.ok).toBe(true);
    await queryRows(sql`insert into term_publications (term_id) select id from school_terms where sourced_id = 'f1'`);

    // r1 (Chapter 1, due in Fall) changes; r6 is new on the Lab report (no due date: this year, no term).
    const changed = schoolWithGrades([
      ...fallGradeChanged(),
      resultRow({ id: "r6", item: "li3", student: "s2", score: 30 }),
    ]);
    const preview = await previewRosterImport(zipUpload(changed), opts);
    expect(preview.problems.map(formatProblem)).toEqual([FALL_LOCKED]);
    const refused = await applyRosterImport(zipUpload(changed), opts);
    expect(refused.ok).toBe(false);
    expect(await scoreOf("r1")).toBe("8.50");
    expect(await scoreOf("r6")).toBeUndefined();

    const skipped = await applyRosterImport(zipUpload(changed), { ...opts, skipInvalid: true });
    expect(skipped).toMatchObject({ ok: true, applied: true, skipped: 1 });
    expect(await scoreOf("r1")).toBe("8.50");
    expect(await scoreOf("r6")).toBe("30.00");
  });
});
