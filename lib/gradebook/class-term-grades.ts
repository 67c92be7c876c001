// Every student's term grade in one class (issue 19), for the teacher's Term grades page: the
// same calculator and view as the student's own page, read in ten statements whatever the class
// size (roster, assignments, scores, marks, hand-in times, overrides, comments, settings, terms,
// published terms).
import { sql } from "drizzle-orm";
import { queryRows } from "@/lib/db/client";
import { dateInTimeZone } from "@/lib/domain/dates";
import type { GradeOverride } from "@/lib/domain/term-grade";
import { publishedTerms } from "@/lib/terms/publishing";
import { listGradingTerms } from "@/lib/terms/terms";
import { loadGradeSettings, termGradeView, toWork, type AssignmentRow, type TermChoice, type TermGradeView } from "./term-grades";

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

const key = (a: number, s: number) => `${a}:${s}`;

export async function loadClassTermGrades(levelCode: string, choice: TermChoice, timeZone: string, now = new Date()): Promise<ClassTermGrades> {
  const [terms, settings, students, assignments, scores, marks, handIns, overrides, comments, published] = await Promise.all([
    listGradingTerms(),
    loadGradeSettings(levelCode),
    queryRows<{ id: number; name: string }>(sql`
      select u.id, u.name from student_enrollment e join users u on u.id = e.student_id where e.level_code = ${levelCode} order by u.name, u.id`),
    queryRows<AssignmentRow>(sql`
      select a.id, a.title, a.category_id, a.max_score, (extract(epoch from a.due_date) * 1000)::bigint as due_ms,
        to_char(a.due_date at time zone ${timeZone}, 'YYYY-MM-DD') as due_day, to_char(a.created_at at time zone ${timeZone}, 'YYYY-MM-DD') as created_day
      from assignments a where a.level_code = ${levelCode} order by a.due_date nulls last, a.id`),
    // One row per student, ids and scores as comma-separated text (as the grade grid reads them):
    // 300 × 40 scores were 12,000 rows through the driver, ~100 ms on PGlite.
    queryRows<{ student_id: number; assignment_ids: string; scores_h: string }>(sql`
      select g.student_id, string_agg(g.assignment_id::text, ',') as assignment_ids, string_agg(((g.score * 100)::int)::text, ',') as scores_h
      from grades g join assignments a on a.id = g.assignment_id where a.level_code = ${levelCode} group by g.student_id`),
    queryRows<{ assignment_id: number; student_id: number; excused: boolean; missing: boolean; late: boolean }>(sql`
      select m.assignment_id, m.student_id, m.excused, m.missing, m.late from grade_marks m join assignments a on a.id = m.assignment_id where a.level_code = ${levelCode}`),
    // Hand-in times matter only to the late policy, which applies only to work marked late.
    queryRows<{ assignment_id: number; student_id: number; last_ms: string }>(sql`
      select s.assignment_id, s.student_id, (extract(epoch from max(s.submitted_at)) * 1000)::bigint as last_ms
      from grade_marks m join assignments a on a.id = m.assignment_id
      join assignment_submissions s on s.assignment_id = m.assignment_id and s.student_id = m.student_id
      where a.level_code = ${levelCode} and m.late group by s.assignment_id, s.student_id`),
    queryRows<{ student_id: number; term_id: number; percent_h: number; reason: string }>(sql`
      select student_id, term_id, (percent * 100)::int as percent_h, reason from term_grade_overrides where level_code = ${levelCode}`),
    queryRows<{ student_id: number; term_id: number; comment: string }>(sql`select student_id, term_id, comment from term_comments where level_code = ${levelCode}`),
    publishedTerms(),
  ]);
  const comment = new Map(comments.map((c) => [key(c.term_id, c.student_id), c.comment]));
  const score = new Map<string, number>();
  for (const r of scores) {
    const values = r.scores_h.split(",");
    r.assignment_ids.split(",").forEach((id, k) => score.set(key(Number(id), Number(r.student_id)), Number(values[k])));
  }
  const mark = new Map(marks.map((m) => [key(m.assignment_id, m.student_id), m]));
  const handIn = new Map(handIns.map((h) => [key(h.assignment_id, h.student_id), h.last_ms]));
  const byStudent = new Map<number, Map<number, GradeOverride>>();
  for (const o of overrides) {
    if (!byStudent.has(o.student_id)) byStudent.set(o.student_id, new Map());
    byStudent.get(o.student_id)!.set(o.term_id, { percent: o.percent_h / 100, reason: o.reason });
  }
  const today = dateInTimeZone(now, timeZone);
  const rows = students.map((st) => {
    const work = assignments.map((a) => {
      const m = mark.get(key(a.id, st.id));
      return toWork(a, { score_h: score.get(key(a.id, st.id)) ?? null, excused: m?.excused ?? false, missing: m?.missing ?? false, late: m?.late ?? false, submitted_ms: handIn.get(key(a.id, st.id)) ?? null });
    });
    const own = byStudent.get(st.id) ?? new Map<number, GradeOverride>();
    const view = termGradeView(terms, settings, work, own, choice, today, now.getTime());
    return {
      studentId: st.id,
      name: st.name,
      view,
      override: view.term ? (own.get(view.term.id) ?? null) : null,
      comment: view.term ? (comment.get(key(view.term.id, st.id)) ?? null) : null,
    };
  });
  // The term and its assignments without any student's work: the same for every row, and there even when the class has no students.
  const blank = { score_h: null, excused: false, missing: false, late: false, submitted_ms: null };
  const shown = termGradeView(terms, settings, assignments.map((a) => toWork(a, blank)), new Map(), choice, today, now.getTime());
  return { rows, terms: shown.terms, term: shown.term, assignmentIds: shown.assignmentIds, published: shown.term !== null && published.has(shown.term.id) };
}
