import "server-only";
import { sql } from "drizzle-orm";
import { queryRows } from "@/lib/db/client";
import { letterOf, type RollCallData } from "@/lib/domain/roll-call";

/**
 * The roll call of one class for one day in one statement, whatever the class size: the enrolled
 * students left-joined to that day's records (attendance_student_level_date_key), and whether the
 * class has any record that day (attendance_level_date_idx; records of students who left count,
 * as they do for the spec's duplicate-day rule). Names and statuses only: no access codes, no
 * other days. Callers have checked requireClassAccess(code, "teach").
 */
export async function getRollCall({
  levelCode,
  day,
  today,
}: {
  levelCode: string;
  day: string;
  today: string;
}): Promise<RollCallData> {
  const rows = await queryRows<{ id: number; name: string; status: string | null; taken: boolean }>(sql`
    select u.id, u.name, a.status,
           exists (select 1 from attendance x where x.level_code = ${levelCode} and x.date = ${day}::date) as taken
    from student_enrollment e
    join users u on u.id = e.student_id
    left join attendance a on a.student_id = e.student_id and a.level_code = e.level_code and a.date = ${day}::date
    where e.level_code = ${levelCode}
    order by u.name, u.id`);
  return {
    day,
    today,
    taken: rows.some((r) => r.taken),
    students: rows.map((r) => ({ id: Number(r.id), name: r.name })),
    marks: rows.map((r) => letterOf(r.status ?? "")).join(""),
  };
}
