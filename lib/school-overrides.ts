import { currentSchoolId } from "@/lib/db/school-scope";

// Each school's own settings (issue 42, decision 037), as the process last read them from
// `schools`: what lib/env.ts's school getters (time zone, language, parent lookup, code sign-in)
// answer for the school of the work in progress before falling back to the install's variable.
// They are read synchronously a dozen times a page, so they are held here, every school at once
// (a district has tens of schools, not thousands), and re-read by lib/district/school-settings.ts
// at most every few seconds. On globalThis: Next bundles a module once per route.

export interface SchoolOverrides {
  timeZone: string | null;
  locale: string | null;
  parentPortal: string | null;
  signInCodes: string | null;
  /** Lower-case domains; null: the school names none of its own. */
  accountDomains: string[] | null;
}

interface Snapshot {
  bySchool: Map<number, SchoolOverrides>;
  readAt: number;
}

const store = globalThis as { __portalSchoolOverrides?: Snapshot };

/** The school's own settings as last read, or undefined before the first read (then: the install's). */
export function overridesOf(schoolId: number = currentSchoolId()): SchoolOverrides | undefined {
  return store.__portalSchoolOverrides?.bySchool.get(schoolId);
}

/** The ids of every school as last read (none before the first read). */
export function knownSchoolIds(): number[] {
  return [...(store.__portalSchoolOverrides?.bySchool.keys() ?? [])];
}

/** When the snapshot was read (ms since the epoch), 0 before the first read. */
export function overridesReadAt(): number {
  return store.__portalSchoolOverrides?.readAt ?? 0;
}

export function replaceOverrides(bySchool: Map<number, SchoolOverrides>, readAt: number): void {
  store.__portalSchoolOverrides = { bySchool, readAt };
}

/** Tests that rewrite `schools` behind the portal's back read it again. */
export function forgetOverrides(): void {
  store.__portalSchoolOverrides = undefined;
}
