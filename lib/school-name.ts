import "server-only";
import { sql } from "drizzle-orm";
import { queryRows } from "@/lib/db/client";
import { currentSchoolId } from "@/lib/db/school-scope";
import { env } from "@/lib/env";

/**
 * The name of the school this work belongs to (issue 42): on its report cards, letters, exports,
 * calendar feed and family pages. The first school's is SCHOOL_NAME (copied into `schools` at
 * every start, lib/db/startup.ts); a school added since keeps the name it was given.
 */
export async function currentSchoolName(): Promise<string> {
  const [row] = await queryRows<{ name: string }>(sql`select name from schools where id = ${currentSchoolId()}`);
  return row?.name ?? env().SCHOOL_NAME;
}
