import "server-only";
import { sql } from "drizzle-orm";
import { queryRows } from "@/lib/db/client";
import { toCsv, SPREADSHEET } from "./csv";
import { gradebookRows, type GradebookAssignment, type GradebookStudent } from "./gradebook-layout";

/**
 * One class's gradebook: the roster with every grade as one row per student (comma-separated
 * ids and scores, like the grade grid) and the assignments: two set-based statements whatever
 * the class size. The SIS id is the sourcedId a roster import keeps on the user.
 */
export async function loadGradebook(
  levelCode: string,
): Promise<{ assignments: GradebookAssignment[]; students: GradebookStudent[] }> {
  const [assignmentRows, studentRows] = await Promise.all([
    queryRows<{ id: number; title: string; max_score: number }>(sql`
      select id, title, max_score from assignments where level_code = ${levelCode} order by due_date asc nulls last, id asc`),
    queryRows<{
      name: string;
      username: string;
      sis_id: string | null;
      assignment_ids: string | null;
      scores: string | null;
    }>(sql`
      select u.name, u.username, u.sourced_id as sis_id, g.assignment_ids, g.scores
      from student_enrollment e
      join users u on u.id = e.student_id
      left join (
        select g.student_id, string_agg(g.assignment_id::text, ',') as assignment_ids, string_agg(trim_scale(g.score)::text, ',') as scores
        from assignments a join grades g on g.assignment_id = a.id
        where a.level_code = ${levelCode}
        group by g.student_id
      ) g on g.student_id = e.student_id
      where e.level_code = ${levelCode}
      order by u.name, u.id`),
  ]);
  const assignments = assignmentRows.map((a) => ({ id: Number(a.id), title: a.title, maxScore: Number(a.max_score) }));
  // By id, not position: an assignment created between the two reads has no column and is skipped.
  const column = new Map(assignments.map((a, j) => [a.id, j]));
  const students = studentRows.map((r): GradebookStudent => {
    const scores: (number | null)[] = assignments.map(() => null);
    if (r.assignment_ids && r.scores) {
      const values = r.scores.split(",");
      r.assignment_ids.split(",").forEach((id, k) => {
        const j = column.get(Number(id));
        if (j !== undefined) scores[j] = Number(values[k]);
      });
    }
    return { name: r.name, username: r.username, sisId: r.sis_id, scores };
  });
  return { assignments, students };
}

export async function gradebookCsv(levelCode: string): Promise<string> {
  const { assignments, students } = await loadGradebook(levelCode);
  return toCsv(gradebookRows(assignments, students), SPREADSHEET);
}
