import "server-only";
import { audit } from "@/lib/audit";
import { db } from "@/lib/db/client";
import { parseSignInCodes } from "@/lib/domain/sign-in-codes";
import { env } from "@/lib/env";

/** The roles whose access codes sign in (SIGNIN_CODES; validated at start, so never null here). */
export function codeRoles(): Set<string> {
  return parseSignInCodes(env().SIGNIN_CODES) ?? new Set();
}

/** Whether this role's access codes sign in (SIGNIN_CODES). */
export function codeSignInAllowed(role: string): boolean {
  return codeRoles().has(role);
}

/**
 * A right code refused by SIGNIN_CODES is audited, so the school sees staff still trying codes.
 * Not awaited: the answer must take as long as a wrong code's (lib/auth/sign-in-flow.ts).
 */
export function auditRefusedCode(user: { id: number; role: string }): void {
  void audit(db(), { action: "signin.code_refused", actorId: user.id, detail: { role: user.role } }).catch((err) =>
    console.error("sign-in: a refused code could not be audited:", err),
  );
}
