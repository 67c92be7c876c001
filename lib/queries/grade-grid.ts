import "server-only";
import { dateInTimeZone } from "@/lib/domain/dates";
import { classTermGradesWithCards } from "@/lib/gradebook/class-term-grades";
import { cellKey, readClassTermInputs } from "@/lib/gradebook/class-term-inputs";
import type { TermChoice, TermGradeView } from "@/lib/gradebook/term-grades";

// The teacher's grade grid (spec §2, issue 19): the term's assignments as columns, every score and
// mark, and each student's term grade from the one calculator, in two statements whatever the
// class size, three for a published term (its stored cards): lib/gradebook/class-term-grades reads
// them for both (tests/term-overrides.integration.test.ts counts the two).

/** A student's grade for the term shown in the grid: its letter on the school's scale, as on every teacher's page. */
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
  /** onReturn: posted on return (issue 44), so a score not yet returned is a draft. */
  assignments: { id: number; title: string; maxScore: number; onReturn: boolean }[];
  /** scores[i][j]: student i's score on assignment j (a draft too), null when not graded (a matrix keeps the payload small). */
  scores: (number | null)[][];
  /** returned[i][j]: "r" when student i's score on assignment j is returned, "-" otherwise (lib/domain/drafts isDraft). */
  returned: string[];
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
  return { percent: view.percent, letter: view.letter ?? "", empty: view.empty, overridden: view.overridden };
}

/**
 * The grade grid from the class's term inputs (lib/gradebook/class-term-grades): two statements
 * whatever the class size (a third for a published term's stored cards), the cells and the term
 * grades from the same reads.
 */
export async function getGradeGrid(
  levelCode: string,
  choice: TermChoice,
  timeZone: string,
  now = new Date(),
): Promise<GridData> {
  const inputs = await readClassTermInputs(levelCode, timeZone);
  const termGrades = await classTermGradesWithCards(
    inputs,
    levelCode,
    choice,
    dateInTimeZone(now, timeZone),
    now.getTime(),
  );
  // The columns are the term's assignments (every one for the whole year or a school without
  // terms), in the grid's order: due date, then id.
  const inTerm = new Set(termGrades.assignmentIds);
  const shown = inputs.assignments
    .filter((a) => inTerm.has(a.id))
    .map((a) => ({ id: a.id, title: a.title, maxScore: a.max_score, onReturn: a.on_return === true }));
  const totalByStudent = new Map(termGrades.rows.map((r) => [r.studentId, gridTotal(r.view)]));
  const none: GridTotal = { percent: 0, letter: "", empty: true, overridden: false };
  return {
    students: inputs.students,
    assignments: shown,
    scores: inputs.students.map((st) =>
      shown.map((a) => {
        // The staff see drafts (decision 033); the calculator's totals below do not count them.
        const h = inputs.scores.get(cellKey(a.id, st.id)) ?? inputs.drafts.get(cellKey(a.id, st.id));
        return h === undefined ? null : h / 100;
      }),
    ),
    returned: inputs.students.map((st) =>
      shown.map((a) => (inputs.scores.has(cellKey(a.id, st.id)) ? "r" : "-")).join(""),
    ),
    marks: inputs.students.map((st) =>
      shown
        .map((a) => {
          const m = inputs.marks.get(cellKey(a.id, st.id));
          return !m ? "-" : m.excused ? "e" : m.missing ? "m" : m.late ? "l" : "-";
        })
        .join(""),
    ),
    terms: termGrades.terms,
    term: termGrades.term,
    totals: inputs.students.map((st) => totalByStudent.get(st.id) ?? none),
    locked: termGrades.published,
  };
}
