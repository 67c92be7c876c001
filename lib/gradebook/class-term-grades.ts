// Every student's term grade in one class (issue 19), for the teacher's Term grades page, the
// Summary, the grade grid and the report-card PDF: the same calculator and view as the student's
// own page. Read in two statements whatever the class size (the roster with each student's scores,
// and the grading context with the assignments, marks with the hand-in times of late work,
// overrides and comments as JSON); the grid builds its cells from the same reads.
import "server-only";
import { sql } from "drizzle-orm";
import { jsonColumn, queryRows } from "@/lib/db/client";
import { dateInTimeZone } from "@/lib/domain/dates";
import type { GradeOverride } from "@/lib/domain/term-grade";
import {
  gradingContextColumns,
  gradingContextFrom,
  type GradingContext,
  type GradingContextColumns,
} from "./grading-context";
import type { StoredTermGrade } from "@/lib/domain/stored-grade";
import { readStoredCards } from "./stored-cards";
import {
  chosenTerm,
  termGradeView,
  toWork,
  type AssignmentRow,
  type TermChoice,
  type Work,
  type TermGradeView,
} from "./term-grades";

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

export interface CellMarks {
  excused: boolean;
  missing: boolean;
  late: boolean;
}

/** What a class's term grades are made of, as read; keys of the maps are `${assignmentId}:${studentId}`. */
export interface ClassTermInputs {
  context: GradingContext;
  students: { id: number; name: string; username: string; sisId: string | null }[];
  /** In due-date order (no due date last). */
  assignments: AssignmentRow[];
  /** Scores in hundredths of a point. */
  scores: Map<string, number>;
  marks: Map<string, CellMarks>;
  /** Last hand-in (ms) of work marked late: the late policy's days late. */
  handIns: Map<string, string | number>;
  overrides: Map<number, Map<number, GradeOverride>>;
  /** `${termId}:${studentId}` → the report-card comment. */
  comments: Map<string, string>;
}

/** Two reads side by side (two pooled connections), or one after the other on a transaction's one connection. */
const parallel = <A, B>(a: () => Promise<A>, b: () => Promise<B>) => Promise.all([a(), b()]);
const sequential = async <A, B>(a: () => Promise<A>, b: () => Promise<B>): Promise<[A, B]> => [await a(), await b()];

export const cellKey = (assignmentId: number, studentId: number) => `${assignmentId}:${studentId}`;

type MarkRow = {
  assignment_id: number;
  student_id: number;
  excused: boolean;
  missing: boolean;
  late: boolean;
  last_ms: string | number | null;
};
type NoteRow = {
  student_id: number;
  term_id: number;
  percent_h: number | null;
  reason: string | null;
  shared: boolean | null;
  note: string | null;
  comment: string | null;
};

/**
 * Two statements whatever the class size: the roster with each student's scores, and the grading
 * context with the class's assignments, marks, overrides and comments as JSON columns.
 */
export async function readClassTermInputs(
  levelCode: string,
  timeZone: string,
  on?: Parameters<typeof queryRows>[1],
): Promise<ClassTermInputs> {
  // In sequence inside a transaction (one connection), side by side otherwise.
  const both = on ? sequential : parallel;
  const [students, [facts]] = await both(
    // One row per student, ids and scores as comma-separated text: 300 × 40 scores were 12,000
    // rows through the driver (~100 ms on PGlite); split() is native.
    () =>
      queryRows<{
        id: number;
        name: string;
        username: string;
        sis_id: string | null;
        assignment_ids: string | null;
        scores_h: string | null;
      }>(
        sql`
      select u.id, u.name, u.username, u.sourced_id as sis_id, sc.assignment_ids, sc.scores_h
      from student_enrollment e join users u on u.id = e.student_id
      left join (
        select g.student_id, string_agg(g.assignment_id::text, ',') as assignment_ids, string_agg(((g.score * 100)::int)::text, ',') as scores_h
        from grades g join assignments a on a.id = g.assignment_id where a.level_code = ${levelCode} group by g.student_id) sc on sc.student_id = u.id
      where e.level_code = ${levelCode} order by u.name, u.id`,
        on,
      ),
    () =>
      queryRows<
        GradingContextColumns & {
          assignments: AssignmentRow[] | string | null;
          marks: MarkRow[] | string | null;
          notes: NoteRow[] | string | null;
        }
      >(
        sql`
      select ${gradingContextColumns([levelCode])},
        (select json_agg(x order by x.due_ms nulls last, x.id) from (
          select a.id, a.title, a.category_id, a.max_score, (extract(epoch from a.due_date) * 1000)::bigint as due_ms,
            to_char(a.due_date at time zone ${timeZone}, 'YYYY-MM-DD') as due_day, to_char(a.created_at at time zone ${timeZone}, 'YYYY-MM-DD') as created_day
          from assignments a where a.level_code = ${levelCode}) x) as assignments,
        -- Marks are few; hand-in times matter only to the late policy, which applies only to work marked late.
        (select json_agg(x) from (
          select m.assignment_id, m.student_id, m.excused, m.missing, m.late,
            case when m.late then (select (extract(epoch from max(s.submitted_at)) * 1000)::bigint from assignment_submissions s
                                   where s.assignment_id = m.assignment_id and s.student_id = m.student_id) end as last_ms
          from grade_marks m join assignments a on a.id = m.assignment_id where a.level_code = ${levelCode} and (m.excused or m.missing or m.late)) x) as marks,
        (select json_agg(x) from (
          select student_id, term_id, (percent * 100)::int as percent_h, reason, reason_shared as shared, family_note as note, null as comment from term_grade_overrides where level_code = ${levelCode}
          union all
          select student_id, term_id, null, null, null, null, comment from term_comments where level_code = ${levelCode}) x) as notes`,
        on,
      ),
  );
  const context = gradingContextFrom(facts, [levelCode]);
  const assignments = jsonColumn(facts?.assignments) ?? [];
  const markRows = jsonColumn(facts?.marks) ?? [];
  const notes = jsonColumn(facts?.notes) ?? [];
  const scores = new Map<string, number>();
  for (const r of students) addScores(scores, Number(r.id), r);
  const marks = new Map<string, CellMarks>();
  const handIns = new Map<string, string | number>();
  for (const m of markRows) {
    const k = cellKey(m.assignment_id, m.student_id);
    marks.set(k, { excused: m.excused, missing: m.missing, late: m.late });
    if (m.last_ms !== null) handIns.set(k, m.last_ms);
  }
  const overrides = new Map<number, Map<number, GradeOverride>>();
  const comments = new Map<string, string>();
  for (const n of notes) {
    if (n.comment !== null) comments.set(`${n.term_id}:${n.student_id}`, n.comment);
    else {
      if (!overrides.has(n.student_id)) overrides.set(n.student_id, new Map());
      overrides
        .get(n.student_id)!
        .set(n.term_id, { percent: n.percent_h! / 100, reason: n.reason!, shared: n.shared === true, note: n.note });
    }
  }
  return {
    context,
    students: students.map(({ id, name, username, sis_id }) => ({ id, name, username, sisId: sis_id })),
    assignments,
    scores,
    marks,
    handIns,
    overrides,
    comments,
  };
}

/** One student's scores, read as comma-separated assignment ids and hundredths, into a map of cells. */
export function addScores(
  scores: Map<string, number>,
  studentId: number,
  r: { assignment_ids: string | null; scores_h: string | null },
): void {
  if (r.assignment_ids === null || r.scores_h === null) return;
  const values = r.scores_h.split(",");
  r.assignment_ids.split(",").forEach((id, k) => scores.set(cellKey(Number(id), studentId), Number(values[k])));
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
