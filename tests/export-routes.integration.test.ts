import { parse } from "csv-parse/sync";
import { codeHash } from "@/lib/auth/code-store";
import { sql } from "drizzle-orm";
import { strFromU8, unzipSync } from "fflate";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as attendanceRoute } from "@/app/level/[levelCode]/export/attendance/route";
import { GET as gradebookRoute } from "@/app/level/[levelCode]/export/gradebook/route";
import { GET as oneRosterRoute } from "@/app/admin/export/oneroster/route";
import { db, queryRows } from "@/lib/db/client";
import { DEMO_ADMIN, DEMO_INSTRUCTORS, DEMO_STUDENTS } from "@/lib/db/demo-school";
import { countQueries } from "@/lib/db/query-stats";
import { assignments, grades, levels, studentEnrollment, users } from "@/lib/db/schema";
import { teacherLetter } from "@/lib/domain/grades";
import { sumScores } from "@/lib/domain/percent";
import { attendanceCsv } from "@/lib/export/attendance";
import { gradebookCsv } from "@/lib/export/gradebook";
import { loadClassTermGrades } from "@/lib/gradebook/class-term-grades";
import { buildOneRosterExport } from "@/lib/export/oneroster";
import { ONEROSTER_HEADERS, type OneRosterFile as OneRosterFileName } from "@/lib/export/oneroster-format";
import { cookieJar } from "./support/request-context";
import { LOCALE_COOKIE } from "@/lib/i18n/request-locale";
import { createClassOfSize, databaseChecksum, seedDemo, storedCodes } from "./support/fixtures";
import { signInAs } from "./support/session";
import { useTestDatabase } from "./support/test-db";

// Exports (issue 18 §3): the gradebook and attendance CSVs of a class (its own instructor and
// admins), and the school's OneRoster zip (admins). Refusals carry no data and change nothing.

useTestDatabase();

const BIO = "BIO-P2"; // David Chen's (DEMO_INSTRUCTORS[1])
const ALG = "ALG1-P1"; // Elena Rivera's
const BOM = "\uFEFF";

beforeAll(async () => {
  await seedDemo();
});

const ctx = (levelCode: string) => ({ params: Promise.resolve({ levelCode }) });
const gradebook = (code: string) =>
  gradebookRoute(new Request(`http://localhost/level/${code}/export/gradebook`), ctx(code));
const attendance = (code: string, query: string) =>
  attendanceRoute(new Request(`http://localhost/level/${code}/export/attendance?${query}`), ctx(code));
const oneRoster = () => oneRosterRoute();
const rowsOf = (csv: string) => parse(csv, { bom: true, relax_column_count: true });
const days = async (code: string) =>
  (
    await queryRows<{ first: string; last: string }>(
      sql`select min(date)::text as first, max(date)::text as last from attendance where level_code = ${code}`,
    )
  )[0]!;

/** The body as text, after checking it starts with the UTF-8 BOM (Response.text() would drop it). */
async function textWithBom(res: Response): Promise<string> {
  const bytes = new Uint8Array(await res.arrayBuffer());
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  return new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
}

function expectDownload(res: Response, type: RegExp, name: RegExp) {
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toMatch(type);
  expect(res.headers.get("content-disposition")).toMatch(new RegExp(`^attachment; filename="${name.source}"$`));
  expect(res.headers.get("cache-control")).toBe("no-store");
}

describe("gradebook CSV", () => {
  it("is laid out like Canvas's, with the calculator's points, percent and letter for every student", async () => {
    await signInAs(DEMO_INSTRUCTORS[1].code);
    const res = await gradebook(BIO);
    expectDownload(res, /^text\/csv; charset=utf-8$/, /gradebook-BIO-P2-whole-year-\d{4}-\d{2}-\d{2}\.csv/);
    const text = await textWithBom(res);
    expect(text.startsWith(BOM)).toBe(true);
    expect(text.slice(1).split("\r\n").length).toBeGreaterThan(3);
    expect(text.replace(/"[^"]*"/g, "").replace(/\r\n/g, "")).not.toContain("\n");

    const rows = rowsOf(text);
    const [header, possibleRow, ...students] = rows;
    const assignmentRows = await db()
      .select({ id: assignments.id, title: assignments.title, maxScore: assignments.maxScore })
      .from(assignments)
      .where(sql`level_code = ${BIO}`);
    expect(header!.slice(0, 3)).toEqual(["Student", "Username", "SIS ID"]);
    expect(header!.slice(-5)).toEqual(["Counted Points", "Points Possible", "Percent", "Letter", "Overridden"]);
    const assignmentHeaders = header!.filter((h) => / \(\d+\)$/.test(h));
    expect(assignmentHeaders.sort()).toEqual(assignmentRows.map((a) => `${a.title} (${a.id})`).sort());
    expect(possibleRow![0]).toBe("Points Possible");
    expect(Number(possibleRow![header!.length - 4])).toBe(assignmentRows.reduce((s, a) => s + a.maxScore, 0));

    // The same figures as the Summary and the grid: the one calculator's (lib/gradebook).
    const { rows: grades } = await loadClassTermGrades(BIO, null, "UTC");
    expect(students.map((r) => r[0])).toEqual(grades.map((g) => g.name));
    for (const [i, g] of grades.entries()) {
      const row = students[i]!;
      expect(row.slice(-5, -1), g.name).toEqual([
        g.view.points?.earned ? String(Number(g.view.points.earned)) : "",
        g.view.points?.possible ? String(Number(g.view.points.possible)) : "",
        g.view.empty ? "" : String(g.view.percent),
        g.view.empty ? "" : teacherLetter(g.view.percent),
      ]);
    }
  });

  it("neutralises formulas in names and titles but keeps scores as numbers", async () => {
    const [teacher] = await db()
      .select({ id: users.id })
      .from(users)
      .where(sql`code_hash = ${codeHash(DEMO_INSTRUCTORS[1].code)}`);
    await db().insert(levels).values({ code: "INJ-1", name: "Injection", teacherId: teacher!.id });
    const [s] = await db()
      .insert(users)
      .values({ name: '=HYPERLINK("http://evil.example","x")', username: "@evil", role: "student" })
      .returning({ id: users.id });
    await db().insert(studentEnrollment).values({ studentId: s!.id, levelCode: "INJ-1" });
    const [a] = await db()
      .insert(assignments)
      .values({ levelCode: "INJ-1", title: "+cmd|' /C calc'!A0", description: "d", maxScore: 10 })
      .returning({ id: assignments.id });
    await db().insert(grades).values({ assignmentId: a!.id, studentId: s!.id, score: 7.5 });
    await signInAs(DEMO_INSTRUCTORS[1].code);
    const rows = rowsOf(await (await gradebook("INJ-1")).text());
    expect(rows[0]![3]).toBe(`'+cmd|' /C calc'!A0 (${a!.id})`);
    expect(rows[2]!.slice(0, 2)).toEqual(['\'=HYPERLINK("http://evil.example","x")', "'@evil"]);
    // The score, the "Other" category's percent, then the calculator's totals.
    expect(rows[2]!.slice(3)).toEqual(["7.5", "75", "7.5", "10", "75", "C", ""]);
  });

  it("takes a constant number of statements whatever the class size", async () => {
    await createClassOfSize("SIZE-30", 30, 5);
    await createClassOfSize("SIZE-300", 300, 5);
    const small = await countQueries(() => gradebookCsv("SIZE-30", null, "UTC"));
    const large = await countQueries(() => gradebookCsv("SIZE-300", null, "UTC"));
    expect(large.count).toBe(small.count);
    expect(small.count).toBeLessThanOrEqual(3);
    expect(rowsOf(large.result.csv)).toHaveLength(302);
  });
});

describe("attendance CSV", () => {
  it("is one row per student per day with a record, for the range asked", async () => {
    const { first, last } = await days(BIO);
    await signInAs(DEMO_ADMIN.code);
    const res = await attendance(BIO, `from=${first}&to=${last}`);
    expectDownload(res, /^text\/csv; charset=utf-8$/, new RegExp(`attendance-BIO-P2-${first}-to-${last}\\.csv`));
    const text = await textWithBom(res);
    expect(text.startsWith(BOM)).toBe(true);
    const [header, ...rows] = rowsOf(text);
    expect(header).toEqual(["Student", "Username", "SIS ID", "Class", "Date", "Status"]);
    const [{ n }] = (await queryRows<{ n: number }>(
      sql`select count(*)::int as n from attendance where level_code = ${BIO}`,
    )) as [{ n: number }];
    expect(rows).toHaveLength(n);
    for (const r of rows) {
      expect(r[3]).toBe(BIO);
      expect(["present", "absent", "late", "excused"]).toContain(r[5]);
    }
    const pairs = new Set(rows.map((r) => `${r[1]}|${r[4]}`));
    expect(pairs.size).toBe(rows.length);
    // Sorted by date, then name.
    expect(rows.map((r) => r[4])).toEqual([...rows.map((r) => r[4]!)].sort());

    // One day only: exactly that day's records.
    const one = rowsOf(await (await attendance(BIO, `from=${last}&to=${last}`)).text()).slice(1);
    const [{ m }] = (await queryRows<{ m: number }>(
      sql`select count(*)::int as m from attendance where level_code = ${BIO} and date = ${last}::date`,
    )) as [{ m: number }];
    expect(one).toHaveLength(m);
    expect(new Set(one.map((r) => r[4]))).toEqual(new Set([last]));
    // Before any record: just the header.
    expect(rowsOf(await (await attendance(BIO, "from=2001-01-01&to=2001-12-31")).text())).toHaveLength(1);
  });

  it("answers a clear 400 for a bad range, after checking who asks", async () => {
    await signInAs(DEMO_INSTRUCTORS[1].code);
    for (const [query, message] of [
      ["to=2026-01-31", "Give from= as a date like 2026-01-31."],
      ["from=2026-13-01&to=2026-12-31", "from is not a calendar date."],
      ["from=2026-02-01&to=2026-01-01", "from must be on or before to."],
      ["from=2020-01-01&to=2026-01-01", "The range is longer than 400 days: export it in parts."],
    ] as const) {
      const res = await attendance(BIO, query);
      expect(res.status, query).toBe(400);
      expect(await res.text()).toBe(`${message}\n`);
    }
    // In the reader's language: the parameters' names stay as the address writes them.
    cookieJar.set(LOCALE_COOKIE, "es");
    expect(await (await attendance(BIO, "from=2020-01-01&to=2026-01-01")).text()).toBe(
      "El intervalo tiene más de 400 días: expórtelo por partes.\n",
    );
    cookieJar.clear();
    expect((await attendance(BIO, "to=nonsense")).status).toBe(401);
  });

  it("takes a constant number of statements whatever the class size", async () => {
    const small = await countQueries(() => attendanceCsv("SIZE-30", "2026-01-01", "2026-03-01"));
    const large = await countQueries(() => attendanceCsv("SIZE-300", "2026-01-01", "2026-03-01"));
    expect(large.count).toBe(small.count);
    expect(large.result.rows).toBe(3000);
  });
});

describe("who may export", () => {
  const CALLERS = [
    { who: "anonymous", code: null, status: 401 },
    { who: "student enrolled", code: DEMO_STUDENTS[0]!.code, status: 403 },
    { who: "parent", code: "parent-kim", status: 403 },
    { who: "instructor not owning the class", code: DEMO_INSTRUCTORS[0].code, status: 403 },
  ] as const;

  it("refuses the class exports to everyone but the class's instructor and admins, with no data", async () => {
    const { first, last } = await days(BIO);
    const before = await databaseChecksum();
    for (const c of CALLERS) {
      if (c.code) await signInAs(c.code);
      else cookieJar.clear();
      for (const res of [await gradebook(BIO), await attendance(BIO, `from=${first}&to=${last}`)]) {
        expect(res.status, c.who).toBe(c.status);
        expect(res.headers.get("content-disposition")).toBeNull();
        const body = await res.text();
        expect(body).not.toMatch(/Total Points|Status|present|absent/);
        expect(body.length).toBeLessThan(200);
      }
    }
    expect(await databaseChecksum()).toEqual(before);
  });

  it("lets a teacher export their own classes and not another teacher's; admins any", async () => {
    await signInAs(DEMO_INSTRUCTORS[1].code);
    expect((await gradebook(BIO)).status).toBe(200);
    expect((await gradebook(ALG)).status).toBe(403);
    expect((await attendance(ALG, "from=2026-01-01&to=2026-01-31")).status).toBe(403);
    await signInAs(DEMO_INSTRUCTORS[0].code);
    expect((await gradebook(ALG)).status).toBe(200);
    expect((await gradebook(BIO)).status).toBe(403);
    await signInAs(DEMO_ADMIN.code);
    expect((await gradebook(ALG)).status).toBe(200);
    expect((await gradebook(BIO)).status).toBe(200);
    expect((await gradebook("NOPE")).status).toBe(404);
  });

  it("refuses the OneRoster export to everyone but admins", async () => {
    const before = await databaseChecksum();
    for (const c of [...CALLERS, { who: "instructor owning a class", code: DEMO_INSTRUCTORS[1].code, status: 403 }]) {
      if (c.code) await signInAs(c.code);
      else cookieJar.clear();
      const res = await oneRoster();
      expect(res.status, c.who).toBe(c.status);
      expect(res.headers.get("content-type")).toMatch(/^text\/plain/);
      expect(res.headers.get("content-disposition")).toBeNull();
    }
    expect(await databaseChecksum()).toEqual(before);
  });
});

describe("OneRoster export", () => {
  it("is a zip of every 1.1 file with the binding's headers, and no access code anywhere", async () => {
    await signInAs(DEMO_ADMIN.code);
    const res = await oneRoster();
    expectDownload(res, /^application\/zip$/, /oneroster-\d{4}-\d{2}-\d{2}\.zip/);
    const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
    const names = Object.keys(files);
    expect(names[0]).toBe("manifest.csv");
    expect(names.sort()).toEqual(["manifest.csv", ...Object.keys(ONEROSTER_HEADERS)].sort());
    const text = Object.fromEntries(names.map((n) => [n, strFromU8(files[n]!)]));
    for (const [name, header] of Object.entries(ONEROSTER_HEADERS)) {
      expect(text[name]!.charCodeAt(0), name).not.toBe(0xfeff);
      expect(text[name]!.split("\r\n")[0], name).toBe(header.join(","));
    }
    const manifest = Object.fromEntries(
      rowsOf(text["manifest.csv"]!)
        .slice(1)
        .map(([k, v]) => [String(k), v] as const),
    );
    expect(manifest).toMatchObject({
      "manifest.version": "1.0",
      "oneroster.version": "1.1",
      "file.users": "bulk",
      "file.results": "bulk",
      "file.lineItems": "bulk",
      "file.classResources": "absent",
    });

    // No access code in any file, and the password column is empty.
    const codes = await storedCodes();
    expect(codes.length).toBeGreaterThan(30);
    const all = Object.values(text).join("\n").toLowerCase();
    for (const code of codes) expect(all.includes(code), code).toBe(false);
    const usersCsv = parse<Record<string, string>>(text["users.csv"]!, { columns: true });
    expect(usersCsv.every((u) => u.password === "")).toBe(true);

    // Every person, with OneRoster's role words and the guardians on the students.
    const [{ n }] = (await queryRows<{ n: number }>(sql`select count(*)::int as n from users`)) as [{ n: number }];
    expect(usersCsv).toHaveLength(n);
    const byUsername = new Map(usersCsv.map((u) => [u.username, u]));
    expect(byUsername.get("admin")!.role).toBe("administrator");
    expect(new Set(usersCsv.map((u) => u.role))).toEqual(new Set(["administrator", "teacher", "student", "guardian"])); // phone links say 'guardian'
    const ava = usersCsv.find((u) => `${u.givenName} ${u.familyName}` === DEMO_STUDENTS[0]!.name)!;
    const grace = usersCsv.find((u) => `${u.givenName} ${u.familyName}` === "Grace Johnson")!;
    expect(ava.agentSourcedIds!.split(",")).toContain(grace.sourcedId);

    // Classes carry the level code, period and level; the primary teacher enrollment the teacher.
    const classes = parse<Record<string, string>>(text["classes.csv"]!, { columns: true });
    const bio = classes.find((c) => c.classCode === BIO)!;
    const [bioLevel] = await db()
      .select()
      .from(levels)
      .where(sql`code = ${BIO}`);
    expect(bio).toMatchObject({
      title: bioLevel!.name,
      periods: bioLevel!.period ?? "",
      grades: bioLevel!.level ?? "",
      classType: "scheduled",
    });
    const enrollments = parse<Record<string, string>>(text["enrollments.csv"]!, { columns: true });
    const chen = byUsername.get(DEMO_INSTRUCTORS[1].username)!;
    expect(enrollments.filter((e) => e.classSourcedId === bio.sourcedId && e.role === "teacher")).toEqual([
      expect.objectContaining({ userSourcedId: chen.sourcedId, primary: "true" }),
    ]);
    const [{ e }] = (await queryRows<{ e: number }>(
      sql`select count(*)::int as e from student_enrollment where level_code = ${BIO}`,
    )) as [{ e: number }];
    expect(enrollments.filter((x) => x.classSourcedId === bio.sourcedId && x.role === "student")).toHaveLength(e);

    // Every grade is a fully graded result of its line item, with the score as stored.
    const results = parse<Record<string, string>>(text["results.csv"]!, { columns: true });
    const [{ g }] = (await queryRows<{ g: number }>(sql`select count(*)::int as g from grades`)) as [{ g: number }];
    expect(results).toHaveLength(g);
    expect(new Set(results.map((r) => r.scoreStatus))).toEqual(new Set(["fully graded"]));
    const lineItems = parse<Record<string, string>>(text["lineItems.csv"]!, { columns: true });
    const lineItemIds = new Set(lineItems.map((l) => l.sourcedId));
    const userIds = new Set(usersCsv.map((u) => u.sourcedId));
    for (const r of results) {
      expect(lineItemIds.has(r.lineItemSourcedId)).toBe(true);
      expect(userIds.has(r.studentSourcedId)).toBe(true);
      expect(r.scoreDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
    const [{ f }] = (await queryRows<{ f: number }>(
      sql`select count(*)::int as f from grades where feedback <> ''`,
    )) as [{ f: number }];
    expect(f).toBeGreaterThan(0);
    expect(results.filter((r) => r.comment !== "")).toHaveLength(f);
    const [{ total }] = (await queryRows<{ total: string }>(sql`select sum(score)::text as total from grades`)) as [
      { total: string },
    ];
    expect(sumScores(results.map((r) => Number(r.score)))).toBe(Number(total));
    // References resolve: every class's course and term, every enrollment's class and user.
    const courses = new Set(
      parse<Record<string, string>>(text["courses.csv"]!, { columns: true }).map((c) => c.sourcedId),
    );
    const sessions = new Set(
      parse<Record<string, string>>(text["academicSessions.csv"]!, { columns: true }).map((s) => s.sourcedId),
    );
    for (const c of classes) {
      expect(courses.has(c.courseSourcedId)).toBe(true);
      for (const t of c.termSourcedIds!.split(",")) expect(sessions.has(t)).toBe(true);
    }
    const classIds = new Set(classes.map((c) => c.sourcedId));
    for (const x of enrollments) expect(classIds.has(x.classSourcedId) && userIds.has(x.userSourcedId)).toBe(true);
    // Bulk files leave status and dateLastModified empty.
    expect(usersCsv.every((u) => u.status === "" && u.dateLastModified === "")).toBe(true);
  });

  it("takes a constant number of statements whatever the school's size", async () => {
    const before = await countQueries(() => buildOneRosterExport({ schoolName: "Test", timeZone: "UTC" }));
    await createClassOfSize("SIZE-900", 900, 6, 2);
    const after = await countQueries(() => buildOneRosterExport({ schoolName: "Test", timeZone: "UTC" }));
    expect(after.count).toBe(before.count);
    expect(after.result.counts["users.csv"]).toBe(before.result.counts["users.csv"] + 900);
    // Results are written in batches of 5,000 rows: every grade once, the header once.
    const [{ g }] = (await queryRows<{ g: number }>(sql`select count(*)::int as g from grades`)) as [{ g: number }];
    expect(g).toBeGreaterThan(5_000);
    const results = parse<Record<string, string>>(after.result.files["results.csv"], { columns: true });
    expect(results).toHaveLength(g);
    expect(new Set(results.map((r) => r.sourcedId)).size).toBe(g);
  });

  it("keeps the sourcedIds and terms the import stored, and leaves out what the roster deleted", async () => {
    const ava = DEMO_STUDENTS[0]!;
    await db().execute(sql`update users set sourced_id = 'sis-ava' where code_hash = ${codeHash(ava.code)}`);
    await db().execute(
      sql`update levels set sourced_id = 'sis-bio', teacher_enrollment_sourced_id = 'sis-bio-teacher' where code = ${BIO}`,
    );
    await db().execute(
      sql`update student_enrollment set sourced_id = 'sis-enr-ava-bio' where level_code = ${BIO} and student_id = (select id from users where code_hash = ${codeHash(ava.code)})`,
    );
    await db()
      .execute(sql`insert into school_terms (sourced_id, title, type, start_date, end_date, parent_sourced_id, school_year) values
      ('sy-2040', '2039-2040', 'schoolYear', '2000-01-01', '2040-06-30', null, 2040),
      ('s1-2040', 'Fall', 'semester', '2000-01-01', '2039-12-31', 'sy-2040', 2040)`);
    const [gone] = await db()
      .insert(users)
      .values({
        name: "Gone Person",
        username: "gone.person",
        role: "student",
        sourcedId: "sis-gone",
        rosterDeletedAt: new Date(),
      })
      .returning({ id: users.id });
    await db().insert(studentEnrollment).values({ studentId: gone!.id, levelCode: BIO });

    const { files } = await buildOneRosterExport({ schoolName: "Test", timeZone: "UTC" });
    const table = (name: OneRosterFileName) => parse<Record<string, string>>(files[name], { columns: true });
    const people = table("users.csv");
    expect(people.find((u) => u.username === ava.username)!.sourcedId).toBe("sis-ava");
    expect(people.some((u) => u.username === "gone.person")).toBe(false);
    expect(files["enrollments.csv"]).not.toContain("sis-gone");
    const bio = table("classes.csv").find((c) => c.classCode === BIO)!;
    expect(bio).toMatchObject({ sourcedId: "sis-bio", termSourcedIds: "sy-2040" });
    const enrollments = table("enrollments.csv").filter((e) => e.classSourcedId === "sis-bio");
    expect(enrollments.find((e) => e.role === "teacher")!.sourcedId).toBe("sis-bio-teacher");
    expect(enrollments.find((e) => e.userSourcedId === "sis-ava")!.sourcedId).toBe("sis-enr-ava-bio");
    expect(table("academicSessions.csv").map((s) => [s.sourcedId, s.type, s.parentSourcedId, s.schoolYear])).toEqual([
      ["sy-2040", "schoolYear", "", "2040"],
      ["s1-2040", "semester", "sy-2040", "2040"],
    ]);
    // A line item's grading period is the shortest term holding its due date.
    for (const l of table("lineItems.csv"))
      expect(l.gradingPeriodSourcedId).toBe(l.dueDate && l.dueDate.slice(0, 10) > "2039-12-31" ? "sy-2040" : "s1-2040");

    // The gradebook's SIS ID column is the same sourcedId.
    await signInAs(DEMO_ADMIN.code);
    const rows = rowsOf(await textWithBom(await gradebook(BIO)));
    expect(rows.find((r) => r[1] === ava.username)![2]).toBe("sis-ava");
  });
});
