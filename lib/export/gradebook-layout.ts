// The gradebook CSV's layout, as teachers know it from Canvas and Moodle exports. Pure.
//
//   Student, Username, SIS ID, <title> (<id>)…, Total Points, Graded Points Possible, Percent, Letter
//   Points Possible, , , <max>…, <Σ max>, , ,
//   Ava Johnson, ava.johnson, S-1001, 8, , 9.5…, 17.5, 20, 88, B+
//
// The totals are the Summary tab's figures, from the one calculator (lib/domain): points earned
// over the points of the graded items, rounded half up, and the teacher's 12-step letter. An
// ungraded cell is empty, and counts in neither total (spec §9: "sum of scores / sum of max
// scores" over graded items).
import { teacherLetter } from "@/lib/domain/grades";
import { scorePercent, sumScores } from "@/lib/domain/percent";
import type { Cell } from "./csv";

export interface GradebookAssignment {
  id: number;
  title: string;
  maxScore: number;
}

export interface GradebookStudent {
  name: string;
  username: string;
  sisId: string | null;
  /** One score per assignment, in the order of `assignments`; null when not graded. */
  scores: (number | null)[];
}

export interface GradebookTotals {
  earned: number;
  possible: number;
  percent: number;
  letter: string;
}

export const GRADEBOOK_LEAD = ["Student", "Username", "SIS ID"] as const;
export const GRADEBOOK_TAIL = ["Total Points", "Graded Points Possible", "Percent", "Letter"] as const;

export function assignmentHeader(a: GradebookAssignment): string {
  return `${a.title} (${a.id})`;
}

export function studentTotals(
  scores: readonly (number | null)[],
  assignments: readonly GradebookAssignment[],
): GradebookTotals {
  const graded: number[] = [];
  let possible = 0;
  scores.forEach((s, j) => {
    if (s === null) return;
    graded.push(s);
    possible += assignments[j]!.maxScore;
  });
  const earned = sumScores(graded);
  const percent = scorePercent(earned, possible);
  return { earned, possible, percent, letter: teacherLetter(percent) };
}

export function gradebookRows(
  assignments: readonly GradebookAssignment[],
  students: readonly GradebookStudent[],
): Cell[][] {
  const header: Cell[] = [...GRADEBOOK_LEAD, ...assignments.map(assignmentHeader), ...GRADEBOOK_TAIL];
  const pointsPossible: Cell[] = [
    "Points Possible",
    "",
    "",
    ...assignments.map((a) => a.maxScore),
    assignments.reduce((s, a) => s + a.maxScore, 0),
    "",
    "",
    "",
  ];
  const rows = students.map((st): Cell[] => {
    const t = studentTotals(st.scores, assignments);
    return [st.name, st.username, st.sisId ?? "", ...st.scores, t.earned, t.possible, t.percent, t.letter];
  });
  return [header, pointsPossible, ...rows];
}
