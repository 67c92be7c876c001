import "server-only";
import { sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";

/**
 * Writes one of the school's settings (the `settings` table: one JSON value per key, per school,
 * decision 034), replacing the value it had; the row's school is the transaction's.
 */
export async function writeSetting(
  tx: Pick<Db, "execute">,
  key: string,
  value: unknown,
  actorId: number,
): Promise<void> {
  await tx.execute(sql`
    insert into settings (key, value, updated_by) values (${key}, ${JSON.stringify(value)}::jsonb, ${actorId})
    on conflict (school_id, key) do update set value = excluded.value, updated_by = excluded.updated_by, updated_at = now()`);
}
