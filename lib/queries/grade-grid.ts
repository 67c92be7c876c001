import "server-only";
import { asc, eq, sql } from "drizzle-orm";
import { db, queryRows } from "@/lib/db/client";
import { assignments, grades, studentEnrollment, users } from "@/lib/db/schema";
import { teacherLetter } from "@/lib/domain/grades";
import { loadClassTermGrades } from "@/lib/gradebook/class-term-grades";
import type { TermChoice, TermGradeView } from "@/lib/gradebook/term-grades";

// The teacher's grade grid (spec §2, issue 19): the term's assignments as columns, every score and
// mark, and each student's term grade from the one calculator. Constant statements in class size:
// four for the cells and the term grades' own (lib/gradebook/class-term-grades).

/** A student's grade for the term shown in the grid: 12-step letter, as on every teacher's page. */
export interface GridTotal {
  percent: number;
  letter: string;
  /** Nothing counts yet in the term. */
  empty: boolean;
  /** The teacher's override is the grade. */
  overridden: boolean;
}

export interface GridData {
  students: { id: number; name: string; username: string }[];
  assignments: { id: number; title: string; maxScore: number }[];
  /** scores[i][j]: student i's score on assignment j, null when not graded (a matrix keeps the payload small). */
  scores: (number | null)[][];
  /** marks[i][j]: student i's mark on assignment j, one character each ('-' none, 'e' excused, 'm' missing, 'l' late). */
  marks: string[];
  /** The school's terms to switch between (empty: it keeps none) and the one shown (null: the whole year). */
  terms: TermGradeView["terms"];
  term: TermGradeView["term"];
  /** totals[i]: student i's grade for the term shown. */
  totals: GridTotal[];
  /** The term shown is published, so its grades are locked. */
  locked: boolean;
}

export function gridTotal(view: TermGradeView): GridTotal {
  return { percent: view.percent, letter: teacherLetter(view.percent), empty: view.empty, overridden: view.overridden };
}

/**
 * The grade grid: roster, the term's assignments and every grade of the class as one row per
 * student (assignment ids and scores, read from an index alone: grades_assignment_student_score_idx),
 * so 300 × 40 cells cross the driver as 300 rows rather than 12,000.
 */
export async function getGradeGrid(levelCode: string, choice: TermChoice, timeZone: string, now = new Date()): Promise<GridData> {
  const [students, assignmentRows, rows, markRows, termGrades] = await Promise.all([
    db()
      .select({ id: users.id, name: users.name, username: users.username })
      .from(studentEnrollment)
      .innerJoin(users, eq(users.id, studentEnrollment.studentId))
      .where(eq(studentEnrollment.levelCode, levelCode))
      .orderBy(asc(users.name), asc(users.id)),
    db()
      .select({ id: assignments.id, title: assignments.title, maxScore: assignments.maxScore })
      .from(assignments)
      .where(eq(assignments.levelCode, levelCode))
      .orderBy(asc(assignments.dueDate), asc(assignments.id)),
    // Comma-separated text rather than arrays: split() is native, the drivers' array parsers
    // read every element a character at a time.
    queryRows<{ student_id: number; assignment_ids: string; scores: string }>(sql`
      select g.student_id, string_agg(g.assignment_id::text, ',') as assignment_ids, string_agg(trim_scale(g.score)::text, ',') as scores
      from ${assignments} a join ${grades} g on g.assignment_id = a.id
      where a.level_code = ${levelCode}
      group by g.student_id`),
    // Marks beside scores (excused, missing, late): usually few, one row per student who has any.
    queryRows<{ student_id: number; marks: string }>(sql`
      select m.student_id, string_agg(m.assignment_id::text || ':' || case when m.excused then 'e' when m.missing then 'm' else 'l' end, ',') as marks
      from grade_marks m join ${assignments} a on a.id = m.assignment_id
      where a.level_code = ${levelCode} and (m.excused or m.missing or m.late)
      group by m.student_id`),
    loadClassTermGrades(levelCode, choice, timeZone, now),
  ]);
  // The columns are the term's assignments (every one for the whole year or a school without terms).
  const inTerm = new Set(termGrades.assignmentIds);
  const shown = assignmentRows.filter((a) => inTerm.has(a.id));
  // By id, not position: an assignment created between the reads has no column and is skipped.
  const column = new Map(shown.map((a, j) => [a.id, j]));
  const byStudent = new Map(rows.map((r) => [Number(r.student_id), r]));
  const marksByStudent = new Map(markRows.map((m) => [Number(m.student_id), m.marks]));
  const totalByStudent = new Map(termGrades.rows.map((r) => [r.studentId, gridTotal(r.view)]));
  const none: GridTotal = { percent: 0, letter: teacherLetter(0), empty: true, overridden: false };
  return {
    students,
    assignments: shown,
    scores: students.map((st) => {
      const row: (number | null)[] = shown.map(() => null);
      const r = byStudent.get(st.id);
      if (r) {
        const scores = r.scores.split(",");
        r.assignment_ids.split(",").forEach((id, k) => {
          const j = column.get(Number(id));
          if (j !== undefined) row[j] = Number(scores[k]);
        });
      }
      return row;
    }),
    marks: students.map((st) => {
      const codes = shown.map(() => "-");
      for (const pair of marksByStudent.get(st.id)?.split(",") ?? []) {
        const [id, code] = pair.split(":");
        const j = column.get(Number(id));
        if (j !== undefined && code) codes[j] = code;
      }
      return codes.join("");
    }),
    terms: termGrades.terms,
    term: termGrades.term,
    totals: students.map((st) => totalByStudent.get(st.id) ?? none),
    locked: termGrades.published,
  };
}
