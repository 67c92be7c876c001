import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { queryRows } from "@/lib/db/client";
import { applyRosterImport, formatGroup, previewRosterImport } from "@/lib/roster/import";
import { runRosterSync } from "@/lib/roster/sync";
import {
  classRow,
  CLASSES_HEADER,
  csv,
  enrollmentRow,
  ENROLLMENTS_HEADER,
  manifest,
  zipUpload,
} from "@/lib/roster/test-support";
import { LINEITEMS_HEADER, lineItemRow, RESULTS_HEADER, resultRow } from "@/lib/roster/test-support-gradebook";
import { yearOneRoster, yearTwoRoster } from "@/lib/roster/test-support-years";
import { closeYear } from "@/lib/years/close";
import { publishTerms } from "./support/publish";
import { apply } from "./support/roster";
import { useTestDatabase } from "./support/test-db";

// Issue 41: a new year's roster import leaves a closed year as it was. Year 1 is imported, graded
// and its fall term published; year 2's bulk files (as a SIS exports them in September) list none
// of year 1's classes, sessions, enrollments, line items or results, and leave out three students
// who left (one of them without a grade) and a parent.

useTestDatabase();

// Without allowDeletions: the removal guard is in force, as on the page without a confirmation.
const cli = { actorId: null, source: "cli" as const };

/** Everything of year 1 an import must not change, as text to compare. */
async function yearOneDump(): Promise<Record<string, unknown[]>> {
  const year = sql`(select id from school_years where sourced_id = 'y1')`;
  const classes = sql`(select code from levels where year_id = ${year})`;
  const q = (query: ReturnType<typeof sql>) => queryRows<Record<string, unknown>>(query);
  return {
    year: await q(sql`select * from school_years where id = ${year}`),
    classes: await q(sql`select * from levels where year_id = ${year} order by id`),
    terms: await q(sql`select * from school_terms where year_id = ${year} order by id`),
    enrollments: await q(sql`select * from student_enrollment where level_code in ${classes} order by id`),
    assignments: await q(sql`select * from assignments where level_code in ${classes} order by id`),
    grades: await q(
      sql`select g.* from grades g join assignments a on a.id = g.assignment_id where a.level_code in ${classes} order by g.id`,
    ),
    termGradeRecords: await q(sql`select * from term_grade_records order by 1`),
    stats: await q(sql`select * from level_stats where level_code in ${classes} order by level_code`),
  };
}

/** Year 2's files where the nightly sync reads them (ROSTER_SYNC_DIR). */
const syncDir = fs.mkdtempSync(path.join(os.tmpdir(), "roster-years-"));
for (const [name, body] of Object.entries(yearTwoRoster())) fs.writeFileSync(path.join(syncDir, name), body);
afterAll(() => fs.rmSync(syncDir, { recursive: true, force: true }));

const warningsOf = (run: { warningGroups: Parameters<typeof formatGroup>[0][] }) => run.warningGroups.map(formatGroup);

describe("a new year's roster import and a closed year", () => {
  it("imports year 1 into its school year: the schoolYear session is the year, its terms and classes belong to it", async () => {
    await queryRows(sql`insert into users (name, username, role) values ('Ada Admin', 'ada', 'admin')`);
    await apply(yearOneRoster());
    const [year] = await queryRows<{ id: number; title: string; start: string; end: string }>(
      sql`select id, title, start_date::text as start, end_date::text as "end" from school_years where sourced_id = 'y1'`,
    );
    expect(year).toMatchObject({ title: "2024–25", start: "2024-08-15", end: "2025-06-10" });
    const terms = await queryRows<{ sourced_id: string; year_id: number }>(
      sql`select sourced_id, year_id from school_terms order by sourced_id`,
    );
    expect(terms.map((t) => [t.sourced_id, Number(t.year_id)])).toEqual([
      ["y1", year!.id],
      ["y1f", year!.id],
      ["y1s", year!.id],
    ]);
    const classes = await queryRows<{ code: string; year_id: number }>(
      sql`select code, year_id from levels order by code`,
    );
    expect(classes.map((c) => [c.code, Number(c.year_id)])).toEqual([
      ["ALG1", year!.id],
      ["BIO", year!.id],
    ]);
    // Report cards of the fall term are stored (term_grade_records) before the year closes.
    const [fall] = await queryRows<{ id: number }>(sql`select id from school_terms where sourced_id = 'y1f'`);
    await publishTerms([fall!.id]);
    expect(
      Number((await queryRows<{ n: number }>(sql`select count(*)::int as n from term_grade_records`))[0]!.n),
    ).toBeGreaterThan(0);
  });

  it("with year 1 still open, year 2's files would remove year 1's classes, enrollments and leavers: the guard refuses", async () => {
    const before = await yearOneDump();
    const preview = await previewRosterImport(zipUpload(yearTwoRoster()), cli);
    // Today's behaviour for an open year: its classes are roster-removed (kept for their records)
    // and their enrollments deleted.
    expect(preview.counts.classes).toMatchObject({ kept: 2 });
    expect(preview.counts.enrollments.delete).toBe(7);
    expect(preview.deletionGuard).not.toBeNull();
    const run = await applyRosterImport(zipUpload(yearTwoRoster()), cli);
    expect(run).toMatchObject({ ok: false, applied: false });
    expect(run.deletionGuard?.people).toBe(4);
    // The nightly sync plans and guards the same way (its saved policy: 5 % by default).
    const synced = await runRosterSync({ dir: syncDir, day: "2025-08-20" });
    expect(synced.kind).toBe("refused");
    expect(synced.kind === "refused" && synced.run.deletionGuard?.people).toBe(4);
    expect(await yearOneDump()).toEqual(before);
  });

  it("once year 1 is closed, year 2 imports without a confirmation and changes nothing of year 1", async () => {
    const [admin] = await queryRows<{ id: number }>(sql`select id from users where username = 'ada'`);
    const [year1] = await queryRows<{ id: number }>(sql`select id from school_years where sourced_id = 'y1'`);
    expect((await closeYear(year1!.id, admin!.id)).ok).toBe(true);
    const before = await yearOneDump();
    expect(before.enrollments).toHaveLength(7);
    expect(before.grades).toHaveLength(6);

    const preview = await previewRosterImport(zipUpload(yearTwoRoster()), cli);
    expect(preview.ok).toBe(true);
    expect(preview.deletionGuard).toBeNull();
    const said = warningsOf(preview);
    expect(said).toContainEqual(
      expect.stringContaining(
        "2 classes of closed years are left as they are, with their students, assignments and grades",
      ),
    );
    expect(said).toContainEqual(
      expect.stringContaining("4 people who were only in classes of closed years are not in the file"),
    );

    // Applied by the nightly sync, as a school that drops its SIS export in the folder would.
    const synced = await runRosterSync({ dir: syncDir, day: "2025-08-21" });
    if (synced.kind !== "applied") throw new Error(`the sync did not apply: ${synced.kind}`);
    const run = synced.run;
    expect(run).toMatchObject({ ok: true, applied: true });
    expect(await yearOneDump()).toEqual(before);
    expect(run.counts.classes).toMatchObject({ create: 2, delete: 0, kept: 0 });
    expect(run.counts.enrollments.delete).toBe(0);
    // The applied report says the same (the history row keeps the warnings).
    const [history] = await queryRows<{ report: { warnings: { message: { key: string } }[] } }>(
      sql`select report from roster_imports where id = ${run.importId}`,
    );
    expect(history!.report.warnings.map((w) => w.message.key)).toEqual(
      expect.arrayContaining(["years.roster.classesLeft", "years.roster.leavers"]),
    );

    // Year 2 is a year of its own, and its classes are in it.
    const [year2] = await queryRows<{ id: number; title: string }>(
      sql`select id, title from school_years where sourced_id = 'y2'`,
    );
    expect(year2!.title).toBe("2025–26");
    const classes = await queryRows<{ code: string; year_id: number }>(
      sql`select code, year_id from levels where code in ('ALG2', 'CHEM') order by code`,
    );
    expect(classes.map((c) => [c.code, Number(c.year_id)])).toEqual([
      ["ALG2", year2!.id],
      ["CHEM", year2!.id],
    ]);
  });

  it("the students who left keep their history (a class of a closed year is one) but can no longer sign in; a parent with no records goes", async () => {
    const left = await queryRows<{
      username: string;
      code_hash: string | null;
      gone: boolean;
      classes: number;
      grades: number;
    }>(
      sql`select u.username, u.code_hash, u.roster_deleted_at is not null as gone,
                 (select count(*)::int from student_enrollment e where e.student_id = u.id) as classes,
                 (select count(*)::int from grades g where g.student_id = u.id) as grades
          from users u where u.sourced_id in ('s5', 's6', 's8', 'p1') order by u.username`,
    );
    expect(left).toEqual([
      { username: "pupil5", code_hash: null, gone: true, classes: 1, grades: 1 },
      { username: "pupil6", code_hash: null, gone: true, classes: 1, grades: 1 },
      { username: "pupil8", code_hash: null, gone: true, classes: 1, grades: 0 },
    ]);
  });

  it("a delta that deletes year 1's class, enrollment, line item and result leaves them, and says so", async () => {
    const before = await yearOneDump();
    const files = {
      "manifest.csv": manifest({ classes: "delta", enrollments: "delta", lineItems: "delta", results: "delta" }),
      "classes.csv": csv([
        CLASSES_HEADER,
        classRow({ id: "c1", title: "Algebra I", code: "ALG1", status: "tobedeleted" }),
      ]),
      "enrollments.csv": csv([
        ENROLLMENTS_HEADER,
        enrollmentRow({ id: "e11", cls: "c1", user: "s1", role: "student", status: "tobedeleted" }),
      ]),
      "lineItems.csv": csv([
        LINEITEMS_HEADER,
        lineItemRow({ id: "li2", cls: "c2", title: "Lab report", max: 50, status: "tobedeleted" }),
      ]),
      "results.csv": csv([
        RESULTS_HEADER,
        resultRow({ id: "r12", item: "li1", student: "s2", score: 7, status: "tobedeleted" }),
      ]),
    };
    const run = await applyRosterImport(zipUpload(files), cli);
    expect(run).toMatchObject({ ok: true, applied: true });
    expect(await yearOneDump()).toEqual(before);
    expect(run.warningGroups.map(formatGroup)).toContainEqual(
      expect.stringContaining('"ALG1" is a class of 2024–25, which is closed: this row is left out'),
    );
  });

  it("a new class that names a closed year's term is not made inside that year", async () => {
    const files = {
      "manifest.csv": manifest({ classes: "delta" }),
      "classes.csv": csv([CLASSES_HEADER, classRow({ id: "c9", title: "Late class", code: "LATE", terms: "y1f" })]),
    };
    expect(await applyRosterImport(zipUpload(files), cli)).toMatchObject({ ok: true, applied: true });
    const [late] = await queryRows<{ closed: boolean | null }>(
      sql`select y.closed_at is not null as closed from levels l left join school_years y on y.id = l.year_id where l.code = 'LATE'`,
    );
    expect(late).toBeDefined();
    expect(late!.closed).not.toBe(true);
    await queryRows(sql`delete from levels where code = 'LATE'`);
  });

  it("importing year 2 again changes nothing", async () => {
    const run = await previewRosterImport(zipUpload(yearTwoRoster()), cli);
    expect(run).toMatchObject({ ok: true, changes: 0 });
  });
});
