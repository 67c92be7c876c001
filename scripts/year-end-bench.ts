// npm run bench:year-end [-- --no-pglite]
// Issue 41's numbers: the year end of a school of 2,000 students (the generated school preset, 100
// classes, 40 assignments each, with a school year holding today and its two terms), timed:
//  - "close year": lib/years/close.ts closeYear, which concludes every class;
//  - "import next year": next year's OneRoster bulk set, made here in code (the next year and its
//    two terms as academic sessions; 1,750 of the students going on and 250 new ones; a new class
//    for each of this year's, same teacher, same students; 10,000 enrollments), applied as an
//    admin's import without a removal confirmation: it must leave the closed year alone and not
//    trip the removal guard.
// On PGlite (a temporary data folder) and, when DATABASE_URL is set, on PostgreSQL (a fresh
// database on that server, dropped afterwards).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { openPglite, openPostgres, queryRows, setDbHandle, type DbHandle } from "@/lib/db/client";
import { generatedYear, generateSchool, PRESETS } from "@/lib/db/generate-school";
import { runMigrations } from "@/lib/db/migrate";
import { nextYearFrom } from "@/lib/domain/school-years";
import { schoolTimeZone } from "@/lib/env";
import { applyRosterImport, formatGroup } from "@/lib/roster/import";
import {
  classRow,
  CLASSES_HEADER,
  csv,
  enrollmentRow,
  ENROLLMENTS_HEADER,
  looseUpload,
  manifest,
  SESSIONS_HEADER,
  userRow,
  USERS_HEADER,
} from "@/lib/roster/test-support";
import { closeYear } from "@/lib/years/close";
import { inFreshDatabase } from "./lib/bench-database";
import { dateInTimeZone } from "@/lib/domain/dates";

const BENCH_DB = "portal_year_end_bench";
const LEAVING = 250;
const JOINING = 250;

const seconds = (t0: number) => ((performance.now() - t0) / 1000).toFixed(2);

/** Next year's roster for the generated school, as OneRoster 1.1 bulk files. */
async function nextYearRoster(today: string): Promise<{ files: Record<string, string>; students: number }> {
  const year = generatedYear(today);
  const next = nextYearFrom(
    year,
    year.terms.map((t) => ({ ...t, type: "semester" })),
  );
  const [fall, spring] = next.terms;
  const people = await queryRows<{ id: number; username: string; name: string; role: string }>(
    sql`select id, username, name, role from users where role in ('student', 'instructor') order by id`,
  );
  const split = (name: string) => [name.slice(0, name.indexOf(" ")), name.slice(name.indexOf(" ") + 1)] as const;
  const staying = people.filter((p) => p.role === "instructor" || Number(p.username.replace(/\D/g, "")) > LEAVING);
  const users = staying.map((p) => {
    const [given, family] = split(p.name);
    const role = p.role === "instructor" ? "teacher" : "student";
    return userRow({ id: `u-${p.username}`, role, given, family, username: p.username });
  });
  for (let n = 1; n <= JOINING; n++)
    users.push(userRow({ id: `new-${n}`, role: "student", given: "New", family: `Student ${n}`, username: `new${n}` }));

  // Each class of this year gets a successor with the same teacher and students; joiners fill in
  // for leavers in the same places.
  const classes = await queryRows<{ code: string; name: string; teacher: string }>(
    sql`select l.code, l.name, t.username as teacher from levels l join users t on t.id = l.teacher_id order by l.code`,
  );
  const enrolled = await queryRows<{ code: string; username: string }>(
    sql`select e.level_code as code, u.username from student_enrollment e join users u on u.id = e.student_id order by e.id`,
  );
  const classRows = classes.map((c) =>
    classRow({ id: `c-${c.code}-next`, title: c.name, code: `${c.code}-N`, terms: "next-fall,next-spring" }),
  );
  const enrollments = classes.map((c) =>
    enrollmentRow({
      id: `t-${c.code}`,
      cls: `c-${c.code}-next`,
      user: `u-${c.teacher}`,
      role: "teacher",
      primary: "true",
    }),
  );
  for (const e of enrolled) {
    const n = Number(e.username.replace(/\D/g, ""));
    const user = n > LEAVING ? `u-${e.username}` : `new-${n}`;
    enrollments.push(enrollmentRow({ id: `e-${e.code}-${user}`, cls: `c-${e.code}-next`, user, role: "student" }));
  }
  const files = {
    "manifest.csv": manifest({ users: "bulk", classes: "bulk", enrollments: "bulk", academicSessions: "bulk" }),
    "academicSessions.csv": csv([
      SESSIONS_HEADER,
      ["next-year", "", "", next.title, "schoolYear", next.startDate, next.endDate, "", next.endDate.slice(0, 4)],
      ["next-fall", "", "", fall!.title, "semester", fall!.startDate, fall!.endDate, "next-year", ""],
      ["next-spring", "", "", spring!.title, "semester", spring!.startDate, spring!.endDate, "next-year", ""],
    ]),
    "users.csv": csv([USERS_HEADER, ...users]),
    "classes.csv": csv([CLASSES_HEADER, ...classRows]),
    "enrollments.csv": csv([ENROLLMENTS_HEADER, ...enrollments]),
  };
  return { files, students: staying.filter((p) => p.role === "student").length + JOINING };
}

async function measure(engine: string, handle: DbHandle): Promise<void> {
  setDbHandle(handle);
  await runMigrations(handle);
  const timeZone = schoolTimeZone();
  const today = dateInTimeZone(new Date(), timeZone);
  let t0 = performance.now();
  await generateSchool(handle.ownerDb, PRESETS.school, { timeZone, year: true, log: () => {} });
  console.log(`\n${engine}: school preset with its year generated in ${seconds(t0)} s`);
  const [admin] = await queryRows<{ id: number }>(sql`select id from users where role = 'admin' limit 1`);
  const [year] = await queryRows<{ id: number; title: string }>(sql`select id, title from school_years`);

  t0 = performance.now();
  const closed = await closeYear(year!.id, admin!.id);
  const closeSeconds = seconds(t0);
  if (!closed.ok) throw new Error("closing the year was refused");
  console.log(`  close year (${year!.title}, ${closed.data?.classes} classes)   ${closeSeconds} s`);

  const before = await queryRows<{ s: string }>(
    sql`select md5(string_agg(x::text, ',' order by x.id)) as s from student_enrollment x`,
  );
  const roster = await nextYearRoster(today);
  t0 = performance.now();
  const run = await applyRosterImport(looseUpload(roster.files, "next-year"), { actorId: admin!.id, source: "cli" });
  const importSeconds = seconds(t0);
  if (!run.ok)
    throw new Error(`the import was refused:\n${run.problemGroups.map(formatGroup).slice(0, 10).join("\n")}`);
  const after = await queryRows<{ s: string }>(
    sql`select md5(string_agg(x::text, ',' order by x.id)) as s from student_enrollment x
        where x.level_code in (select code from levels where year_id = ${year!.id})`,
  );
  console.log(
    `  import next year (${roster.students} students, ${run.counts.classes.create} classes, ${run.counts.enrollments.create} enrollments)   ${importSeconds} s`,
  );
  console.log(
    `  closed year's enrollments unchanged: ${before[0]!.s === after[0]!.s ? "yes" : "NO"}; removal guard: ${run.deletionGuard ? "tripped" : "not tripped"}`,
  );
  await handle.close();
}

if (!process.argv.includes("--no-pglite")) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "year-end-bench-"));
  try {
    await measure("PGlite", openPglite(dir));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
if (process.env.DATABASE_URL)
  await inFreshDatabase(process.env.DATABASE_URL, BENCH_DB, (url) => measure("PostgreSQL", openPostgres(url)));
process.exit(0);
