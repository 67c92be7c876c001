import "server-only";
import { and, eq } from "drizzle-orm";
import { db } from "@/lib/db/client";
import { users } from "@/lib/db/schema";
import { memberHere } from "@/lib/db/schools";

/** Name, username and role of any user (the admin's sign-in links page). */
export async function getPersonAnyRole(
  id: number,
): Promise<{ id: number; name: string; username: string; role: string } | null> {
  const [row] = await db()
    .select({ id: users.id, name: users.name, username: users.username, role: users.role })
    .from(users)
    .where(and(eq(users.id, id), memberHere(users.id)));
  return row ?? null;
}
