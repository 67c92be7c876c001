import "server-only";
import { sql } from "drizzle-orm";
import { jsonColumn, queryRows } from "@/lib/db/client";
import { dateInTimeZone } from "@/lib/domain/dates";
import type { RubricBody, RubricSelections } from "@/lib/domain/rubric-types";
import { storedTermGrade } from "@/lib/domain/stored-grade";
import { studentWork } from "@/lib/gradebook/class-term-grades";
import { addScores, readClassTermInputs, type ClassTermInputs } from "@/lib/gradebook/class-term-inputs";
import { readStoredCardRows } from "@/lib/gradebook/stored-cards";
import { chosenTerm, termGradeOf, toWork, type TermChoice } from "@/lib/gradebook/term-grades";
import type { Locale } from "@/lib/i18n/locales";
import { toCsv, SPREADSHEET } from "./csv";
import { gradebookRows, type GradebookAssignment, type GradebookStudent } from "./gradebook-layout";

const NO_ATTENDANCE = { present: 0, absent: 0, late: 0, excused: 0 };

/**
 * The class's assignments that carry a rubric, and the levels chosen on each grade of them (issue
 * 44): one statement, for the CSV's level columns. Whatever the calculator counts is grades.score.
 */
async function readRubricLevels(
  levelCode: string,
): Promise<{ rubrics: Map<number, RubricBody>; levels: Map<string, RubricSelections> }> {
  const [row] = await queryRows<{
    rubrics: { id: number; rubric: RubricBody }[] | string | null;
    levels: { a: number; s: number; l: RubricSelections }[] | string | null;
  }>(sql`
    select (select json_agg(json_build_object('id', a.id, 'rubric', a.rubric)) from assignments a
              where a.level_code = ${levelCode} and a.rubric is not null) as rubrics,
           (select json_agg(json_build_object('a', g.assignment_id, 's', g.student_id, 'l', g.rubric_levels))
              from grades g join assignments a on a.id = g.assignment_id
              where a.level_code = ${levelCode} and a.rubric is not null and g.rubric_levels is not null
                and g.returned_at is not null) as levels`);
  const rubrics = new Map((jsonColumn(row?.rubrics) ?? []).map((r) => [r.id, r.rubric]));
  const levels = new Map((jsonColumn(row?.levels) ?? []).map((g) => [`${g.a}:${g.s}`, g.l]));
  return { rubrics, levels };
}

/**
 * One class's gradebook for a term (default: today's) or the whole year: the term's assignments,
 * each student's scores and marks, and the calculator's figures. A published term is its stored
 * cards, every one (decision 017): a student removed from the class after publishing is listed
 * with their card, as on the PDF, and one who joined later, who has no card, is not. Two
 * statements (the grading inputs every term screen reads) and one for the rubric levels (issue 44),
 * four when the term is published.
 */
export async function loadGradebook(
  levelCode: string,
  choice: TermChoice,
  timeZone: string,
  now = new Date(),
): Promise<{ term: string | null; assignments: GradebookAssignment[]; students: GradebookStudent[] }> {
  const [inputs, rubricLevels] = await Promise.all([
    readClassTermInputs(levelCode, timeZone),
    readRubricLevels(levelCode),
  ]);
  const levelsOf = (studentId: number) =>
    shown.map((a) => (a.rubric ? (rubricLevels.levels.get(`${a.id}:${studentId}`) ?? null) : null));
  const today = dateInTimeZone(now, timeZone);
  const { terms, published } = inputs.context;
  const term = chosenTerm(terms, choice, today);
  const settings = inputs.context.settings.get(levelCode)!;
  const gradeOf = (from: ClassTermInputs, studentId: number) =>
    termGradeOf(
      terms,
      settings,
      studentWork(from, studentId),
      from.overrides.get(studentId) ?? new Map(),
      choice,
      today,
      now.getTime(),
    );
  const cellsOf = (items: ReturnType<typeof gradeOf>["items"]) =>
    items.map((i) => ({
      score: i.score,
      mark: i.excused ? ("excused" as const) : i.missing ? ("missing" as const) : i.late ? ("late" as const) : null,
    }));
  const blank = inputs.assignments.map((a) => toWork(a, BLANK));
  const shown: GradebookAssignment[] = termGradeOf(
    terms,
    settings,
    blank,
    new Map(),
    choice,
    today,
    now.getTime(),
  ).items.map((i) => ({
    id: i.id,
    title: i.title,
    maxScore: i.maxScore,
    rubric: rubricLevels.rubrics.get(i.id) ?? null,
  }));
  if (term && published.has(term.id)) {
    const cards = await readStoredCardRows(term.id, levelCode);
    // The scores of students who have left the class are not in the enrolled roster's read.
    const scores = new Map(inputs.scores);
    for (const c of cards) addScores(scores, c.id, c);
    const withCards = { ...inputs, scores };
    const students = cards.map((c): GradebookStudent => ({
      name: c.name,
      username: c.username,
      sisId: c.sis_id,
      cells: cellsOf(gradeOf(withCards, c.id).items),
      rubricLevels: levelsOf(c.id),
      grade: c.card,
    }));
    return { term: term.title, assignments: shown, students };
  }
  const students = inputs.students.map((st): GradebookStudent => {
    const { items, grade } = gradeOf(inputs, st.id);
    return {
      name: st.name,
      username: st.username,
      sisId: st.sisId,
      cells: cellsOf(items),
      rubricLevels: levelsOf(st.id),
      grade: storedTermGrade(grade, NO_ATTENDANCE, null, inputs.context.letterScale),
    };
  });
  return { term: term?.title ?? null, assignments: shown, students };
}

const BLANK = { score_h: null, excused: false, missing: false, late: false, submitted_ms: null };

export async function gradebookCsv(
  levelCode: string,
  choice: TermChoice,
  timeZone: string,
  locale: Locale = "en",
): Promise<{ csv: string; term: string | null }> {
  const { term, assignments, students } = await loadGradebook(levelCode, choice, timeZone);
  return { csv: toCsv(gradebookRows(assignments, students, locale), SPREADSHEET), term };
}
