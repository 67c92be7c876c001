import "server-only";
import { eq } from "drizzle-orm";
import { db } from "@/lib/db/client";
import { users } from "@/lib/db/schema";

/** Name, username and role of any user (the admin's sign-in links page). */
export async function getPersonAnyRole(
  id: number,
): Promise<{ id: number; name: string; username: string; role: string } | null> {
  const [row] = await db()
    .select({ id: users.id, name: users.name, username: users.username, role: users.role })
    .from(users)
    .where(eq(users.id, id));
  return row ?? null;
}
