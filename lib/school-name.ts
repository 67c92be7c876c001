import "server-only";
import { sql } from "drizzle-orm";
import { db, queryRows, type Db } from "@/lib/db/client";
import { currentSchoolId, DEFAULT_SCHOOL_ID } from "@/lib/db/school-scope";
import { env } from "@/lib/env";

/**
 * The name of the school this work belongs to (issue 42): on its report cards, letters, exports,
 * calendar feed, e-mails and family pages. Inside a transaction, pass it (`on`). The first school's is SCHOOL_NAME (copied into `schools` at
 * every start, lib/db/startup.ts); a school added since keeps the name it was given.
 */
export async function currentSchoolName(on: Pick<Db, "execute"> = db()): Promise<string> {
  // The first school's name is the setting itself: a single-school install reads nothing more.
  if (currentSchoolId() === DEFAULT_SCHOOL_ID) return env().SCHOOL_NAME;
  const [row] = await queryRows<{ name: string }>(sql`select name from schools where id = ${currentSchoolId()}`, on);
  return row?.name ?? env().SCHOOL_NAME;
}
