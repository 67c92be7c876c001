import "server-only";
import { eq } from "drizzle-orm";
import { audit } from "@/lib/audit";
import { db } from "@/lib/db/client";
import { users } from "@/lib/db/schema";
import { parseSignInCodes } from "@/lib/domain/sign-in-codes";
import { OIDC_SIGN_IN_MESSAGES } from "@/lib/domain/oidc-messages";
import { env } from "@/lib/env";

/** The roles whose access codes sign in (SIGNIN_CODES; validated at start, so never null here). */
export function codeRoles(): Set<string> {
  return parseSignInCodes(env().SIGNIN_CODES) ?? new Set();
}

export const CODES_OFF_MESSAGE = OIDC_SIGN_IN_MESSAGES.codes_off;

/**
 * Whether this user may sign in with their (correct) code. With SIGNIN_CODES=all no query is made;
 * otherwise a refusal is audited, so the school sees staff still trying codes.
 */
export async function codeSignInAllowed(userId: number): Promise<boolean> {
  const roles = codeRoles();
  if (roles.size === 4) return true;
  const [row] = await db().select({ role: users.role }).from(users).where(eq(users.id, userId));
  if (row && roles.has(row.role)) return true;
  await audit(db(), { action: "signin.code_refused", actorId: userId, detail: { role: row?.role ?? null } });
  return false;
}
