// What a class's term grades are made of, read in two statements (readClassTermInputs), and the
// cell keys its maps are kept by; lib/gradebook/class-term-grades.ts computes the grades from it.
import "server-only";
import { sql } from "drizzle-orm";
import { jsonColumn, queryRows } from "@/lib/db/client";
import type { GradeOverride } from "@/lib/domain/term-grade";
import {
  gradingContextColumns,
  gradingContextFrom,
  type GradingContext,
  type GradingContextColumns,
} from "./grading-context";
import { type AssignmentRow } from "./term-grades";

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
  /** Returned scores in hundredths of a point: the only ones the calculator counts (decision 033). */
  scores: Map<string, number>;
  /** Drafts (grades not yet returned, issue 44), in hundredths: shown to the class's staff in the grid, counted nowhere. */
  drafts: Map<string, number>;
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
        draft_ids: string | null;
        drafts_h: string | null;
      }>(
        sql`
      select u.id, u.name, u.username, u.sourced_id as sis_id, sc.assignment_ids, sc.scores_h, sc.draft_ids, sc.drafts_h
      from student_enrollment e join users u on u.id = e.student_id
      left join (
        select g.student_id, ${returnedScoreColumns}
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
            to_char(a.due_date at time zone ${timeZone}, 'YYYY-MM-DD') as due_day, to_char(a.created_at at time zone ${timeZone}, 'YYYY-MM-DD') as created_day,
            a.post_policy = 'on_return' as on_return
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
  const drafts = new Map<string, number>();
  for (const r of students) {
    addScores(scores, Number(r.id), r);
    addScores(drafts, Number(r.id), { assignment_ids: r.draft_ids, scores_h: r.drafts_h });
  }
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
    drafts,
    marks,
    handIns,
    overrides,
    comments,
  };
}

/**
 * A student's returned scores (assignment_ids, scores_h) and drafts (draft_ids, drafts_h) as
 * comma-separated text, aggregated over `grades g`: a draft is not graded yet for the calculator.
 */
export const returnedScoreColumns = sql.raw(`
  string_agg(g.assignment_id::text, ',') filter (where g.returned_at is not null) as assignment_ids,
  string_agg(((g.score * 100)::int)::text, ',') filter (where g.returned_at is not null) as scores_h,
  string_agg(g.assignment_id::text, ',') filter (where g.returned_at is null) as draft_ids,
  string_agg(((g.score * 100)::int)::text, ',') filter (where g.returned_at is null) as drafts_h`);

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
