import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "@/lib/db/client";
import { DEMO_CLASSES } from "@/lib/db/demo-school";
import { gradePercent } from "@/lib/domain/grades";
import { loadStudentTermGrade } from "@/lib/gradebook/term-grades";
import { whyInLanguage } from "@/lib/i18n/why";
import { reportCardFor } from "@/lib/parent/portal";
import { getStudentClassTotals } from "@/lib/queries/class-page";
import { seedDemo } from "./support/fixtures";
import { useTestDatabase } from "./support/test-db";
import { whyEnglish } from "./support/why";

// Term grades on the screens (issue 19), from the database: with no terms and the default settings
// they are spec §9's running totals; with terms each term holds the work due in it; a class's
// weights, a teacher's marks and an override change the grade as the calculator says.

useTestDatabase();
const CLASS = DEMO_CLASSES[0].code;
let students: number[];
beforeAll(async () => {
  await seedDemo();
  students = (
    await queryRows<{ id: number }>(
      sql`select student_id as id from student_enrollment where level_code = ${CLASS} order by student_id`,
    )
  ).map((r) => r.id);
});

const gradesOf = async (studentId: number, where = sql`true`) =>
  (
    await queryRows<{
      score: string;
      max: number;
    }>(sql`select g.score::text as score, a.max_score as max from grades g join assignments a on a.id = g.assignment_id
    where a.level_code = ${CLASS} and g.student_id = ${studentId} and ${where}`)
  ).map((r) => ({ score: Number(r.score), maxScore: r.max }));

describe("term grades", () => {
  it("with no terms and default settings, equal the class page's running totals for every student", async () => {
    for (const id of students) {
      const view = await loadStudentTermGrade(CLASS, id, null, "UTC");
      const totals = await getStudentClassTotals(id, CLASS);
      expect(view.term).toBeNull();
      expect(view.terms).toEqual([]);
      expect(view.percent, `student ${id}`).toBe(gradePercent([{ score: totals.earned, maxScore: totals.possible }]));
    }
    // Nothing to add to the report card: its grade is this one.
    expect((await reportCardFor(students[0]!))!.classes.every((c) => c.term === undefined)).toBe(true);
  });

  it("split the class's work by the term of each due date", async () => {
    const [{ mid } = { mid: "" }] = await queryRows<{ mid: string }>(sql`
      select to_char(min(due_date), 'YYYY-MM-DD') as mid from assignments where level_code = ${CLASS} and due_date is not null`);
    await queryRows(sql`insert into school_terms (title, type, start_date, end_date) values
      ('First half', 'term', '2000-01-01', ${mid}::date), ('Second half', 'term', ${mid}::date + 1, '2100-01-01')`);
    const [first, second] = await queryRows<{ id: number }>(sql`select id from school_terms order by start_date`);
    // Made long ago, due later: the due date decides.
    await queryRows(sql`update assignments set created_at = '2000-01-02' where level_code = ${CLASS}`);
    for (const id of students) {
      const early = await loadStudentTermGrade(CLASS, id, first!.id, "UTC");
      const late = await loadStudentTermGrade(CLASS, id, second!.id, "UTC");
      const year = await loadStudentTermGrade(CLASS, id, "year", "UTC");
      expect([early.term?.title, late.term?.title, year.term]).toEqual(["First half", "Second half", null]);
      expect(early.percent).toBe(
        gradePercent(await gradesOf(id, sql`(a.due_date at time zone 'UTC')::date <= ${mid}::date`)),
      );
      expect(late.percent).toBe(
        gradePercent(await gradesOf(id, sql`(a.due_date at time zone 'UTC')::date > ${mid}::date`)),
      );
      expect(year.percent).toBe(gradePercent(await gradesOf(id)));
      if (id === students[0]) expect([early.empty, late.empty]).toEqual([false, false]); // graded work on both sides
    }
    // The report card shows each class's grade for today's term, with the same why.
    const card = await reportCardFor(students[0]!);
    const here = card!.classes.find((c) => c.code === CLASS)!;
    const today = await loadStudentTermGrade(CLASS, students[0]!, null, "UTC");
    expect(here.term).toMatchObject({
      title: "Second half",
      percent: today.percent,
      why: whyInLanguage(today.why, "en"),
    });
    // An unknown term id falls back to today's term, never to another class's or an error.
    expect((await loadStudentTermGrade(CLASS, students[0]!, 999999, "UTC")).term?.title).toBe("Second half");
  });

  it("follow the class's weights, the teacher's marks and an override, and explain them", async () => {
    const id = students[0]!;
    const work = await queryRows<{ id: number; title: string; max: number; score: string | null }>(sql`
      select a.id, a.title, a.max_score as max, g.score::text as score from assignments a left join grades g on g.assignment_id = a.id and g.student_id = ${id}
      where a.level_code = ${CLASS} and g.score is not null order by a.id limit 2`);
    const [a, b] = work as [(typeof work)[0], (typeof work)[0]];
    // Two categories, 50 % each, one assignment in each; then excuse the second: the first's percent is the grade.
    await queryRows(sql`insert into grade_categories (name) values ('Term test A'), ('Term test B')`);
    const cats = await queryRows<{ id: number }>(
      sql`select id from grade_categories where name like 'Term test %' order by name`,
    );
    await queryRows(sql`update assignments set category_id = ${cats[0]!.id} where id = ${a.id}`);
    await queryRows(sql`update assignments set category_id = ${cats[1]!.id} where id = ${b.id}`);
    await queryRows(sql`update levels set grading_mode = 'weighted' where code = ${CLASS}`);
    await queryRows(
      sql`insert into level_category_weights (level_code, category_id, weight) values (${CLASS}, ${cats[0]!.id}, 5000), (${CLASS}, ${cats[1]!.id}, 5000)`,
    );
    const pa = gradePercent([{ score: Number(a.score), maxScore: a.max }]);
    const pb = gradePercent([{ score: Number(b.score), maxScore: b.max }]);
    const both = await loadStudentTermGrade(CLASS, id, "year", "UTC");
    // Half and half of the exact percents, rounded once.
    const exact = (Number(a.score) / a.max + Number(b.score) / b.max) * 50;
    expect(Math.abs(both.percent - exact)).toBeLessThanOrEqual(0.5);
    expect(whyEnglish(both.why)[0]).toMatch(/^Weighted categories: /);

    await queryRows(sql`insert into grade_marks (assignment_id, student_id, excused) values (${b.id}, ${id}, true)`);
    const excused = await loadStudentTermGrade(CLASS, id, "year", "UTC");
    expect(excused.percent).toBe(pa);
    expect(whyEnglish(excused.why)).toContain(`Excused: ${b.title}`);
    expect(whyEnglish(excused.why)).toContain(
      "Nothing graded yet in Term test B: left out, the other weights scaled up to 100 %",
    );
    expect(pb).toBeGreaterThanOrEqual(0);

    const [term] = await queryRows<{ id: number }>(sql`select id from school_terms order by start_date desc limit 1`);
    await queryRows(
      sql`insert into term_grade_overrides (level_code, student_id, term_id, percent, reason) values (${CLASS}, ${id}, ${term!.id}, 88.5, 'Make-up exam')`,
    );
    const overridden = await loadStudentTermGrade(CLASS, id, term!.id, "UTC");
    expect([overridden.percent, overridden.overridden]).toEqual([89, true]);
    // The student reads the override, not the teacher's private reason (issue 27).
    expect(whyEnglish(overridden.why).at(-1)).toMatch(/^Overridden by the teacher: 89 % \(computed \d+ %\)$/);
    // The override is the term's: the whole year is still computed.
    expect((await loadStudentTermGrade(CLASS, id, "year", "UTC")).overridden).toBe(false);
  });
});
