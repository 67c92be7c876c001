import "server-only";
import { sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { queryRows } from "./client";

/** Every school of the install (the district's table), for work that visits each: the storage's orphan sweep. */
export async function schoolIds(): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(sql`select id from schools order by id`);
  return rows.map((r) => Number(r.id));
}

/**
 * "This person belongs to the school of the transaction" (issue 42, decision 035). People are the
 * district's (one row in `users`, no row-level security), so a school's lists of people, and its
 * admin's changes to one, name this condition themselves: a school admin neither sees nor touches
 * someone who only belongs to another school.
 */
export function memberHere(userId: SQLWrapper): SQL {
  return sql`exists (select 1 from school_memberships m where m.user_id = ${userId} and m.school_id = portal_school())`;
}
