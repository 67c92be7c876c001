import { sealData } from "iron-session";
import { eq } from "drizzle-orm";
import { db } from "@/lib/db/client";
import { users } from "@/lib/db/schema";
import { SESSION_COOKIE, startSession } from "@/lib/auth/session";
import { sessionSecret } from "@/lib/auth/secret";
import { codeHash, sealPlaintextCodes } from "@/lib/auth/code-store";
import { SESSION_LIFETIME_MS } from "@/lib/domain/constants";
import { cookieJar } from "./request-context";

/** Signs the fake request in as the user with this access code (the real session code path). */
export async function signInAs(code: string): Promise<{ id: number }> {
  await sealPlaintextCodes(db()); // codes a test wrote in plain SQL (decision 019)
  const [u] = await db()
    .select({ id: users.id, sessionVersion: users.sessionVersion })
    .from(users)
    .where(eq(users.codeHash, codeHash(code)));
  if (!u) throw new Error(`no user with code ${code}`);
  cookieJar.clear();
  await startSession(u);
  return { id: u.id };
}

/** A correctly sealed cookie whose sign-in time is older than the 4 h lifetime. */
export async function useExpiredSessionOf(code: string): Promise<void> {
  await sealPlaintextCodes(db());
  const [u] = await db()
    .select({ id: users.id, sessionVersion: users.sessionVersion })
    .from(users)
    .where(eq(users.codeHash, codeHash(code)));
  if (!u) throw new Error(`no user with code ${code}`);
  const sealed = await sealData(
    { uid: u.id, ver: u.sessionVersion, iat: Date.now() - SESSION_LIFETIME_MS - 1000 },
    { password: sessionSecret() },
  );
  cookieJar.clear();
  cookieJar.set(SESSION_COOKIE, sealed);
}

export function signOutOfTestRequest(): void {
  cookieJar.clear();
}
