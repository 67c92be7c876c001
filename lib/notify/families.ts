// Who hears about a student (decision 004's privacy model): the student, and the guardians linked
// to them now. Nobody else, whatever the event.
import "server-only";
import { sql } from "drizzle-orm";
import { queryRows, type Db } from "@/lib/db/client";

type Runner = Pick<Db, "execute">;

export interface FamilyMember {
  studentId: number;
  userId: number;
  guardian: boolean;
}

/**
 * The students of `studentIds` (only those still enrolled in `levelCode`, when given, and not
 * removed by the roster) and their linked guardians, in one statement.
 */
export async function familiesOf(
  tx: Runner,
  studentIds: readonly number[],
  levelCode: string | null,
): Promise<FamilyMember[]> {
  if (studentIds.length === 0) return [];
  const ids = `{${[...new Set(studentIds)].join(",")}}`;
  const enrolled =
    levelCode === null
      ? sql`true`
      : sql`exists (select 1 from student_enrollment e where e.student_id = s.id and e.level_code = ${levelCode})`;
  const rows = await queryRows<{ student_id: number; user_id: number; guardian: boolean }>(
    sql`select s.id as student_id, s.id as user_id, false as guardian from users s
          where s.id = any(${ids}::int[]) and s.role = 'student' and s.roster_deleted_at is null and ${enrolled}
        union all
        select g.student_id, g.parent_id, true from guardian_links g join users s on s.id = g.student_id
          where g.student_id = any(${ids}::int[]) and g.removed_at is null and s.roster_deleted_at is null and ${enrolled}`,
    tx,
  );
  return rows.map((r) => ({
    studentId: Number(r.student_id),
    userId: Number(r.user_id),
    guardian: r.guardian === true,
  }));
}

/** Where a notice about a student's class opens: the class page's tab for the student, the child's report card for a guardian. */
export function hrefFor(member: FamilyMember, levelCode: string | null, tab?: string): string {
  if (member.guardian) return `/children/${member.studentId}`;
  if (levelCode === null) return "/";
  return `/level/${encodeURIComponent(levelCode)}${tab ? `?tab=${tab}` : ""}`;
}
