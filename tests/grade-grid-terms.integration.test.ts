import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { loadGridTotal } from "@/app/level/[levelCode]/update/grid-total-actions";
import { saveGrade } from "@/app/level/[levelCode]/update/grade-actions";
import { queryRows } from "@/lib/db/client";
import { DEMO_CLASSES, DEMO_INSTRUCTORS } from "@/lib/db/demo-school";
import { teacherLetter } from "@/lib/domain/grades";
import { loadStudentTermGrade } from "@/lib/gradebook/term-grades";
import { getGradeGrid } from "@/lib/queries/grade-grid";
import { loadSummaryView } from "@/lib/queries/teacher-view";
import { loadStudentTiles } from "@/lib/queries/class-page-view";
import { studentAttendanceRate } from "@/lib/domain/attendance";
import { seedDemo } from "./support/fixtures";
import { signInAs } from "./support/session";
import { useTestDatabase } from "./support/test-db";

// The grade grid and the Summary by term (issue 19): its columns are the term's assignments, each student's grade
// in the total column is the one calculator's (the student's own page shows the same number), and
// after a save the grid's one-student read gives the new grade.

useTestDatabase();
const CLASS = DEMO_CLASSES[0].code;
let first: number;
let second: number;

beforeAll(async () => {
  await seedDemo();
  const [{ mid } = { mid: "" }] = await queryRows<{ mid: string }>(sql`
    select to_char(min(due_date), 'YYYY-MM-DD') as mid from assignments where level_code = ${CLASS} and due_date is not null`);
  await queryRows(sql`insert into school_terms (title, type, start_date, end_date) values
    ('First half', 'term', '2000-01-01', ${mid}::date), ('Second half', 'term', ${mid}::date + 1, '2100-01-01')`);
  [{ id: first }, { id: second }] = (await queryRows<{ id: number }>(
    sql`select id from school_terms order by start_date`,
  )) as [{ id: number }, { id: number }];
  await queryRows(sql`update assignments set created_at = '2000-01-02' where level_code = ${CLASS}`);
});

describe("grade grid by term", () => {
  it("shows each term's assignments and every student's term grade from the calculator", async () => {
    const all = await getGradeGrid(CLASS, "year", "UTC");
    const early = await getGradeGrid(CLASS, first, "UTC");
    const late = await getGradeGrid(CLASS, second, "UTC");
    expect([early.term?.title, late.term?.title, all.term]).toEqual(["First half", "Second half", null]);
    expect(early.terms.map((t) => t.title)).toEqual(["First half", "Second half"]);
    // The terms split the columns between them, nothing lost or shown twice.
    expect(early.assignments.length).toBeGreaterThan(0);
    expect(late.assignments.length).toBeGreaterThan(0);
    expect([...early.assignments, ...late.assignments].map((a) => a.id).sort()).toEqual(
      all.assignments.map((a) => a.id).sort(),
    );
    for (const [grid, choice] of [
      [early, first],
      [late, second],
      [all, "year"],
    ] as const) {
      expect(grid.scores.every((row) => row.length === grid.assignments.length)).toBe(true);
      for (const [i, st] of grid.students.entries()) {
        const own = await loadStudentTermGrade(CLASS, st.id, choice, "UTC");
        expect(grid.totals[i], `${st.name}, ${String(choice)}`).toEqual({
          percent: own.percent,
          letter: own.empty ? "" : teacherLetter(own.percent),
          empty: own.empty,
          overridden: own.overridden,
        });
      }
    }
    expect(early.locked).toBe(false);
  });

  it("gives the teacher a student's new term grade after a save, and shows a published term as locked", async () => {
    await signInAs(DEMO_INSTRUCTORS[0].code);
    const grid = await getGradeGrid(CLASS, first, "UTC");
    const a = grid.assignments[0]!;
    const student = grid.students[0]!;
    const before = await loadGridTotal({ levelCode: CLASS, studentId: student.id, term: first });
    expect(before).toEqual({ ok: true, data: grid.totals[0] });
    // Full marks on the term's first assignment, then a zero: the grade moves both ways.
    expect(
      await saveGrade({ levelCode: CLASS, assignmentId: a.id, studentId: student.id, score: String(a.maxScore) }),
    ).toMatchObject({ ok: true });
    const high = await loadGridTotal({ levelCode: CLASS, studentId: student.id, term: first });
    expect(await saveGrade({ levelCode: CLASS, assignmentId: a.id, studentId: student.id, score: "0" })).toMatchObject({
      ok: true,
    });
    const low = await loadGridTotal({ levelCode: CLASS, studentId: student.id, term: first });
    expect(high.ok && low.ok && high.data!.percent > low.data!.percent).toBe(true);
    expect(low).toEqual({ ok: true, data: (await getGradeGrid(CLASS, first, "UTC")).totals[0] });
    // Not a student of this class: refused, nothing read.
    expect(await loadGridTotal({ levelCode: CLASS, studentId: 2_000_000, term: first })).toEqual({
      ok: false,
      message: "That student is not enrolled in this class.",
    });
    await queryRows(sql`insert into term_publications (term_id) values (${first})`);
    expect((await getGradeGrid(CLASS, first, "UTC")).locked).toBe(true);
    expect((await getGradeGrid(CLASS, second, "UTC")).locked).toBe(false);
  });
});

describe("Summary and the student's tiles by term", () => {
  it("show each student's term grade (with its why on the Summary) and the term's attendance, the whole year from the running totals", async () => {
    const [termRow] = await queryRows<{ start: string; end: string }>(
      sql`select start_date::text as start, end_date::text as end from school_terms where id = ${second}`,
    );
    const late = await loadSummaryView(CLASS, "UTC", second);
    const year = await loadSummaryView(CLASS, "UTC", "year");
    expect([late.term?.title, year.term]).toEqual(["Second half", null]);
    const records = await queryRows<{ student_id: number; status: string; inside: boolean }>(sql`
      select student_id, status, date between ${termRow!.start}::date and ${termRow!.end}::date as inside from attendance where level_code = ${CLASS}`);
    expect(records.some((r) => !r.inside)).toBe(true); // the demo has days on both sides of the split
    for (const s of late.students) {
      const own = await loadStudentTermGrade(CLASS, s.id, second, "UTC");
      // Nothing graded is "—" (null), not 0 % F (issue 27).
      expect([s.gradePercent, s.letter, s.why]).toEqual(
        own.empty ? [null, null, own.why] : [own.percent, teacherLetter(own.percent), own.why],
      );
      const count = (status: string, inTerm: boolean | null) =>
        records.filter((r) => r.student_id === s.id && r.status === status && (inTerm === null || r.inside === inTerm))
          .length;
      expect(s.counts, s.name).toEqual({
        present: count("present", true),
        excused: count("excused", true),
        late: count("late", true),
        absent: count("absent", true),
      });
      // The student's own tiles say the same for the term.
      const tiles = await loadStudentTiles(CLASS, s.id, second, "UTC");
      const taken = s.counts.present + s.counts.absent + s.counts.late + s.counts.excused > 0;
      expect(tiles).toMatchObject({
        average: own.empty ? null : own.percent,
        attendanceRate: taken ? studentAttendanceRate(s.counts) : null,
        termTitle: "Second half",
      });
      const y = year.students.find((x) => x.id === s.id)!;
      expect(y.counts).toEqual({
        present: count("present", null),
        excused: count("excused", null),
        late: count("late", null),
        absent: count("absent", null),
      });
    }
  });
});
