// A published term's stored card (issue 27) as SQL reads it: one JSON object per row of
// term_grade_records, selected beside whatever a screen reads, and parsed back into the shape
// lib/domain/stored-grade made it from.
import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { jsonColumn, queryRows } from "@/lib/db/client";
import type { StoredTermGrade } from "@/lib/domain/stored-grade";

/** A stored card as one JSON object: select `${storedCardJson("r")}` from term_grade_records r. */
export function storedCardJson(alias: string): SQL {
  const r = sql.raw(alias);
  return sql`json_build_object(
    'percent', ${r}.percent, 'letter', ${r}.letter, 'computedPercent', ${r}.computed_percent,
    'earnedPoints', ${r}.earned_points::text, 'possiblePoints', ${r}.possible_points::text,
    'categories', ${r}.categories, 'marks', ${r}.marks, 'why', ${r}.why,
    'override', case when ${r}.override_percent is null then null else json_build_object(
      'percent', ${r}.override_percent::text, 'reason', ${r}.override_reason, 'shared', ${r}.override_reason_shared, 'note', ${r}.override_note) end,
    'comment', ${r}.comment,
    'attendance', json_build_object('present', ${r}.present, 'absent', ${r}.absent, 'late', ${r}.late, 'excused', ${r}.excused),
    'attendancePercent', ${r}.attendance_percent)`;
}

/** The card as read from storedCardJson (numbers may come back as text from a numeric column). */
export function storedCardFrom(v: StoredTermGrade | string): StoredTermGrade {
  const c = jsonColumn(v)!;
  return { ...c, attendancePercent: c.attendancePercent === null ? null : Number(c.attendancePercent) };
}

/** Every stored card of one class in one published term, by student id. */
export async function readStoredCards(termId: number, levelCode: string, on?: Parameters<typeof queryRows>[1]) {
  const rows = await queryRows<{ student_id: number; card: StoredTermGrade | string }>(
    sql`select r.student_id, ${storedCardJson("r")} as card from term_grade_records r
        where r.term_id = ${termId} and r.level_code = ${levelCode}`,
    on,
  );
  return new Map(rows.map((r) => [Number(r.student_id), storedCardFrom(r.card)]));
}

/**
 * Every stored card of one class in one published term with the student's name, username and
 * sourcedId and their scores in the class (as readClassTermInputs reads an enrolled student's),
 * in name order: the term's gradebook CSV lists every card, a student who has left the class too.
 */
export async function readStoredCardRows(termId: number, levelCode: string) {
  const rows = await queryRows<{
    id: number;
    name: string;
    username: string;
    sis_id: string | null;
    card: StoredTermGrade | string;
    assignment_ids: string | null;
    scores_h: string | null;
  }>(
    sql`select u.id, u.name, u.username, u.sourced_id as sis_id, ${storedCardJson("r")} as card, sc.assignment_ids, sc.scores_h
        from term_grade_records r join users u on u.id = r.student_id
        left join lateral (
          -- Returned grades only: a draft is not graded yet (decision 033).
          select string_agg(g.assignment_id::text, ',') as assignment_ids, string_agg(((g.score * 100)::int)::text, ',') as scores_h
          from grades g join assignments a on a.id = g.assignment_id where a.level_code = r.level_code and g.student_id = r.student_id and g.returned_at is not null) sc on true
        where r.term_id = ${termId} and r.level_code = ${levelCode} order by u.name, u.id`,
  );
  return rows.map((r) => ({ ...r, id: Number(r.id), card: storedCardFrom(r.card) }));
}
