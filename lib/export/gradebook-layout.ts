// The gradebook CSV's layout, as teachers know it from Canvas and Moodle exports, for one term (or
// the whole year). Pure.
//
//   Student, Username, SIS ID, <title> (<id>)…, <category> %…, Counted Points, Points Possible, Percent, Letter, Overridden
//   Points Possible, , , <max>…, , …, , <Σ max>, , , ,
//   Ava Johnson, ava.johnson, S-1001, 8, E, 9.5 (L)…, 85…, 17.5, 20, 88, B+,
//
// Every figure is the one calculator's (lib/domain/term-grade through lib/domain/stored-grade),
// or, for a published term, its stored card (issue 27): the same percent and letter as the
// Summary, the grid, the report card and the PDF. A cell holds the score, or the teacher's mark
// where there is no score (E excused, M missing); a late score is written "9.5 (L)". An ungraded
// cell is empty.
//
// An assignment scored with a rubric (issue 44) is followed by one column per criterion, headed
// "<title> (<id>): <criterion>", holding the label of the level chosen (empty when none, or when
// the rubric changed and that level is gone). The score column stays grades.score.
import type { RubricBody, RubricSelections } from "@/lib/domain/rubric-types";
import { chosenLevel } from "@/lib/domain/rubrics";
import type { StoredTermGrade } from "@/lib/domain/stored-grade";
import type { Locale } from "@/lib/i18n/locales";
import { translatorFor } from "@/lib/i18n/translator";
import type { Cell } from "./csv";

export interface GradebookAssignment {
  id: number;
  title: string;
  maxScore: number;
  /** The assignment's rubric (its criteria become columns), or none. */
  rubric?: RubricBody | null;
}

export interface GradebookCell {
  score: number | null;
  mark: "excused" | "missing" | "late" | null;
}

export interface GradebookStudent {
  name: string;
  username: string;
  sisId: string | null;
  /** One cell per assignment, in the order of `assignments`. */
  cells: GradebookCell[];
  /** One per assignment, in the same order: the rubric levels chosen on the grade (null: none). */
  rubricLevels?: (RubricSelections | null)[];
  /** The calculator's result (or the stored card) for the term. */
  grade: StoredTermGrade;
}

// Header keys of the csv catalog: the words are the downloader's language (issue 31), the numbers stay
// plain (a spreadsheet reads "89.5" in any language's CSV import).
const GRADEBOOK_LEAD = ["student", "username", "sisId"] as const;
const GRADEBOOK_TAIL = ["countedPoints", "pointsPossible", "percent", "letter", "overridden"] as const;

export function assignmentHeader(a: GradebookAssignment): string {
  return `${a.title} (${a.id})`;
}

export function cellValue(c: GradebookCell): Cell {
  if (c.score === null) return c.mark === "excused" ? "E" : c.mark === "missing" ? "M" : "";
  return c.mark === "late" ? `${c.score} (L)` : c.mark === "excused" ? "E" : c.score;
}

const number = (s: string | null) => (s === null ? "" : Number(s));

/** Each assignment's columns: its score, then its rubric's criteria (issue 44). */
function assignmentColumns(
  assignments: readonly GradebookAssignment[],
  score: (a: GradebookAssignment, i: number) => Cell,
  criterion: (a: GradebookAssignment, i: number, c: RubricBody["criteria"][number]) => Cell,
): Cell[] {
  return assignments.flatMap((a, i) => [score(a, i), ...(a.rubric?.criteria ?? []).map((c) => criterion(a, i, c))]);
}

export function gradebookRows(
  assignments: readonly GradebookAssignment[],
  students: readonly GradebookStudent[],
  locale: Locale = "en",
): Cell[][] {
  const t = translatorFor(locale, "csv");
  // Each category once, in the order the calculator lists them (the class's settings, then Other).
  const categories: string[] = [];
  for (const s of students)
    for (const c of s.grade.categories) if (!categories.includes(c.name)) categories.push(c.name);
  const header: Cell[] = [
    ...GRADEBOOK_LEAD.map((key) => t(key)),
    ...assignmentColumns(assignments, assignmentHeader, (a, _i, c) => `${assignmentHeader(a)}: ${c.title}`),
    ...categories.map((category) => t("categoryPercent", { category })),
    ...GRADEBOOK_TAIL.map((key) => t(key)),
  ];
  const pointsPossible: Cell[] = [
    t("pointsPossible"),
    "",
    "",
    ...assignmentColumns(
      assignments,
      (a) => a.maxScore,
      () => "",
    ),
    ...categories.map(() => ""),
    "",
    assignments.reduce((s, a) => s + a.maxScore, 0),
    "",
    "",
    "",
  ];
  const rows = students.map((st): Cell[] => {
    const g = st.grade;
    return [
      st.name,
      st.username,
      st.sisId ?? "",
      ...assignmentColumns(
        assignments,
        (_a, i) => cellValue(st.cells[i]!),
        (_a, i, c) => chosenLevel(c, st.rubricLevels?.[i])?.label ?? "",
      ),
      ...categories.map((name) => g.categories.find((c) => c.name === name)?.percent ?? ""),
      number(g.earnedPoints),
      number(g.possiblePoints),
      g.percent ?? "",
      g.letter ?? "",
      g.override ? t("yes") : "",
    ];
  });
  return [header, pointsPossible, ...rows];
}
