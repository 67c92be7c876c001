import "server-only";
import { sql } from "drizzle-orm";
import { queryRows } from "@/lib/db/client";

export interface CrossClassEnrollmentRow {
  id: number;
  at: Date;
  actorName: string | null;
  levelCode: string | null;
  studentId: number;
  studentName: string | null;
  /** The student's other teachers' classes at the time. */
  classes: string;
}

/**
 * Students a teacher added to their class from another teacher's class, last 30 days (issue 28):
 * allowed by the spec, but a way to reach a student one does not teach, so admins see each one.
 * Read from the enrollment.cross_class audit entries.
 */
export async function listCrossClassEnrollments(limit = 50): Promise<CrossClassEnrollmentRow[]> {
  const rows = await queryRows<{
    id: number;
    at: Date | string;
    actor_name: string | null;
    level_code: string | null;
    student_id: string;
    student_name: string | null;
    classes: string;
  }>(sql`
    select a.id, a.at, u.name as actor_name, a.level_code, f->>'studentId' as student_id, s.name as student_name,
      f->>'classes' as classes
    from audit_log a cross join lateral jsonb_array_elements(a.detail->'students') f
    left join users u on u.id = a.actor_id left join users s on s.id = (f->>'studentId')::int
    where a.action = 'enrollment.cross_class' and a.at > now() - interval '30 days'
    order by a.at desc, a.id desc limit ${limit}`);
  return rows.map((r) => ({
    id: Number(r.id),
    at: new Date(r.at),
    actorName: r.actor_name,
    levelCode: r.level_code,
    studentId: Number(r.student_id),
    studentName: r.student_name,
    classes: r.classes,
  }));
}
