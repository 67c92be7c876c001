import "server-only";
import { memberHere } from "@/lib/db/schools";
import { and, eq } from "drizzle-orm";
import { db } from "@/lib/db/client";
import { users } from "@/lib/db/schema";

export interface PersonHeader {
  id: number;
  name: string;
  username: string;
  phoneNumber: string | null;
  parent1Number: string | null;
  parent2Number: string | null;
}

/** The few fields an admin's person page heads with (no code: that stays on the dashboard's badge). */
export async function getPerson(id: number, role: "student" | "parent"): Promise<PersonHeader | null> {
  if (!Number.isInteger(id) || id <= 0 || id > 2_147_483_647) return null;
  const [row] = await db()
    .select({
      id: users.id,
      name: users.name,
      username: users.username,
      phoneNumber: users.phoneNumber,
      parent1Number: users.parent1Number,
      parent2Number: users.parent2Number,
    })
    .from(users)
    .where(and(eq(users.id, id), eq(users.role, role), memberHere(users.id)));
  return row ?? null;
}
