import "server-only";
import { sql } from "drizzle-orm";
import { queryRows } from "./client";

/** Every school of the install (the district's table), for work that visits each: the storage's orphan sweep. */
export async function schoolIds(): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(sql`select id from schools order by id`);
  return rows.map((r) => Number(r.id));
}
