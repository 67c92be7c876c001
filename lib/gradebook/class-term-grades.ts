// Every student's term grade in one class (issue 19), for the teacher's Term grades page, the
// Summary, the grade grid and the report-card PDF: the same calculator and view as the student's
// own page. Read in two statements whatever the class size (the roster with each student's scores,
// and the grading context with the assignments, marks with the hand-in times of late work,
// overrides and comments as JSON: class-term-inputs.ts); the grid builds its cells from the same reads.
import "server-only";
import { dateInTimeZone } from "@/lib/domain/dates";
import type { GradeOverride } from "@/lib/domain/term-grade";
import type { StoredTermGrade } from "@/lib/domain/stored-grade";
import { readStoredCards } from "./stored-cards";
import { chosenTerm, termGradeView, toWork, type TermChoice, type Work, type TermGradeView } from "./term-grades";
import { cellKey, readClassTermInputs, type ClassTermInputs } from "./class-term-inputs";

export interface ClassTermGradeRow {
  studentId: number;
  name: string;
  view: TermGradeView;
  /** The override of the term shown, if any (its percent and reason, for the form). */
  override: GradeOverride | null;
  /** The teacher's report-card comment for the term shown. */
  comment: string | null;
}

export interface ClassTermGrades {
  rows: ClassTermGradeRow[];
  /** The school's terms (empty: it keeps none) and the one shown (null: the whole year). */
  terms: TermGradeView["terms"];
  term: TermGradeView["term"];
  /** The class's assignments in the term shown (all of them for the whole year). */
  assignmentIds: number[];
  /** The term shown is published: its grades, overrides and comments are locked. */
  published: boolean;
}

/** One student's work in the class: every assignment with their score, marks and last hand-in. */
export function studentWork(inputs: ClassTermInputs, studentId: number): Work[] {
  return inputs.assignments.map((a) => {
    const k = cellKey(a.id, studentId);
    const m = inputs.marks.get(k);
    return toWork(a, {
      score_h: inputs.scores.get(k) ?? null,
      excused: m?.excused ?? false,
      missing: m?.missing ?? false,
      late: m?.late ?? false,
      submitted_ms: inputs.handIns.get(k) ?? null,
    });
  });
}

/** The pure half: every student's view for the term asked for, from what readClassTermInputs read. */
export function classTermGrades(
  inputs: ClassTermInputs,
  levelCode: string,
  choice: TermChoice,
  today: string,
  nowMs: number,
  stored?: ReadonlyMap<number, StoredTermGrade>,
): ClassTermGrades {
  const { context, assignments } = inputs;
  const settings = context.settings.get(levelCode)!;
  const termId = chosenTerm(context.terms, choice, today)?.id;
  const none = new Map<number, GradeOverride>();
  const rows = inputs.students.map((st) => {
    const work = studentWork(inputs, st.id);
    const own = inputs.overrides.get(st.id) ?? none;
    const view = termGradeView(context.terms, settings, work, own, choice, today, nowMs, {
      audience: "staff",
      published: context.published,
      stored: cardsOf(stored, st.id, termId),
      scale: context.letterScale,
    });
    return {
      studentId: st.id,
      name: st.name,
      view,
      override: view.term ? (own.get(view.term.id) ?? null) : null,
      comment: view.term ? (inputs.comments.get(`${view.term.id}:${st.id}`) ?? null) : null,
    };
  });
  // The term and its assignments without any student's work: the same for every row, and there even when the class has no students.
  const blank = { score_h: null, excused: false, missing: false, late: false, submitted_ms: null };
  const shown = termGradeView(
    context.terms,
    settings,
    assignments.map((a) => toWork(a, blank)),
    none,
    choice,
    today,
    nowMs,
  );
  return {
    rows,
    terms: shown.terms,
    term: shown.term,
    assignmentIds: shown.assignmentIds,
    published: shown.term !== null && context.published.has(shown.term.id),
  };
}

/** One student's stored card of the term shown, as termGradeView's by-term map. */
function cardsOf(stored: ReadonlyMap<number, StoredTermGrade> | undefined, studentId: number, termId?: number) {
  const card = stored?.get(studentId);
  return card && termId !== undefined ? new Map([[termId, card]]) : undefined;
}

/**
 * classTermGrades with the stored cards when the term shown is published (issue 27): one more
 * statement then, and the cards are what every row shows; an open term is computed.
 */
export async function classTermGradesWithCards(
  inputs: ClassTermInputs,
  levelCode: string,
  choice: TermChoice,
  today: string,
  nowMs: number,
): Promise<ClassTermGrades> {
  const term = chosenTerm(inputs.context.terms, choice, today);
  const stored = term && inputs.context.published.has(term.id) ? await readStoredCards(term.id, levelCode) : undefined;
  return classTermGrades(inputs, levelCode, choice, today, nowMs, stored);
}

export async function loadClassTermGrades(
  levelCode: string,
  choice: TermChoice,
  timeZone: string,
  now = new Date(),
): Promise<ClassTermGrades> {
  return classTermGradesWithCards(
    await readClassTermInputs(levelCode, timeZone),
    levelCode,
    choice,
    dateInTimeZone(now, timeZone),
    now.getTime(),
  );
}
