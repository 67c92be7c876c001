import "server-only";
import { sql } from "drizzle-orm";
import { dateInTimeZone, previousSchoolDays } from "@/lib/domain/dates";
import { sealPlaintextCodes } from "@/lib/auth/code-store";
import type { Db } from "./client";
import { FIRST_NAMES, LAST_NAMES } from "./demo-school";
import { hasAnyUser } from "./seed";
import { currentSchoolId } from "./school-scope";

// A large, realistic school for benchmarks (issue 8). Everything is set-based SQL run inside the
// database (INSERT … SELECT over generate_series), so 2,000 students take seconds, not minutes,
// and the same statements run on PGlite and PostgreSQL. "Random" choices come from hashtext() of
// the seed and the row's keys, so a seed and a day give the same school on every machine.

export interface SchoolShape {
  students: number;
  classes: number;
  /** Per class. */
  assignments: number;
  /** School days of attendance, ending yesterday. */
  days: number;
}

export const PRESETS = {
  tiny: { students: 120, classes: 10, assignments: 8, days: 20 },
  school: { students: 2_000, classes: 100, assignments: 40, days: 180 },
  district: { students: 20_000, classes: 1_000, assignments: 40, days: 180 },
  /** One school of issue 42's district (20 of them: 50,000 students, 1,000 teachers): `--schools 20`. */
  campus: { students: 2_500, classes: 250, assignments: 40, days: 180 },
} satisfies Record<string, SchoolShape>;
export type PresetName = keyof typeof PRESETS;

/** Predictable codes: generated schools are for benchmarks and tests, never for real people. */
export const GENERATED_CODES = {
  admin: "gen-admin",
  instructor: (n: number) => `gen-teach-${String(n).padStart(4, "0")}`,
  student: (n: number) => `gen-stu-${String(n).padStart(5, "0")}`,
  parent: (n: number) => `gen-parent-${String(n).padStart(5, "0")}`,
};

/** Students per period: one class in each of five periods, like a secondary timetable. */
const PERIODS = 5;
/** Four students in five families of their own: one family in five has two children here. */
const familyOf = (student: string) => `(((${student}) - 1) * 4 / 5 + 1)`;
const familyCount = (students: number) => Math.floor(((students - 1) * 4) / 5) + 1;

const SUBJECTS = [
  ["ALG", "Algebra"],
  ["GEO", "Geometry"],
  ["BIO", "Biology"],
  ["CHEM", "Chemistry"],
  ["PHYS", "Physics"],
  ["HIST", "World History"],
  ["ENG", "English Literature"],
  ["SPAN", "Spanish"],
  ["ART", "Studio Art"],
  ["MUS", "Music"],
  ["CS", "Computer Science"],
  ["ECON", "Economics"],
  ["GOV", "Government"],
  ["PE", "Physical Education"],
  ["STAT", "Statistics"],
  ["FR", "French"],
  ["PSY", "Psychology"],
  ["ENV", "Environmental Science"],
  ["DRAM", "Drama"],
  ["WRIT", "Creative Writing"],
] as const;

export interface GenerateResult {
  rows: Record<string, number>;
  ms: number;
  homeroom: string;
}

function int(n: number, name: string, min: number, max: number): number {
  if (!Number.isInteger(n) || n < min || n > max)
    throw new Error(`--${name} must be a whole number from ${min} to ${max}`);
  return n;
}

/** The triggers that keep level_stats and student_level_stats (drizzle/0007). */
const TOTALS_TRIGGERS = ["grades", "attendance"].flatMap((table) =>
  ["insert", "update", "delete"].map((op) => [table, `${table}_stats_${op}`] as const),
);

// The generator runs as the tables' owner (it switches triggers off), which row-level security
// does not hold: every statement that reads a school-scoped table names the school itself.
const here = "portal_school()";

const textArray = (items: readonly string[]) => `array[${items.map((s) => `'${s.replace(/'/g, "''")}'`).join(", ")}]`;

/**
 * Fills an empty database. Refuses one that already has users: mixing a generated school with
 * real people (or the demo) would hand out predictable codes in a live school. `db` is the owner's
 * (DbHandle.ownerDb): it switches the totals' triggers off and vacuums. The rows go to the current school.
 */
export async function generateSchool(
  db: Db,
  shape: SchoolShape,
  opts: {
    seed?: number;
    today?: string;
    timeZone?: string;
    log?: (line: string) => void;
    /** Also a school year holding today, with a fall and a spring term, that every class belongs to (issue 41). */
    year?: boolean;
    /**
     * A district: this many schools of the shape (issue 42). The first is the install's first school
     * with the codes GENERATED_CODES names; school k's usernames, codes and e-mails start with
     * `sKK-` and its class codes with `SKK`, since all of them are unique across the install.
     */
    schools?: number;
  } = {},
): Promise<GenerateResult> {
  const students = int(shape.students, "students", 1, 200_000);
  const classes = int(shape.classes, "classes", 1, 20_000);
  const perClass = int(shape.assignments, "assignments", 0, 500);
  const days = int(shape.days, "days", 0, 1_000);
  const seed = int(opts.seed ?? 2026, "seed", 0, 2_147_483_647);
  const schoolCount = int(opts.schools ?? 1, "schools", 1, 100);
  const log = opts.log ?? (() => {});
  if (await hasAnyUser(db))
    throw new Error(
      "The database already has users. db:generate only fills an empty database: point DATA_DIR or DATABASE_URL at a new one.",
    );

  const started = Date.now();
  const today = opts.today ?? dateInTimeZone(new Date(), opts.timeZone ?? "UTC");
  const schoolDays = previousSchoolDays(today, days);
  const instructors = Math.ceil(classes / 5);
  const periods = Math.min(PERIODS, classes);
  // A uniform number in [0, 1) from the seed and a row's keys.
  const r = (...keys: string[]) =>
    `((hashtext('${seed}:' || ${keys.join(" || ':' || ")})::bigint + 2147483648) / 4294967296.0)`;
  const pick = (array: string, n: number, ...keys: string[]) => `(${array})[1 + floor(${r(...keys)} * ${n})::int]`;
  const first = (...keys: string[]) => pick(textArray(FIRST_NAMES), FIRST_NAMES.length, ...keys);
  const last = (...keys: string[]) => pick(textArray(LAST_NAMES), LAST_NAMES.length, ...keys);
  const phone = (area: number, family: string) =>
    `'(${area}) ' || lpad(((${family}) / 10000)::text, 3, '0') || '-' || lpad(((${family}) % 10000)::text, 4, '0')`;

  const schoolSteps = (schoolId: number, k: number): [string, string][] => {
    const p = k === 1 ? "" : `s${String(k).padStart(2, "0")}-`;
    const c = k === 1 ? "" : `S${String(k).padStart(2, "0")}`;
    return [
      // The rows' school_id default reads it (decision 034).
      ["school", `select set_config('app.school_id', '${schoolId}', true)`],
      // The totals are rebuilt once at the end instead of following each bulk insert.
      ...TOTALS_TRIGGERS.map(([table, trigger]): [string, string] => [
        "pause totals",
        `alter table ${table} disable trigger ${trigger}`,
      ]),
      [
        "categories",
        `insert into grade_categories (name) values ('Homework'), ('Quiz'), ('Test'), ('Project') on conflict (school_id, name) do nothing`,
      ],
      [
        "admin",
        `insert into users (name, username, email, code, role) values ('Morgan Avery', '${p}gen.admin', '${p}admin@generated.school', '${p}${GENERATED_CODES.admin}', 'admin')`,
      ],
      [
        "instructors",
        `insert into users (name, username, email, code, role)
       select ${first("'t'", "i")} || ' ' || ${last("'tl'", "i")}, '${p}teacher' || lpad(i::text, 4, '0'), '${p}teacher' || i || '@generated.school', '${p}gen-teach-' || lpad(i::text, 4, '0'), 'instructor'
       from generate_series(1, ${instructors}) i`,
      ],
      [
        "parents",
        `insert into users (name, username, email, code, role, phone_number)
       select ${first("'p'", "f")} || ' ' || ${last("'f'", "f")}, '${p}parent' || lpad(f::text, 5, '0'), '${p}parent' || f || '@generated.school', '${p}gen-parent-' || lpad(f::text, 5, '0'), 'parent', ${phone(555, "f")}
       from generate_series(1, ${familyCount(students)}) f`,
      ],
      [
        "students",
        `insert into users (name, username, email, code, role, parent1_number, parent2_number, date_of_birth)
       select ${first("'s'", "i")} || ' ' || ${last("'f'", familyOf("i"))}, '${p}student' || lpad(i::text, 5, '0'), '${p}student' || i || '@generated.school', '${p}gen-stu-' || lpad(i::text, 5, '0'), 'student',
              ${phone(555, familyOf("i"))}, case when ${r("'p2'", familyOf("i"))} < 0.5 then ${phone(556, familyOf("i"))} end,
              date '2008-09-01' + floor(${r("'dob'", "i")} * 1460)::int
       from generate_series(1, ${students}) i`,
      ],
      [
        "map students",
        `create temp table gen_students on commit drop as select id, substring(username from ${8 + p.length})::int as i from users where role = 'student' and username like '${p}student%'`,
      ],
      [
        "map teachers",
        `create temp table gen_teachers on commit drop as select id, substring(username from ${8 + p.length})::int as i from users where role = 'instructor' and username like '${p}teacher%'`,
      ],
      [
        "classes",
        // Class c runs in period c % 5; a teacher's five classes (5t … 5t+4) sit in five different periods.
        `insert into levels (code, name, period, level, teacher_id)
       select '${c}' || s.abbr || '-P' || (c % ${periods} + 1) || '-' || lpad((c / ${periods} + 1)::text, 3, '0'), s.name, (c % ${periods} + 1)::text, 'Grade ' || (9 + (c / ${periods}) % 4), t.id
       from generate_series(0, ${classes - 1}) c
       join gen_teachers t on t.i = c / 5 + 1
       cross join lateral (select (${textArray(SUBJECTS.map((x) => x[0]))})[1 + (c / ${periods} * 7 + c % ${periods}) % ${SUBJECTS.length}] as abbr,
                                  (${textArray(SUBJECTS.map((x) => x[1]))})[1 + (c / ${periods} * 7 + c % ${periods}) % ${SUBJECTS.length}] as name) s`,
      ],
      ...(opts.year ? yearSteps(today) : []),
      [
        "map classes",
        `create temp table gen_classes on commit drop as
       select code, period::int - 1 as p, split_part(code, '-', 3)::int - 1 as g from levels where school_id = ${here}`,
      ],
      [
        "enrollments",
        // One class per period; g spreads students evenly over the period's classes and mixes them differently in each period.
        `insert into student_enrollment (student_id, level_code, enrolled_at)
       select s.id, c.code, timestamptz '${schoolDays[0] ?? today}' - interval '7 days' + s.i * interval '1 second'
       from gen_students s
       cross join generate_series(0, ${periods - 1}) p
       join (select p, count(*)::int as n from gen_classes group by p) pc on pc.p = p.p
       join gen_classes c on c.p = p.p and c.g = (s.i + (s.i / pc.n) * p.p + 7 * p.p) % pc.n`,
      ],
      [
        "school days",
        `create temp table gen_days on commit drop as
       select n::int, d::date from unnest(${schoolDays.length ? `array[${schoolDays.map((d) => `'${d}'`).join(",")}]::date[]` : "array[]::date[]"}) with ordinality as x(d, n)`,
      ],
      [
        "assignments",
        `insert into assignments (level_code, teacher_id, title, description, max_score, due_date, category_id, created_at)
       select l.code, l.teacher_id, cat.name || ' ' || k || ': ' || l.name, 'Complete the **' || lower(cat.name) || '** for week ' || (k + 1) / 2 || '. Show your working.',
              case cat.name when 'Homework' then 10 when 'Quiz' then 20 when 'Test' then 100 else 50 end,
              coalesce((select d from gen_days where n = greatest(1, (k * ${Math.max(days, 1)}) / ${Math.max(perClass, 1)})), date '${today}') + time '23:59',
              cat.id,
              coalesce((select d from gen_days where n = greatest(1, (k * ${Math.max(days, 1)}) / ${Math.max(perClass, 1)})), date '${today}') - 7
       from levels l
       cross join generate_series(1, ${perClass}) k
       join grade_categories cat on cat.school_id = ${here} and cat.name = (array['Homework', 'Homework', 'Quiz', 'Homework', 'Test', 'Project'])[1 + k % 6]
       where l.school_id = ${here}`,
      ],
      [
        "submissions",
        // 85 % hand work in, one in seven of them hands in again the next day.
        `insert into assignment_submissions (assignment_id, student_id, content, submitted_at)
       select a.id, e.student_id, 'My work for ' || a.title || case when v = 2 then ' (corrected)' else '' end,
              a.due_date - (${r("'sub'", "a.id", "e.student_id")} * 72) * interval '1 hour' + (v - 1) * interval '1 day'
       from assignments a
       join student_enrollment e on e.level_code = a.level_code
       cross join generate_series(1, 2) v
       where a.school_id = ${here} and ${r("'sub'", "a.id", "e.student_id")} < 0.85 and (v = 1 or ${r("'re'", "a.id", "e.student_id")} < 0.15)
       order by 4`,
      ],
      [
        "grades",
        // Each student has an ability; a score is ability plus noise, on the assignment's scale. ~90 % graded.
        `insert into grades (assignment_id, student_id, score, feedback, graded_at)
       select a.id, e.student_id,
              round(a.max_score * least(1, greatest(0, 0.5 + 0.48 * ${r("'ability'", "e.student_id")} + (${r("'noise'", "a.id", "e.student_id")} - 0.5) * 0.35))),
              case when ${r("'fb'", "a.id", "e.student_id")} < 0.2 then (array['Good work.', 'Check question 3 again.', 'Well argued.', 'See me about the method.'])[1 + floor(${r("'fbt'", "a.id", "e.student_id")} * 4)::int] end,
              a.due_date + interval '2 days'
       from assignments a
       join student_enrollment e on e.level_code = a.level_code
       where a.school_id = ${here} and ${r("'graded'", "a.id", "e.student_id")} < 0.9
       order by 5, 1`,
      ],
      [
        "attendance",
        // Taken in each student's period-1 (homeroom) class: one record per student per school day.
        // Most students are nearly always present; a few are often absent.
        `insert into attendance (student_id, level_code, date, status, created_at, updated_at)
       select e.student_id, e.level_code, d.d,
              case when x < 0.005 + 0.12 * power(${r("'absent'", "e.student_id")}, 4) then 'absent'
                   when x < 0.04 + 0.12 * power(${r("'absent'", "e.student_id")}, 4) then 'late'
                   when x < 0.05 + 0.12 * power(${r("'absent'", "e.student_id")}, 4) then 'excused'
                   else 'present' end,
              d.d + time '08:05', d.d + time '08:05'
       from student_enrollment e
       join gen_classes c on c.code = e.level_code and c.p = 0
       cross join gen_days d
       cross join lateral (select ${r("'att'", "e.student_id", "d.n")} as x) h
       order by d.d, e.level_code`,
      ],
      [
        "announcements",
        `insert into updates (level_code, teacher_id, title, content, created_at)
       select l.code, l.teacher_id, (array['Welcome back', 'Homework reminder', 'Quiz on Friday', 'Project groups', 'Field trip forms', 'Test results are out', 'Reading for next week', 'Office hours'])[1 + (k - 1) % 8],
              'Please read this before class. Bring your notebook and ask questions on **Wednesday**.',
              coalesce((select d from gen_days where n = greatest(1, (k * ${Math.max(days, 1)}) / 8)), date '${today}') + time '07:30'
       from levels l cross join generate_series(1, 8) k
       where l.school_id = ${here}`,
      ],
      [
        "responses",
        `insert into responses (update_id, student_id, title, content, created_at)
       select u.id, e.student_id, 'Question', 'Will this be on the test?', u.created_at + interval '3 hours'
       from updates u join student_enrollment e on e.level_code = u.level_code
       where u.school_id = ${here} and ${r("'resp'", "u.id", "e.student_id")} < 0.03`,
      ],
      ...TOTALS_TRIGGERS.map(([table, trigger]): [string, string] => [
        "resume totals",
        `alter table ${table} enable trigger ${trigger}`,
      ]),
    ];
  };

  const rows: Record<string, number> = {};
  const run = async (tx: Pick<Db, "execute">, [name, statement]: [string, string]) => {
    const t0 = Date.now();
    const res = (await tx.execute(sql.raw(statement))) as { rowCount?: number | null; affectedRows?: number };
    const n = res.affectedRows ?? res.rowCount ?? 0;
    const isTable =
      !name.startsWith("map") &&
      !["school", "school days", "pause totals", "class totals", "resume totals", "classes' year"].includes(name);
    if (isTable) rows[name] = (rows[name] ?? 0) + n;
    log(
      `  ${name.padEnd(14)} ${isTable ? `${String(n).padStart(9)} rows` : "".padStart(14)}  ${String(Date.now() - t0).padStart(6)} ms`,
    );
  };
  // The first school is the one the work runs in (the install's first, in a new install); a
  // district's others are made here. One transaction per school: its temporary tables end with it.
  const schoolIds = [currentSchoolId()];
  for (let k = 2; k <= schoolCount; k++) {
    const made = (await db.execute(
      sql`insert into schools (name) values (${`Generated School ${k}`}) returning id`,
    )) as { rows: { id: number }[] };
    schoolIds.push(Number(made.rows[0]!.id));
  }
  for (const [i, schoolId] of schoolIds.entries()) {
    if (schoolCount > 1) log(`School ${i + 1} of ${schoolCount} (id ${schoolId}):`);
    await db.transaction(async (tx) => {
      for (const step of schoolSteps(schoolId, i + 1)) await run(tx, step);
    });
  }
  let homeroom = "";
  await db.transaction(async (tx) => {
    await run(tx, ["class totals", `select rebuild_level_stats()`]);
    // The users above were written with plaintext codes into the inbox column: sealed before commit (decision 019).
    const t0 = Date.now();
    await sealPlaintextCodes(tx);
    log(`  ${"seal codes".padEnd(14)} ${"".padStart(14)}  ${String(Date.now() - t0).padStart(6)} ms`);
    const homes = (await tx.execute(
      sql`select code from levels where period = '1' and school_id = ${schoolIds[0]!} order by code limit 1`,
    )) as { rows: { code: string }[] };
    homeroom = homes.rows[0]?.code ?? "";
  });
  // Rows are inserted in the order real work arrives (per assignment, per day), so the planner's
  // correlation figures match a school's. Fresh statistics and visibility map, so it plans for a
  // big school and can answer from indexes alone.
  const t0 = Date.now();
  await db.execute(sql`vacuum analyze`);
  log(`  ${"vacuum analyze".padEnd(14)} ${"".padStart(9)}       ${String(Date.now() - t0).padStart(6)} ms`);
  return { rows, ms: Date.now() - started, homeroom };
}

/**
 * A school year holding today (15 August to 31 July, titled by its two calendar years) with a fall
 * and a spring term, and every class in it: what a school that has run a year looks like.
 */
export function generatedYear(today: string): {
  title: string;
  startDate: string;
  endDate: string;
  terms: { title: string; startDate: string; endDate: string }[];
} {
  const y = Number(today.slice(0, 4)) - (today.slice(5) < "08-15" ? 1 : 0);
  return {
    title: `${y}–${y + 1}`,
    startDate: `${y}-08-15`,
    endDate: `${y + 1}-07-31`,
    terms: [
      { title: "Fall", startDate: `${y}-08-15`, endDate: `${y}-12-20` },
      { title: "Spring", startDate: `${y + 1}-01-05`, endDate: `${y + 1}-07-31` },
    ],
  };
}

function yearSteps(today: string): [string, string][] {
  const year = generatedYear(today);
  return [
    [
      "school year",
      `insert into school_years (title, start_date, end_date) values ('${year.title}', '${year.startDate}', '${year.endDate}')`,
    ],
    [
      "terms",
      `insert into school_terms (title, type, start_date, end_date, year_id)
       select t.title, 'semester', t.s::date, t.e::date, (select max(id) from school_years where school_id = ${here})
       from (values ${year.terms.map((t) => `('${t.title}', '${t.startDate}', '${t.endDate}')`).join(", ")}) as t(title, s, e)`,
    ],
    [
      "classes' year",
      `update levels set year_id = (select max(id) from school_years where school_id = ${here})
       where school_id = ${here}`,
    ],
  ];
}
