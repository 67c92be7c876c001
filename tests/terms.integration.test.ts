import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { cli } from "./support/roster";
import { saveTermsAction } from "@/app/admin/term-actions";
import { queryRows } from "@/lib/db/client";
import { DEMO_ADMIN, DEMO_INSTRUCTORS } from "@/lib/db/demo-school";
import { applyRosterImport } from "@/lib/roster/import";
import { smallSchool, zipUpload } from "@/lib/roster/test-support";
import { listGradingTerms, listTerms } from "@/lib/terms/terms";
import { databaseChecksum, seedDemo } from "./support/fixtures";
import { form } from "./support/form";
import { signInAs } from "./support/session";
import { useTestDatabase } from "./support/test-db";

// /admin → Terms (issue 19): an admin saves the school year's terms as a set; bad input changes
// nothing and says why; terms from a roster import are left alone; every save is audited.

useTestDatabase();
beforeAll(seedDemo);

const idle = { ok: true } as const;
const save = (fields: Record<string, string | number | undefined>) => saveTermsAction(idle, form(fields));
const titles = async () =>
  (await listTerms()).map((t) => `${t.title} ${t.startDate} ${t.endDate}${t.imported ? " (imported)" : ""}`);

describe("saving the school year's terms", () => {
  it("is for admins only", async () => {
    await signInAs(DEMO_INSTRUCTORS[0].code);
    const before = await databaseChecksum(["school_terms", "audit_log"]);
    expect(await save({ "title.0": "Fall", "start.0": "2026-08-24", "end.0": "2027-01-15" })).toMatchObject({
      ok: false,
    });
    expect(await databaseChecksum(["school_terms", "audit_log"])).toEqual(before);
  });

  it("adds, renames and removes terms, auditing each save", async () => {
    await signInAs(DEMO_ADMIN.code);
    expect(
      await save({
        "title.0": " Fall semester ",
        "start.0": "2026-08-24",
        "end.0": "2027-01-15",
        "title.1": "Spring semester",
        "start.1": "2027-01-19",
        "end.1": "2027-06-11",
        "title.2": "",
        "start.2": "",
        "end.2": "",
      }),
    ).toEqual({ ok: true, message: "2 terms saved" });
    expect(await titles()).toEqual(["Fall semester 2026-08-24 2027-01-15", "Spring semester 2027-01-19 2027-06-11"]);
    const [fall, spring] = await listTerms();
    expect(
      await save({
        "id.0": fall!.id,
        "title.0": "Semester 1",
        "start.0": "2026-08-24",
        "end.0": "2027-01-15",
        "id.1": spring!.id,
        "title.1": "Spring semester",
        "start.1": "2027-01-19",
        "end.1": "2027-06-11",
        "remove.1": "on",
      }),
    ).toEqual({ ok: true, message: "1 term saved" });
    expect(await titles()).toEqual(["Semester 1 2026-08-24 2027-01-15"]);
    expect((await listTerms())[0]!.id).toBe(fall!.id); // renamed in place: what refers to the term keeps it
    const [entry] = await queryRows<{ actor_id: number; detail: { before: string[]; after: string[] } }>(
      sql`select actor_id, detail from audit_log where action = 'terms.saved' order by id desc limit 1`,
    );
    expect(entry!.detail).toEqual({
      before: ["Fall semester 2026-08-24…2027-01-15", "Spring semester 2027-01-19…2027-06-11"],
      after: ["Semester 1 2026-08-24…2027-01-15"],
    });
  });

  it("refuses overlaps, bad dates and ids that are not the admin's terms, changing nothing", async () => {
    await signInAs(DEMO_ADMIN.code);
    const before = await databaseChecksum(["school_terms", "audit_log"]);
    const [s1] = await listTerms();
    const cases: [Record<string, string | number>, string][] = [
      [
        {
          "id.0": s1!.id,
          "title.0": "Semester 1",
          "start.0": "2026-08-24",
          "end.0": "2027-01-15",
          "title.1": "Q3",
          "start.1": "2027-01-15",
          "end.1": "2027-03-31",
        },
        '"Semester 1" and "Q3" overlap: a day can be in only one term.',
      ],
      [{ "title.0": "Fall", "start.0": "2027-01-15", "end.0": "2026-08-24" }, '"Fall" ends before it starts.'],
      [{ "title.0": "Fall", "start.0": "2026-02-30", "end.0": "2026-03-30" }, '"Fall" needs a start and an end date.'],
      [{ "title.0": "", "start.0": "2026-08-24", "end.0": "2027-01-15" }, "Term 1 needs a name."],
      [
        { "id.0": 999999, "title.0": "Fall", "start.0": "2026-08-24", "end.0": "2027-01-15" },
        "These terms were changed in the meantime. Reload the page and try again.",
      ],
      [
        { "id.0": "1; drop table users", "title.0": "Fall", "start.0": "2026-08-24", "end.0": "2027-01-15" },
        "Invalid id",
      ],
      [
        { "title.0": "x".repeat(500), "start.0": "2026-08-24", "end.0": "2027-01-15" },
        "Term names are at most 60 characters",
      ],
    ];
    for (const [fields, message] of cases)
      expect(await save(fields), JSON.stringify(fields).slice(0, 80)).toMatchObject({ ok: false, message });
    expect(await databaseChecksum(["school_terms", "audit_log"])).toEqual(before);
  });

  it("leaves terms from a roster import alone and keeps grades by the finest of them", async () => {
    await queryRows(sql`insert into school_terms (sourced_id, title, type, start_date, end_date) values
      ('sy', '2027-2028', 'schoolYear', '2027-08-23', '2028-06-09'),
      ('q1', 'Q1', 'gradingPeriod', '2027-08-23', '2027-10-29'),
      ('s1', 'S1', 'semester', '2027-08-23', '2028-01-14')`);
    await signInAs(DEMO_ADMIN.code);
    expect(await save({ "title.0": "Summer school", "start.0": "2027-10-01", "end.0": "2027-10-31" })).toMatchObject({
      ok: false,
      message: '"Summer school" and "Q1" overlap: a day can be in only one term.',
    });
    expect(await save({ "title.0": "Summer school", "start.0": "2027-06-21", "end.0": "2027-07-30" })).toEqual({
      ok: true,
      message: "1 term saved",
    });
    expect(await titles()).toEqual([
      "Summer school 2027-06-21 2027-07-30",
      "2027-2028 2027-08-23 2028-06-09 (imported)",
      "Q1 2027-08-23 2027-10-29 (imported)",
      "S1 2027-08-23 2028-01-14 (imported)",
    ]);
    expect((await listGradingTerms()).map((t) => t.title)).toEqual(["Summer school", "Q1"]);
  });

  it("keeps a term that holds a teacher's override", async () => {
    await signInAs(DEMO_ADMIN.code);
    const summer = (await listTerms()).find((t) => t.title === "Summer school")!;
    const [row] = await queryRows<{ code: string; sid: number }>(
      sql`select level_code as code, student_id as sid from student_enrollment limit 1`,
    );
    await queryRows(
      sql`insert into term_grade_overrides (level_code, student_id, term_id, percent, reason) values (${row!.code}, ${row!.sid}, ${summer.id}, 90, 'Oral exam')`,
    );
    const before = await databaseChecksum(["school_terms", "audit_log", "term_grade_overrides"]);
    expect(
      await save({
        "id.0": summer.id,
        "title.0": "Summer school",
        "start.0": summer.startDate,
        "end.0": summer.endDate,
        "remove.0": "on",
      }),
    ).toEqual({
      ok: false,
      message: '"Summer school" has teachers\' term grades or report-card comments and cannot be removed.',
    });
    expect(await databaseChecksum(["school_terms", "audit_log", "term_grade_overrides"])).toEqual(before);
    // A comment holds a term too.
    await queryRows(sql`delete from term_grade_overrides`);
    await queryRows(
      sql`insert into term_comments (level_code, student_id, term_id, comment) values (${row!.code}, ${row!.sid}, ${summer.id}, 'Kind and curious')`,
    );
    expect(
      await save({
        "id.0": summer.id,
        "title.0": "Summer school",
        "start.0": summer.startDate,
        "end.0": summer.endDate,
        "remove.0": "on",
      }),
    ).toMatchObject({ ok: false });
    expect((await queryRows(sql`select 1 from term_comments`)).length).toBe(1);
    await queryRows(sql`delete from term_comments`);
  });

  it("a bulk roster import replaces the imported terms and keeps the admin's", async () => {
    // academicSessions in bulk mode: every imported term not in the file goes; the admin's stay.
    const run = await applyRosterImport(zipUpload(smallSchool()), { ...cli });
    expect(run.ok).toBe(true);
    expect(await titles()).toEqual([
      "2024-25 2024-08-15 2025-06-10 (imported)",
      "Fall 2024-08-15 2024-12-20 (imported)",
      "Summer school 2027-06-21 2027-07-30",
    ]);
  });
});
