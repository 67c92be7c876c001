import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { apply as applyFiles, cli as cliOptions, SCHOOL_TABLES } from "./support/roster";
import { queryRows } from "@/lib/db/client";
import { applyRosterImport, previewRosterImport } from "@/lib/roster/import";
import { formatProblem } from "@/lib/roster/problems";
import { csv, ENROLLMENTS_HEADER, enrollmentRow, manifest, smallSchool, zipUpload } from "@/lib/roster/test-support";
import {
  categoryRow,
  DEMOGRAPHICS_HEADER,
  GRADEBOOK_BULK,
  lineItemRow,
  resultRow,
  RESULTS_HEADER,
  smallGradebook,
} from "@/lib/roster/test-support-gradebook";
import { databaseChecksum } from "./support/fixtures";
import { useTestDatabase } from "./support/test-db";

// The gradebook over OneRoster (decision 012), on PGlite and on PostgreSQL: categories.csv →
// grade categories, lineItems.csv → assignments, results.csv → grades, demographics.csv → birth
// dates, enrollments' beginDate → enrolled_at. Keyed on sourcedId; a second identical import
// changes nothing; a grade goes only when a delta says so (audited), never silently; the running
// totals stay equal to the grades; every row-level problem has its exact message and writes nothing.

useTestDatabase();

const TZ = "America/New_York";
const cli = { ...cliOptions, timeZone: TZ };
const apply = (files: Record<string, string>) => applyFiles(files, { timeZone: TZ });
const school = (over: Parameters<typeof smallGradebook>[0] = {}, modes = GRADEBOOK_BULK) => ({
  ...smallSchool({ modes }),
  ...smallGradebook(over),
});
/** smallGradebook's Chapter 1 out of 12 points instead of 10. */
const chapter1Of12 = lineItemRow({
  id: "li1",
  cls: "c1",
  title: "Chapter 1",
  max: 12,
  category: "cat1",
  due: "2024-09-20T23:59:00Z",
  assigned: "2024-09-13T08:00:00.000Z",
  description: "Exercises 1–20, show your working",
});
/** smallGradebook changed in place: the second category renamed "Tests", Chapter 1 out of 12. */
const changedInPlace = {
  categories: [categoryRow({ id: "cat1", title: "Homework" }), categoryRow({ id: "cat2", title: "Tests" })],
  lineItems: [
    chapter1Of12,
    lineItemRow({ id: "li2", cls: "c1", title: "Unit test", max: "20.0", category: "cat2", due: "2024-10-01" }),
    lineItemRow({ id: "li3", cls: "c2", title: "Lab report", max: 50 }),
  ],
};
/** Only the files the manifest names (a delta of some files). */
const only = (modes: Parameters<typeof manifest>[0], files: Record<string, string>) => ({
  "manifest.csv": manifest(modes),
  ...files,
});

const grades = async () =>
  Object.fromEntries(
    (
      await queryRows<{
        sid: string | null;
        a: string;
        s: string;
        score: string;
        feedback: string | null;
        graded: string;
      }>(sql`
        select g.sourced_id as sid, a.sourced_id as a, u.sourced_id as s, g.score::text as score, g.feedback,
          to_char(g.graded_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI"Z"') as graded
        from grades g join assignments a on a.id = g.assignment_id join users u on u.id = g.student_id order by 2, 3`)
    ).map((g) => [`${g.a}/${g.s}`, { sid: g.sid, score: g.score, feedback: g.feedback, graded: g.graded }]),
  );
const assignment = async (sourcedId: string) =>
  (
    await queryRows<Record<string, unknown>>(sql`
      select a.level_code, a.title, a.description, a.max_score, to_char(a.due_date at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI"Z"') as due,
        to_char(a.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI"Z"') as created, c.name as category, t.sourced_id as teacher
      from assignments a left join grade_categories c on c.id = a.category_id left join users t on t.id = a.teacher_id where a.sourced_id = ${sourcedId}`)
  )[0];
/** The running totals kept by the triggers, and the same recomputed from the grades: they must agree. */
const totals = async () => {
  const kept = await queryRows(
    sql`select level_code, student_id, graded, earned::text as earned, possible::text as possible from student_level_stats where graded <> 0 or possible <> 0 order by 1, 2`,
  );
  const recomputed = await queryRows(sql`
    select a.level_code, g.student_id, count(*)::int as graded, sum(g.score)::text as earned, sum(a.max_score)::numeric(14,2)::text as possible
    from grades g join assignments a on a.id = g.assignment_id group by 1, 2 order by 1, 2`);
  const perClass = await queryRows(
    sql`select level_code, graded, earned::text as earned, possible::text as possible from level_stats where graded <> 0 order by 1`,
  );
  const perClassRecomputed = await queryRows(sql`
    select a.level_code, count(*)::int as graded, sum(g.score)::text as earned, sum(a.max_score)::numeric(14,2)::text as possible
    from grades g join assignments a on a.id = g.assignment_id group by 1 order by 1`);
  return { kept, recomputed, perClass, perClassRecomputed };
};
const expectExactTotals = async () => {
  const t = await totals();
  expect(t.kept).toEqual(t.recomputed);
  expect(t.perClass).toEqual(t.perClassRecomputed);
};

describe("a first import with the gradebook", () => {
  it("previews categories, assignments and grades with the rest", async () => {
    const run = await previewRosterImport(zipUpload(school()), cli);
    expect(run.problems.map(formatProblem)).toEqual([]);
    expect(run.counts.categories).toEqual({ create: 2, update: 0, unchanged: 0, delete: 0, kept: 0, ignored: 0 });
    expect(run.counts.assignments).toEqual({ create: 3, update: 0, unchanged: 0, delete: 0, kept: 0, ignored: 0 });
    expect(run.counts.grades).toEqual({ create: 5, update: 0, unchanged: 0, delete: 0, kept: 0, ignored: 0 });
    expect(run.modes).toMatchObject({ categories: "bulk", assignments: "bulk", grades: "bulk", demographics: "bulk" });
  });

  it("applies: line items become the classes' assignments, results their grades, with exact running totals", async () => {
    const run = await apply(school());
    expect(run.counts.grades.create).toBe(5);
    expect(await assignment("li1")).toEqual({
      level_code: "ALG1",
      title: "Chapter 1",
      description: "Exercises 1–20, show your working",
      max_score: 10,
      due: "2024-09-20T23:59Z",
      created: "2024-09-13T08:00Z",
      category: "Homework",
      teacher: "t1",
    });
    // A due date written as a day is due at 23:59 of that day in the school's time zone (New York: UTC-4 in October); 20.0 is 20.
    expect(await assignment("li2")).toMatchObject({
      max_score: 20,
      due: "2024-10-02T03:59Z",
      category: "Test",
      description: "",
    });
    expect(await assignment("li3")).toMatchObject({
      level_code: "Bio-2",
      max_score: 50,
      due: null,
      category: null,
      teacher: "t2",
    });
    const g = await grades();
    // scoreDate is a day: the grade's graded_at is its start in the school's time zone.
    expect(g["li1/s1"]).toEqual({
      sid: "r1",
      score: "8.50",
      feedback: "Good, but check Q7",
      graded: "2024-09-22T04:00Z",
    });
    expect(g["li2/s1"]).toMatchObject({ sid: "r3", score: "17.25", feedback: null });
    // A result for a student not (or no longer) enrolled in the class is still a grade: records stay when students leave.
    expect(g["li3/s4"]).toMatchObject({ sid: "r5", score: "0.00" });
    await expectExactTotals();
    const [stats] = await queryRows(
      sql`select graded, earned::text as earned, possible::text as possible from level_stats where level_code = 'ALG1'`,
    );
    expect(stats).toEqual({ graded: 3, earned: "35.75", possible: "40.00" });
    // Birth dates from demographics.csv.
    expect(
      await queryRows(
        sql`select sourced_id, date_of_birth::text as dob from users where date_of_birth is not null order by 1`,
      ),
    ).toEqual([
      { sourced_id: "s1", dob: "2010-04-02" },
      { sourced_id: "s2", dob: "2011-12-30" },
    ]);
    // A summary in the audit log, not one entry per new grade.
    const [audit] = await queryRows<{ detail: { counts: Record<string, unknown> } }>(
      sql`select detail from audit_log where action = 'roster.imported' order by id desc limit 1`,
    );
    expect(audit!.detail.counts).toMatchObject({
      categories: { create: 2 },
      assignments: { create: 3 },
      grades: { create: 5 },
    });
    expect(await queryRows(sql`select count(*)::int as n from audit_log where action = 'grade.changed'`)).toEqual([
      { n: 0 },
    ]);
  });

  it("re-imported as it is, changes nothing", async () => {
    const before = await databaseChecksum(SCHOOL_TABLES);
    const run = await apply(school());
    expect(run.changes).toBe(0);
    expect(run.counts.grades.unchanged).toBe(5);
    expect(run.counts.assignments.unchanged).toBe(3);
    expect(run.counts.categories.unchanged).toBe(2);
    expect(await databaseChecksum(SCHOOL_TABLES)).toEqual(before);
  });
});

describe("changes in place", () => {
  it("updates scores, feedback, a maximum and a category's name; each changed score audited like a teacher's", async () => {
    const files = school({
      ...changedInPlace,
      results: [
        resultRow({ id: "r1", item: "li1", student: "s1", score: 9, date: "2024-09-23", comment: "Better" }),
        resultRow({ id: "r2", item: "li1", student: "s2", score: 10, date: "2024-09-22" }),
        resultRow({ id: "r3", item: "li2", student: "s1", score: "17.25", date: "2024-10-03" }),
        resultRow({ id: "r4", item: "li3", student: "s3", score: 41, date: "2024-10-05", comment: "Clear method" }),
        resultRow({ id: "r5", item: "li3", student: "s4", score: 0 }),
      ],
    });
    const run = await apply(files);
    expect(run.counts.categories).toMatchObject({ update: 1, unchanged: 1 });
    expect(run.counts.assignments).toMatchObject({ update: 1, unchanged: 2 });
    expect(run.counts.grades).toMatchObject({ update: 1, unchanged: 4 });
    expect((await grades())["li1/s1"]).toEqual({
      sid: "r1",
      score: "9.00",
      feedback: "Better",
      graded: "2024-09-23T04:00Z",
    });
    expect(await assignment("li2")).toMatchObject({ category: "Tests" });
    expect(await assignment("li1")).toMatchObject({ max_score: 12 });
    const audits = await queryRows<{ detail: Record<string, unknown>; level_code: string }>(
      sql`select detail, level_code from audit_log where action = 'grade.changed' order by id`,
    );
    expect(audits).toHaveLength(1);
    expect(audits[0]!.level_code).toBe("ALG1");
    expect(audits[0]!.detail).toMatchObject({ old: 8.5, new: 9, source: "roster" });
    await expectExactTotals();
    expect((await apply(files)).changes).toBe(0);
  });
});

describe("row-level problems", () => {
  it("refuse the import with the exact file:line: column — what — fix, and write nothing", async () => {
    const before = await databaseChecksum(SCHOOL_TABLES);
    const files = school({
      lineItems: [
        chapter1Of12,
        lineItemRow({ id: "li2", cls: "c1", title: "Unit test", max: "20.0", category: "cat2", due: "next Friday" }),
        lineItemRow({ id: "li3", cls: "c2", title: "Lab report", max: "12.5" }),
        lineItemRow({ id: "li4", cls: "c9", title: "Essay", max: 10 }),
        lineItemRow({ id: "li5", cls: "c1", title: "Quiz", max: 10, category: "cat7" }),
      ],
      results: [
        resultRow({ id: "r1", item: "li1", student: "s1", score: 13 }),
        resultRow({ id: "r2", item: "li9", student: "s2", score: 5 }),
        resultRow({ id: "r3", item: "li1", student: "s3", score: 5, date: "2024-02-30" }),
        resultRow({ id: "r4", item: "li1", student: "t1", score: 5 }),
        resultRow({ id: "r5", item: "li1", student: "zz", score: 5 }),
        resultRow({ id: "r6", item: "li1", student: "s3", score: "4.125" }),
        resultRow({ id: "r7", item: "li1", student: "s4", score: "" }),
        resultRow({ id: "r8", item: "li1", student: "s2", score: "7,5" }),
        resultRow({ id: "r9", item: "li1", student: "s2", score: 7, scoreStatus: "graded" }),
        resultRow({ id: "r10", item: "li1", student: "s3", score: 6 }),
        resultRow({ id: "r11", item: "li1", student: "s3", score: 6 }),
      ],
      demographics: [["s1", "", "", "02/04/2010", ""]],
    });
    const run = await applyRosterImport(zipUpload(files), cli);
    expect(run.applied).toBe(false);
    expect(run.problems.map(formatProblem)).toEqual([
      'demographics.csv:2: birthDate — "02/04/2010" is not a date — write it as YYYY-MM-DD',
      'lineItems.csv:3: dueDate — "next Friday" is not a date and time — write it as ISO 8601, e.g. 2024-09-20T23:59:00Z (or a date, YYYY-MM-DD)',
      'lineItems.csv:4: resultValueMax — "12.5" is not a whole number of points (the portal\'s maximum score is one) — make it whole in the SIS (e.g. 25 points instead of 12.5, or round it up there): the portal does not change a maximum, which would change every percentage',
      'lineItems.csv:5: classSourcedId — no class "c9" in classes.csv or the portal — add the class, or remove the line item',
      'lineItems.csv:6: categorySourcedId — no category "cat7" in categories.csv or the portal — add the category to categories.csv, or leave categorySourcedId empty',
      "results.csv:2: score — 13 is more than the line item's maximum of 12 points — correct the score, or raise the line item's resultValueMax",
      'results.csv:3: lineItemSourcedId — no line item "li9" in lineItems.csv or the portal — add the line item, or remove the result',
      'results.csv:4: scoreDate — "2024-02-30" is not a date — write it as YYYY-MM-DD',
      'results.csv:5: studentSourcedId — "t1" is a teacher: a result is a student\'s — correct the studentSourcedId',
      'results.csv:6: studentSourcedId — no user "zz" in users.csv or the portal — add the student, or remove the result',
      'results.csv:7: score — "4.125" has more than two decimals — round it to hundredths: the portal keeps scores to 0.01',
      "results.csv:8: score — the score is empty — fill the score (e.g. 8.5), or mark the result with its scoreStatus (e.g. not submitted)",
      'results.csv:9: score — "7,5" is not a number — write the score as a number with a point for decimals, e.g. 8.5',
      'results.csv:10: scoreStatus — "graded" is not a score status — write fully graded (exempt, not submitted, partially graded and submitted rows are skipped)',
      "results.csv:12: studentSourcedId — the student already has a result for this line item on line 11 — list one result per student and line item",
    ]);
    expect(await databaseChecksum(SCHOOL_TABLES)).toEqual(before);
  });

  it("refuse a result that moves to another student, and a maximum lowered below a grade the portal keeps", async () => {
    const before = await databaseChecksum(SCHOOL_TABLES);
    const files = only(
      { lineItems: "delta", results: "delta" },
      {
        "lineItems.csv": csv([
          ["sourcedId", "classSourcedId", "title", "resultValueMax"],
          ["li3", "c2", "Lab report", "40"],
        ]),
        "results.csv": csv([RESULTS_HEADER, resultRow({ id: "r1", item: "li1", student: "s2", score: 5 })]),
      },
    );
    const run = await applyRosterImport(zipUpload(files), cli);
    expect(run.problems.map(formatProblem)).toEqual([
      "lineItems.csv:2: resultValueMax — the portal has a grade above 40 on this assignment (41 for Sid Three) — keep resultValueMax at or above every grade, or correct the grades in results.csv",
      "results.csv:2: sourcedId — the result \"r1\" is another student's or line item's grade in the portal — a result cannot move to another student or line item: give it a new sourcedId",
    ]);
    expect(await databaseChecksum(SCHOOL_TABLES)).toEqual(before);
  });
});

describe("what a file leaves out, or marks tobedeleted", () => {
  it("skips results that are not fully graded (a warning each) and leaves their grades alone", async () => {
    const run = await apply(
      only(
        { results: "delta" },
        {
          "results.csv": csv([
            RESULTS_HEADER,
            resultRow({ id: "r2", item: "li1", student: "s2", score: "", scoreStatus: "exempt" }),
          ]),
        },
      ),
    );
    expect(run.changes).toBe(0);
    expect(run.counts.grades.ignored).toBe(1);
    expect(run.warnings.map(formatProblem)).toContain(
      'results.csv:2: scoreStatus — "exempt": the portal keeps fully graded results only — nothing: the row is skipped (a grade the portal already has for it stays as it is)',
    );
    expect((await grades())["li1/s2"]).toMatchObject({ sid: "r2", score: "10.00" });
  });

  it("a delta's tobedeleted result deletes the grade: listed in the preview, audited, totals exact", async () => {
    const files = only(
      { results: "delta" },
      {
        "results.csv": csv([
          RESULTS_HEADER,
          resultRow({ id: "r5", item: "li3", student: "s4", score: 0, status: "tobedeleted" }),
        ]),
      },
    );
    const preview = await previewRosterImport(zipUpload(files), cli);
    expect(preview.counts.grades).toMatchObject({ delete: 1 });
    expect(preview.warnings.map(formatProblem)).toEqual([
      'results.csv:2: status — Sal Four\'s grade on "Lab report" (0) will be deleted — nothing, if the SIS removed it on purpose (the deletion is audited); otherwise correct the file',
    ]);
    await apply(files);
    expect((await grades())["li3/s4"]).toBeUndefined();
    const [entry] = await queryRows<{ detail: Record<string, unknown> }>(
      sql`select detail from audit_log where action = 'grade.changed' order by id desc limit 1`,
    );
    expect(entry!.detail).toMatchObject({ old: 0, new: null, source: "roster" });
    await expectExactTotals();
  });

  it("a bulk results file that no longer lists a grade keeps it, as the portal's own, and says so", async () => {
    const files = school({
      ...changedInPlace,
      results: [
        resultRow({ id: "r1", item: "li1", student: "s1", score: 9, date: "2024-09-23", comment: "Better" }),
        resultRow({ id: "r2", item: "li1", student: "s2", score: 10, date: "2024-09-22" }),
        resultRow({ id: "r3", item: "li2", student: "s1", score: "17.25", date: "2024-10-03" }),
      ],
    });
    const run = await apply(files);
    expect(run.counts.grades).toMatchObject({ kept: 1, delete: 0, unchanged: 3 });
    expect(run.warnings.map(formatProblem)).toContain(
      'results.csv: sourcedId — Sid Three\'s grade on "Lab report" (41), result "r4", is not in the file — nothing: the grade stays, as the portal\'s own (an import removes a grade only when a delta marks it tobedeleted)',
    );
    expect((await grades())["li3/s3"]).toMatchObject({ sid: null, score: "41.00" });
    expect((await apply(files)).changes).toBe(0);
    await expectExactTotals();
  });

  it("a line item the roster removes is deleted when nothing refers to it, kept when it has grades", async () => {
    await apply(
      only(
        { lineItems: "delta" },
        {
          "lineItems.csv": csv([
            ["sourcedId", "classSourcedId", "title", "resultValueMax"],
            ["li4", "c3", "Sketchbook", "5"],
          ]),
        },
      ),
    );
    const files = only(
      { lineItems: "delta" },
      {
        "lineItems.csv": csv([
          ["sourcedId", "status", "classSourcedId", "title", "resultValueMax"],
          ["li4", "tobedeleted", "c3", "Sketchbook", "5"],
          ["li3", "tobedeleted", "c2", "Lab report", "50"],
        ]),
      },
    );
    const run = await apply(files);
    expect(run.counts.assignments).toMatchObject({ delete: 1, kept: 1 });
    expect(run.warnings.map(formatProblem)).toEqual([
      'lineItems.csv:2: sourcedId — the assignment "Sketchbook" of "c3" will be deleted (it has no grades or submissions) — nothing, if the SIS removed it on purpose',
      'lineItems.csv:3: sourcedId — the assignment "Lab report" of "Bio-2" is no longer in the roster but has 1 grade — nothing: it stays, as the portal\'s own (delete it in the portal when its records can go)',
    ]);
    expect(
      await queryRows(sql`select title, sourced_id from assignments where level_code in ('c3', 'Bio-2') order by 1`),
    ).toEqual([{ title: "Lab report", sourced_id: null }]);
    expect((await apply(files)).changes).toBe(0);
  });

  it("a category the roster removes is deleted when unused, kept while assignments use it", async () => {
    await apply(
      only(
        { categories: "delta" },
        {
          "categories.csv": csv([
            ["sourcedId", "title"],
            ["cat3", "Participation"],
          ]),
        },
      ),
    );
    const run = await apply(
      only(
        { categories: "bulk" },
        {
          "categories.csv": csv([
            ["sourcedId", "title"],
            ["cat2", "Tests"],
          ]),
        },
      ),
    );
    expect(run.counts.categories).toMatchObject({ delete: 1, kept: 1, unchanged: 1 });
    expect(await queryRows(sql`select name, sourced_id from grade_categories order by 1`)).toEqual([
      { name: "Homework", sourced_id: null },
      { name: "Tests", sourced_id: "cat2" },
    ]);
  });
});

describe("birth dates and enrollment dates", () => {
  it("demographics alone update birth dates; a delta's tobedeleted row clears one; an unknown person is a problem", async () => {
    const bad = await applyRosterImport(
      zipUpload(
        only(
          { demographics: "delta" },
          { "demographics.csv": csv([DEMOGRAPHICS_HEADER, ["zz", "", "", "2010-01-01", ""]]) },
        ),
      ),
      cli,
    );
    expect(bad.problems.map(formatProblem)).toEqual([
      'demographics.csv:2: sourcedId — no user "zz" in users.csv or the portal — add the user to users.csv, or remove the row',
    ]);
    const run = await apply(
      only(
        { demographics: "delta" },
        {
          "demographics.csv": csv([
            DEMOGRAPHICS_HEADER,
            ["s2", "tobedeleted", "", "", ""],
            ["s3", "", "", "2010-07-14", ""],
          ]),
        },
      ),
    );
    expect(run.counts.users).toMatchObject({ update: 2 });
    expect(
      await queryRows(
        sql`select sourced_id, date_of_birth::text as dob from users where date_of_birth is not null order by 1`,
      ),
    ).toEqual([
      { sourced_id: "s1", dob: "2010-04-02" },
      { sourced_id: "s3", dob: "2010-07-14" },
    ]);
    // A bulk demographics file that does not list a person leaves their birth date (SISes often list students only).
    const again = await apply({
      ...school(),
      "demographics.csv": csv([DEMOGRAPHICS_HEADER, ["s1", "", "", "2010-04-02", ""]]),
    });
    expect(again.counts.users.update).toBe(0);
  });

  it("beginDate becomes enrolled_at (the start of that day in the school's time zone), compared as a day", async () => {
    const enrollments = (begin: string) =>
      only(
        { enrollments: "delta" },
        {
          "enrollments.csv": csv([
            ENROLLMENTS_HEADER,
            enrollmentRow({ id: "e4", cls: "c1", user: "s1", role: "student", begin }),
          ]),
        },
      );
    const run = await apply(enrollments("2024-08-20"));
    expect(run.counts.enrollments).toMatchObject({ update: 1 });
    expect(
      await queryRows(
        sql`select to_char(e.enrolled_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI"Z"') as at from student_enrollment e where e.sourced_id = 'e4'`,
      ),
    ).toEqual([{ at: "2024-08-20T04:00Z" }]);
    expect((await apply(enrollments("2024-08-20"))).changes).toBe(0);
    // Without a beginDate the portal's date stays.
    expect((await apply(enrollments(""))).changes).toBe(0);
  });
});
