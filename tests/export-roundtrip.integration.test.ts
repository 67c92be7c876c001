import { sql, type SQL } from "drizzle-orm";
import { codeHash } from "@/lib/auth/code-store";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cli } from "./support/roster";
import { queryRows, setDbHandle } from "@/lib/db/client";
import { buildOneRosterExport, oneRosterZip } from "@/lib/export/oneroster";
import { applyRosterImport, formatProblem, previewRosterImport } from "@/lib/roster/import";
import { seedDemo } from "./support/fixtures";
import { createTestDatabase } from "./support/test-db";

// The OneRoster export is the import's mapping backwards (decision 012): the demo school exported,
// then imported into an empty portal, has the same content in every table the export covers —
// people (with phone and parent numbers and birth dates), classes and teachers, enrollments (with
// the day they began), guardian links (with their relationship), terms, grade categories,
// assignments and grades — and the same running totals. Compared without surrogate ids, access
// codes (never exported), session versions and the timestamps the import sets itself; a row made
// in the portal is compared under the sourcedId the export gives it (user-<id>, class-<code>…).
// Not carried, because OneRoster has no file for them: attendance, announcements (updates) and
// their responses, submissions, report-card links, the audit log, rate limits and import history.

type TestDb = Awaited<ReturnType<typeof createTestDatabase>>;
let original: TestDb;
let copy: TestDb;
let zip: Uint8Array<ArrayBuffer>;
const upload = () => ({ label: "oneroster.zip", files: [{ name: "oneroster.zip", bytes: zip }] });
const options = { ...cli, timeZone: "UTC" };
const exportOptions = { schoolName: "Demo", timeZone: "UTC" };

beforeAll(async () => {
  [original, copy] = await Promise.all([createTestDatabase(), createTestDatabase()]);
  setDbHandle(original);
  await seedDemo();
  // What the demo lacks but a school has: terms, a teacher's phone, a mother, feedback a CSV must quote.
  await queryRows(sql`insert into school_terms (sourced_id, title, type, start_date, end_date, parent_sourced_id, school_year) values
    ('sy-2526', '2025-26', 'schoolYear', '2025-08-20', '2026-06-30', null, 2026),
    ('fall-25', 'Fall, 2025', 'semester', '2025-08-20', '2025-12-19', 'sy-2526', 2026)`);
  // A school with terms has its school year (issue 41: drizzle/0033 makes it), its terms and classes in it.
  await queryRows(
    sql`insert into school_years (title, start_date, end_date, sourced_id) values ('2025-26', '2025-08-20', '2026-06-30', 'sy-2526')`,
  );
  await queryRows(sql`update school_terms set year_id = (select id from school_years where sourced_id = 'sy-2526')`);
  await queryRows(sql`update levels set year_id = (select id from school_years where sourced_id = 'sy-2526')`);
  await queryRows(sql`update users set phone_number = '+1 (555) 010-9999' where username = 'erivera'`);
  await queryRows(
    sql`update guardian_links set relationship = 'mother' where id = (select min(id) from guardian_links)`,
  );
  await queryRows(
    sql`update grades set feedback = ${'Well done, "really".\nSee me about Q3.'} where id = (select min(id) from grades)`,
  );
  zip = await oneRosterZip(exportOptions);
});
afterAll(async () => {
  setDbHandle(undefined);
  await Promise.all([original.drop(), copy.drop()]);
});

// A row made in the portal has no sourcedId: the export names it by its key, and so do these queries.
const userSid = (u: string) => sql.raw(`coalesce(${u}.sourced_id, 'user-' || ${u}.id)`);
const classSid = (l: string) => sql.raw(`coalesce(${l}.sourced_id, 'class-' || ${l}.code)`);
const iso = (column: string) => sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);
const day = (column: string) => sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD')`);

/** Every table the export covers, by content. */
const CONTENT: Record<string, SQL> = {
  users: sql`select ${userSid("u")} as sid, u.name, u.username, u.email, u.role, u.phone_number, u.parent1_number, u.parent2_number,
      u.date_of_birth::text as dob, u.roster_deleted_at is null as live from users u`,
  levels: sql`select ${classSid("l")} as sid, l.code, l.name, l.period, l.level, t.username as teacher, l.roster_deleted_at is null as live,
      coalesce(l.teacher_enrollment_sourced_id, case when t.id is not null then 'enrollment-' || ${classSid("l")} || '-' || ${userSid("t")} end) as teacher_enrollment
    from levels l left join users t on t.id = l.teacher_id`,
  enrollments: sql`select coalesce(e.sourced_id, 'enrollment-' || ${classSid("l")} || '-' || ${userSid("u")}) as sid, e.level_code, u.username, ${day("e.enrolled_at")} as began
    from student_enrollment e join users u on u.id = e.student_id join levels l on l.code = e.level_code`,
  guardians: sql`select p.username as parent, s.username as student, g.relationship, g.removed_at is null as live
    from guardian_links g join users p on p.id = g.parent_id join users s on s.id = g.student_id`,
  terms: sql`select sourced_id, title, type, start_date::text as start_date, end_date::text as end_date, parent_sourced_id, school_year from school_terms`,
  categories: sql`select coalesce(sourced_id, 'category-' || id) as sid, name from grade_categories`,
  assignments: sql`select coalesce(a.sourced_id, 'lineitem-' || a.id) as sid, a.level_code, a.title, a.description, a.max_score,
      ${iso("a.due_date")} as due, ${iso("a.created_at")} as assigned, c.name as category, t.username as teacher
    from assignments a left join grade_categories c on c.id = a.category_id left join users t on t.id = a.teacher_id`,
  grades: sql`select coalesce(g.sourced_id, 'result-' || g.assignment_id || '-' || g.student_id) as sid, coalesce(a.sourced_id, 'lineitem-' || a.id) as assignment,
      u.username as student, g.score::text as score, g.feedback, ${day("g.graded_at")} as graded
    from grades g join assignments a on a.id = g.assignment_id join users u on u.id = g.student_id`,
  // The running totals of grades (attendance is not carried, so its counts are not compared).
  levelStats: sql`select level_code, graded, earned::text as earned, possible::text as possible from level_stats where graded > 0`,
  studentStats: sql`select s.level_code, u.username, s.graded, s.earned::text as earned, s.possible::text as possible
    from student_level_stats s join users u on u.id = s.student_id where s.graded > 0`,
};
async function content(db: TestDb): Promise<Record<string, string[]>> {
  setDbHandle(db);
  const out: Record<string, string[]> = {};
  for (const [name, query] of Object.entries(CONTENT))
    out[name] = (await queryRows<Record<string, unknown>>(query)).map((r) => JSON.stringify(r)).sort();
  return out;
}

/** The totals recomputed from the grades: what drizzle/0007's triggers must have kept. */
const RECOMPUTED = sql`select a.level_code, u.username, count(*)::int as graded, sum(g.score)::text as earned, sum(a.max_score)::numeric(14,2)::text as possible
  from grades g join assignments a on a.id = g.assignment_id join users u on u.id = g.student_id group by 1, 2`;

describe("OneRoster export → import", () => {
  it("re-imports into an empty portal with nothing lost", async () => {
    setDbHandle(copy);
    const preview = await previewRosterImport(upload(), options);
    expect(preview.problems.map(formatProblem)).toEqual([]);
    expect(preview.warnings.map(formatProblem)).toEqual([]);
    expect(preview.ok).toBe(true);
    const applied = await applyRosterImport(upload(), options);
    expect(applied.applied).toBe(true);
    expect(applied.fingerprint).toBe(preview.fingerprint);
    const [before, after] = [await content(original), await content(copy)];
    for (const table of Object.keys(CONTENT)) expect(after[table], table).toEqual(before[table]);
    expect(applied.counts).toMatchObject({
      users: { create: before.users!.length },
      classes: { create: before.levels!.length },
      enrollments: { create: before.enrollments!.length },
      terms: { create: 2 },
      categories: { create: 4 },
      assignments: { create: before.assignments!.length },
      grades: { create: before.grades!.length },
    });
    // Enough of everything to mean something.
    expect(before.users!.length).toBeGreaterThan(30);
    expect(before.guardians!.length).toBeGreaterThan(0);
    expect(before.guardians!.some((g) => g.includes('"mother"'))).toBe(true);
    expect(before.grades!.length).toBeGreaterThan(100);
    expect(before.studentStats!.length).toBeGreaterThan(30);
    // The totals are the records' own, not just the original's.
    const recomputed = (await queryRows<Record<string, unknown>>(RECOMPUTED)).map((r) => JSON.stringify(r)).sort();
    expect(recomputed).toEqual(after.studentStats);
  });

  it("carries none of what OneRoster has no file for", async () => {
    setDbHandle(copy);
    const [row] = await queryRows<
      Record<string, number>
    >(sql`select (select count(*) from attendance)::int as attendance, (select count(*) from updates)::int as updates,
      (select count(*) from responses)::int as responses, (select count(*) from assignment_submissions)::int as submissions, (select count(*) from report_card_links)::int as report_links`);
    expect(row).toEqual({ attendance: 0, updates: 0, responses: 0, submissions: 0, report_links: 0 });
    // Access codes are never exported: everyone in the copy has a new one.
    const [codes] = await queryRows<{ same: number }>(
      sql`select count(*)::int as same from users where code_hash in (${codeHash("admin-demo")}, ${codeHash("teach-rivera")}, ${codeHash("stu-01")})`,
    );
    expect(codes!.same).toBe(0);
  });

  it("changes nothing when the same zip is imported again", async () => {
    setDbHandle(copy);
    const again = await previewRosterImport(upload(), options);
    expect(again.problems).toEqual([]);
    expect(again.changes).toBe(0);
    const applied = await applyRosterImport(upload(), options);
    expect(applied.changes).toBe(0);
  });

  it("exports the copy as the same files", async () => {
    setDbHandle(original);
    const first = (await buildOneRosterExport(exportOptions)).files;
    setDbHandle(copy);
    const second = (await buildOneRosterExport(exportOptions)).files;
    expect(Object.keys(second).sort()).toEqual(Object.keys(first).sort());
    for (const f of Object.keys(first) as (keyof typeof first)[]) expect(second[f], f).toBe(first[f]);
    expect(first["results.csv"].split("\r\n").length).toBeGreaterThan(100);
  });

  it("finds the school's own rows when its export is imported into it: no duplicates, no change", async () => {
    setDbHandle(original);
    const before = await content(original);
    const first = await applyRosterImport(upload(), options);
    expect(first.problems.map(formatProblem)).toEqual([]);
    // Rows made in the portal stay its own (decision 012): matched, not taken over.
    expect(first.changes).toBe(0);
    expect(await content(original)).toEqual(before);
    const second = await previewRosterImport(upload(), options);
    expect(second.changes).toBe(0);
  });
});
