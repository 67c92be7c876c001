import "server-only";
import { eq } from "drizzle-orm";
import { audit } from "@/lib/audit";
import { db } from "@/lib/db/client";
import { users } from "@/lib/db/schema";
import { parseSignInCodes } from "@/lib/domain/sign-in-codes";
import { env } from "@/lib/env";
import { getT } from "@/lib/i18n/request-locale";

/** The roles whose access codes sign in (SIGNIN_CODES; validated at start, so never null here). */
export function codeRoles(): Set<string> {
  return parseSignInCodes(env().SIGNIN_CODES) ?? new Set();
}

/**
 * The refusal of a code whose role signs in with its school account only, in the reader's language
 * (the catalog's signIn.refusals.codes_off, which the no-script redirect's ?signin=codes_off shows too;
 * its English is OIDC_SIGN_IN_MESSAGES.codes_off).
 */
export async function codesOffMessage(): Promise<string> {
  return (await getT("signIn"))("refusals.codes_off");
}

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
