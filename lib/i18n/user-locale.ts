import "server-only";
import { eq } from "drizzle-orm";
import { db } from "@/lib/db/client";
import { users } from "@/lib/db/schema";
import type { AnyLocale } from "./locales";

/** A person's own language (issue 31): only their own row, read back by the next request's session. */
export async function saveUserLocale(userId: number, locale: AnyLocale): Promise<void> {
  await db().update(users).set({ locale }).where(eq(users.id, userId));
}
