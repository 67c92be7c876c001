// A generated school inside a school year (issue 41), for the tests that close years and start
// new ones: lib/db/generate-school's people, classes, work, grades and attendance, dated inside
// one year of two terms, the classes and terms given that year's id, then a few records the
// generator does not make (E/M/L marks, an override, comments, category weights).
import { sql } from "drizzle-orm";
import { codeColumns } from "@/lib/auth/code-store";
import { db, dbHandle, queryRows } from "@/lib/db/client";
import { generateSchool, GENERATED_CODES } from "@/lib/db/generate-school";
import { users } from "@/lib/db/schema";

const DAY_MS = 86_400_000;
/** YYYY-MM-DD, `offset` days from now (UTC, the tests' school time zone). */
export const dayFromNow = (offset: number) => new Date(Date.now() + offset * DAY_MS).toISOString().slice(0, 10);
const yearOf = (day: string) => Number(day.slice(0, 4));

export interface Term {
  id: number;
  title: string;
  start: string;
  end: string;
}

export interface GeneratedYear {
  id: number;
  title: string;
  start: string;
  end: string;
  /** The first term (its work is graded), the second (work of the last generated weeks). */
  terms: [Term, Term];
  classes: string[];
}

/** A school year row with its terms, one after the other inside it, from `start` to `end`. */
export async function insertYear(
  title: string,
  start: string,
  end: string,
  termTitles: [string, string],
  split: string,
): Promise<{ id: number; terms: [Term, Term] }> {
  const [year] = await queryRows<{ id: number }>(
    sql`insert into school_years (title, start_date, end_date) values (${title}, ${start}, ${end}) returning id`,
  );
  const id = Number(year!.id);
  const afterSplit = new Date(Date.parse(`${split}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
  const terms = await queryRows<Term>(
    sql`insert into school_terms (title, type, start_date, end_date, year_id) values
          (${termTitles[0]}, 'term', ${start}, ${split}, ${id}), (${termTitles[1]}, 'term', ${afterSplit}, ${end}, ${id})
        returning id, title, start_date::text as start, end_date::text as "end"`,
  );
  const sorted = terms.map((t) => ({ ...t, id: Number(t.id) })).sort((a, b) => a.start.localeCompare(b.start));
  return { id, terms: [sorted[0]!, sorted[1]!] };
}

/**
 * Year 1, in the past: from 560 to 200 days ago, its first term ending 250 days ago. The generated
 * school's 40 school days end 220 days ago, so its work falls in both terms.
 */
export async function generateYearOne(): Promise<GeneratedYear> {
  const start = dayFromNow(-560);
  const end = dayFromNow(-200);
  const split = dayFromNow(-250);
  await generateSchool(
    dbHandle().ownerDb,
    { students: 36, classes: 5, assignments: 8, days: 40 },
    { seed: 41, today: dayFromNow(-220), timeZone: "UTC" },
  );
  const title = `${yearOf(start)}–${yearOf(end)}`;
  const { id, terms } = await insertYear(title, start, end, ["Autumn", "Spring"], split);
  await queryRows(sql`update levels set year_id = ${id}`);
  const classes = (await queryRows<{ code: string }>(sql`select code from levels order by code`)).map((r) => r.code);
  await addRecordsBeyondTheGenerator(classes, terms);
  return { id, title, start, end, terms, classes };
}

/** Marks, an override, comments and category weights: every table a report card reads has rows. */
async function addRecordsBeyondTheGenerator(classes: readonly string[], [autumn, spring]: [Term, Term]) {
  await queryRows(sql`
    insert into grade_marks (assignment_id, student_id, late, excused)
    select g.assignment_id, g.student_id, (g.student_id + g.assignment_id) % 7 = 0, (g.student_id + g.assignment_id) % 11 = 0
    from grades g where (g.student_id + g.assignment_id) % 7 = 0 or (g.student_id + g.assignment_id) % 11 = 0`);
  for (const term of [autumn, spring])
    await queryRows(sql`
      insert into term_comments (level_code, student_id, term_id, comment, teacher_id)
      select e.level_code, e.student_id, ${term.id}, 'Works steadily in ' || ${term.title} || '.', l.teacher_id
      from student_enrollment e join levels l on l.code = e.level_code where e.student_id % 3 = 0`);
  await queryRows(sql`
    insert into term_grade_overrides (level_code, student_id, term_id, percent, reason)
    select e.level_code, min(e.student_id), ${autumn.id}, 91.5, 'Retook the test' from student_enrollment e
    where e.level_code = ${classes[0]!} group by e.level_code`);
  await queryRows(sql`update levels set grading_mode = 'weighted' where code = ${classes[0]!}`);
  await queryRows(sql`
    insert into level_category_weights (level_code, category_id, weight, drop_lowest)
    select ${classes[0]!}, c.id, case c.name when 'Test' then 5000 when 'Quiz' then 2500 when 'Homework' then 1500 else 1000 end,
           case c.name when 'Homework' then 1 else 0 end
    from grade_categories c`);
}

/** Signs-in codes of the generated school (lib/db/generate-school GENERATED_CODES). */
export const CODES = GENERATED_CODES;

/** The instructor code of a generated class's teacher. */
export async function teacherCodeOf(levelCode: string): Promise<string> {
  const [t] = await queryRows<{ username: string }>(
    sql`select u.username from levels l join users u on u.id = l.teacher_id where l.code = ${levelCode}`,
  );
  return CODES.instructor(Number(t!.username.slice("teacher".length)));
}

/** An enrolled student of the class, with their sign-in code. */
export async function studentOf(levelCode: string, nth = 0): Promise<{ id: number; code: string }> {
  const [s] = await queryRows<{ id: number; username: string }>(
    sql`select u.id, u.username from student_enrollment e join users u on u.id = e.student_id
        where e.level_code = ${levelCode} order by u.id offset ${nth} limit 1`,
  );
  return { id: Number(s!.id), code: CODES.student(Number(s!.username.slice("student".length))) };
}

/** A new student account (not enrolled anywhere) with a code. */
export async function newStudent(name: string, username: string, code: string): Promise<number> {
  const [u] = await db()
    .insert(users)
    .values({ name, username, role: "student", ...codeColumns(code) })
    .returning({ id: users.id });
  return u!.id;
}

/**
 * Every row of one class, table by table, as an md5 of its rows' text in a fixed order: what
 * "its records stay byte-identical" is measured on. Each table keeps its own hash, so a change
 * names the table it was in.
 */
export async function classDump(levelCode: string): Promise<Record<string, string>> {
  const ofClass: Record<string, string> = {
    levels: `select x from levels x where x.code = $1`,
    student_enrollment: `select x from student_enrollment x where x.level_code = $1`,
    students: `select x from users x where x.id in (select student_id from student_enrollment where level_code = $1)`,
    updates: `select x from updates x where x.level_code = $1`,
    responses: `select x from responses x join updates u on u.id = x.update_id where u.level_code = $1`,
    assignments: `select x from assignments x where x.level_code = $1`,
    assignment_submissions: `select x from assignment_submissions x join assignments a on a.id = x.assignment_id where a.level_code = $1`,
    grades: `select x from grades x join assignments a on a.id = x.assignment_id where a.level_code = $1`,
    grade_marks: `select x from grade_marks x join assignments a on a.id = x.assignment_id where a.level_code = $1`,
    attendance: `select x from attendance x where x.level_code = $1`,
    level_category_weights: `select x from level_category_weights x where x.level_code = $1`,
    term_grade_overrides: `select x from term_grade_overrides x where x.level_code = $1`,
    term_comments: `select x from term_comments x where x.level_code = $1`,
    term_grade_records: `select x from term_grade_records x where x.level_code = $1`,
    files: `select x from files x where x.level_code = $1`,
    submission_files: `select x from submission_files x join files f on f.id = x.file_id where f.level_code = $1`,
  };
  const out: Record<string, string> = {};
  for (const [table, select] of Object.entries(ofClass)) {
    const [row] = await queryRows<{ s: string }>(
      sql.raw(
        `select count(*)::text || ':' || coalesce(md5(string_agg(x::text, E'\\n' order by x::text)), '') as s from (${select.replace("$1", `'${levelCode.replace(/'/g, "''")}'`)}) t(x)`,
      ),
    );
    out[table] = row!.s;
  }
  return out;
}
