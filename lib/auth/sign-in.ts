import "server-only";
import { eq, sql } from "drizzle-orm";
import { db } from "@/lib/db/client";
import { users } from "@/lib/db/schema";
import { ACCESS_CODE_MAX_LENGTH } from "@/lib/domain/constants";
import { codeHash, normalizeCode } from "./code-store";

export { normalizeCode } from "./code-store";

/** Looked up by the code's keyed hash (decision 019): the code itself is never stored or compared in SQL. */
export async function findUserByCode(
  raw: string,
): Promise<{ id: number; sessionVersion: number; role: string; districtAdmin: boolean; schoolIds: number[] } | null> {
  const code = normalizeCode(raw);
  // A NUL is in no code, and PostgreSQL text refuses it outright: a miss, never an error.
  if (!code || code.length > ACCESS_CODE_MAX_LENGTH || code.includes("\u0000")) return null;
  const [row] = await db()
    .select({
      id: users.id,
      sessionVersion: users.sessionVersion,
      role: users.role,
      districtAdmin: users.districtAdmin,
      // The schools the code would open, in the same statement: each one's code policy is asked.
      schoolIds: sql<
        string | null
      >`(select string_agg(m.school_id::text, ',') from school_memberships m where m.user_id = users.id)`,
    })
    .from(users)
    .where(eq(users.codeHash, codeHash(code)));
  if (!row) return null;
  return { ...row, schoolIds: (row.schoolIds ?? "").split(",").filter(Boolean).map(Number) };
}
