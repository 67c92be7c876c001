import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as oneRosterRoute } from "@/app/admin/export/oneroster/route";
import { createAssignment } from "@/app/level/[levelCode]/update/assignment-actions";
import { saveGrade } from "@/app/level/[levelCode]/update/grade-actions";
import { POST as applyRoute } from "@/app/admin/roster/apply/route";
import { POST as previewRoute } from "@/app/admin/roster/preview/route";
import { db, queryRows } from "@/lib/db/client";
import { DEMO_ADMIN, DEMO_INSTRUCTORS } from "@/lib/db/demo-school";
import { seedDemoSchool } from "@/lib/db/seed";
import { addDays, dateInTimeZone } from "@/lib/domain/dates";
import { resetEnvCache } from "@/lib/env";
import { buildOneRosterExport } from "@/lib/export/oneroster";
import { formatProblem, previewRosterImport } from "@/lib/roster/import";
import { zipUpload } from "@/lib/roster/test-support";
import { saveSchoolTerms } from "@/lib/terms/terms";
import { ALL_TABLES, databaseChecksum } from "./support/fixtures";
import { form } from "./support/form";
import { publishTerms } from "./support/publish";
import { signInAs } from "./support/session";
import { useTestDatabase } from "./support/test-db";

// Issue 39 (20): the portal's own OneRoster export, downloaded and uploaded again unchanged, is
// the portal itself: the preview shows no change (no takeover of the portal's rows, no second copy
// of the admin's terms), and the apply goes through although a published term locks its grades,
// changing nothing. The school is the demo with what an admin and a teacher add in a browser: the
// admin's own terms (one published), feedback and a description typed in a text box (a browser
// sends its line breaks as CRLF), and the demo's phone-made guardian links; its clock is not UTC.

useTestDatabase();
const TZ = "America/New_York";
const ALG = "ALG1-P1";
let savedZone: string | undefined;

beforeAll(async () => {
  savedZone = process.env.SCHOOL_TIMEZONE;
  process.env.SCHOOL_TIMEZONE = TZ;
  resetEnvCache();
  await seedDemoSchool(db(), { timeZone: TZ });
  const today = dateInTimeZone(new Date(), TZ);
  const admin = await signInAs(DEMO_ADMIN.code);
  expect(
    await saveSchoolTerms(
      [
        { id: null, title: "Autumn", startDate: addDays(today, -200), endDate: addDays(today, 20) },
        { id: null, title: "Spring", startDate: addDays(today, 21), endDate: addDays(today, 200) },
      ],
      admin.id,
    ),
  ).toMatchObject({ ok: true });
  await signInAs(DEMO_INSTRUCTORS[0].code);
  const created = await createAssignment(
    { ok: true },
    form({
      levelCode: ALG,
      title: "Lab report",
      description: "Read pages 1-10.\r\nAnswer every question.",
      maxScore: 20,
      dueDate: new Date(Date.now() - 3 * 86_400_000).toISOString(),
    }),
  );
  expect(created).toMatchObject({ ok: true });
  const [cell] = await queryRows<{ assignment_id: number; student_id: number }>(
    sql`select g.assignment_id, g.student_id from grades g join assignments a on a.id = g.assignment_id
        where a.level_code = ${ALG} order by g.id limit 1`,
  );
  const [lab] = await queryRows<{ id: number }>(sql`select id from assignments where title = 'Lab report'`);
  for (const [assignmentId, score] of [
    [cell!.assignment_id, "7"],
    [lab!.id, "18.5"],
  ] as const)
    expect(
      await saveGrade({
        levelCode: ALG,
        assignmentId: Number(assignmentId),
        studentId: Number(cell!.student_id),
        score,
        feedback: "Good work.\r\nCheck question 7.",
      }),
    ).toMatchObject({ ok: true });
  // Stored as the browser sent them: the export writes them so, the CSV reader gives them back with \n.
  const [typed] = await queryRows<{ feedback: number; description: number }>(sql`
    select (select count(*) from grades where feedback like ${"%\r\n%"})::int as feedback,
      (select count(*) from assignments where description like ${"%\r\n%"})::int as description`);
  expect(typed).toEqual({ feedback: 2, description: 1 });
  const [autumn] = await queryRows<{ id: number }>(sql`select id from school_terms where title = 'Autumn'`);
  await publishTerms([autumn!.id]);
});
afterAll(() => {
  if (savedZone === undefined) delete process.env.SCHOOL_TIMEZONE;
  else process.env.SCHOOL_TIMEZONE = savedZone;
  resetEnvCache();
});

function post(route: (r: Request) => Promise<Response>, fields: Record<string, string | Blob>) {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) {
    if (typeof v === "string") body.set(k, v);
    else body.set(k, v, "oneroster.zip");
  }
  return route(
    new Request("http://localhost/admin/roster/x", {
      method: "POST",
      headers: { host: "localhost", origin: "http://localhost" },
      body,
    }),
  );
}

/** The school's data: every table but the import history, the audit log and the job queue. */
const SCHOOL = ALL_TABLES.filter((t) => !["roster_imports", "audit_log", "jobs"].includes(t));

interface View {
  ok: boolean;
  changes: number;
  counts: Record<string, Record<string, number>>;
  problems: string[];
  warnings: string[];
  fingerprint: string;
}

describe("the portal's own export imported back into it", () => {
  it("previews no change, makes no second copy of the admin's terms, and applies changing nothing", async () => {
    await signInAs(DEMO_ADMIN.code);
    const download = await oneRosterRoute();
    expect(download.status).toBe(200);
    const zip = new Blob([await download.arrayBuffer()], { type: "application/zip" });
    const exported = (await buildOneRosterExport({ schoolName: "Demo", timeZone: TZ })).files;
    // The locked grades are in the file: the term holds graded work.
    const [locked] = await queryRows<{ n: number }>(sql`
      select count(*)::int as n from grades g join assignments a on a.id = g.assignment_id
      join school_terms t on t.title = 'Autumn' where (a.due_date at time zone ${TZ})::date between t.start_date and t.end_date`);
    expect(locked!.n).toBeGreaterThan(30);

    const before = await databaseChecksum(SCHOOL);
    const preview = (await (await post(previewRoute, { files: zip })).json()) as View;
    expect(preview.problems).toEqual([]);
    expect(preview.warnings).toEqual([]);
    for (const [entity, c] of Object.entries(preview.counts))
      expect({ entity, ...c }).toMatchObject({ entity, create: 0, update: 0, delete: 0, kept: 0 });
    expect(preview.counts.terms!.unchanged).toBe(2);
    expect(preview.changes).toBe(0);
    expect(preview.ok).toBe(true);

    const applied = await post(applyRoute, { files: zip, fingerprint: preview.fingerprint });
    const result = (await applied.text())
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as { type: string; applied?: boolean; changes?: number; problems?: string[] })
      .at(-1)!;
    expect(result).toMatchObject({ type: "result", applied: true, changes: 0, problems: [] });
    expect(await databaseChecksum(SCHOOL)).toEqual(before);
    const terms = await queryRows<{ title: string; sourced_id: string | null }>(
      sql`select title, sourced_id from school_terms order by start_date`,
    );
    expect(terms).toEqual([
      { title: "Autumn", sourced_id: null },
      { title: "Spring", sourced_id: null },
    ]);
    // And the school exports as the same files again.
    const again = (await buildOneRosterExport({ schoolName: "Demo", timeZone: TZ })).files;
    for (const f of Object.keys(exported) as (keyof typeof exported)[]) expect(again[f], f).toBe(exported[f]);
  });

  it("leaves an admin's term as it is when the file words it differently, and says so", async () => {
    const files = (await buildOneRosterExport({ schoolName: "Demo", timeZone: TZ })).files;
    const [spring] = await queryRows<{ id: number; end: string }>(
      sql`select id, end_date::text as end from school_terms where title = 'Spring'`,
    );
    const row = `portal-term-${spring!.id},`;
    expect(files["academicSessions.csv"]).toContain(row);
    const edited = files["academicSessions.csv"].replace(spring!.end, "2099-06-30");
    const before = await databaseChecksum(SCHOOL);
    const run = await previewRosterImport(zipUpload({ ...files, "academicSessions.csv": edited }), {
      actorId: null,
      source: "cli",
      timeZone: TZ,
    });
    expect(run.counts.terms).toMatchObject({ create: 0, update: 0, unchanged: 1, ignored: 1 });
    expect(run.warnings.map(formatProblem)).toEqual([
      expect.stringMatching(
        new RegExp(
          `^academicSessions\\.csv:\\d+: sourcedId — the term "portal-term-${spring!.id}" is the portal's own term "Spring", made on the admin page: an import does not change it`,
        ),
      ),
    ]);
    expect(run.changes).toBe(0);
    expect(await databaseChecksum(SCHOOL)).toEqual(before);
  });
});
