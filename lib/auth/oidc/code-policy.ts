import "server-only";
import { audit } from "@/lib/audit";
import { db } from "@/lib/db/client";
import { currentSchoolId } from "@/lib/db/school-scope";
import { parseSignInCodes } from "@/lib/domain/sign-in-codes";
import { env } from "@/lib/env";
import { oidcProviders } from "./config";
import { knownSchoolIds, overridesOf } from "@/lib/school-overrides";

/** The install's roles whose access codes sign in (SIGNIN_CODES; validated at start, so never null here). */
function installCodeRoles(): Set<string> {
  return parseSignInCodes(env().SIGNIN_CODES) ?? new Set();
}

/**
 * A school's roles whose codes sign in: its own setting (/admin → School), else the install's.
 * Without any school-account provider (OIDC_PROVIDERS removed since), codes are the only way in:
 * a school's limit is then not applied, as the install's own is refused at start.
 */
export function codeRoles(schoolId: number = currentSchoolId()): Set<string> {
  if (oidcProviders().length === 0) return installCodeRoles();
  const own = overridesOf(schoolId)?.signInCodes;
  return (own == null ? null : parseSignInCodes(own)) ?? installCodeRoles();
}

/** Whether some school still lets some role sign in with a code: the sign-in dialog's code field. */
export function someCodesSignIn(): boolean {
  const schools = knownSchoolIds();
  if (schools.length === 0) return installCodeRoles().size > 0;
  return schools.some((id) => codeRoles(id).size > 0);
}

/**
 * Whether this person's access code signs in (issue 42). One code opens every school the person
 * belongs to, so it works only when each of them lets their role use codes: a school that asks its
 * staff to use their school account is not entered with a code through another school. A district
 * admin's code is the install's (SIGNIN_CODES).
 */
export function codeSignInAllowed(user: { role: string; districtAdmin: boolean; schoolIds: number[] }): boolean {
  if (user.districtAdmin) return installCodeRoles().has(user.role);
  const schools = user.schoolIds.length > 0 ? user.schoolIds : [currentSchoolId()];
  return schools.every((id) => codeRoles(id).has(user.role));
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
