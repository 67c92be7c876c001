import { schoolScope } from "@/lib/request-school.mjs";

// Which school the database work of the moment belongs to (issue 42, decision 034). Every
// transaction the portal opens starts by setting it (`app.school_id`) and by dropping to the
// `portal_app` role, which row-level security applies to: a query then sees and writes only that
// school's rows, whatever its own filters say. Work that names no school is the install's first
// school's, so a single-school install runs as it always did.

/** The install's first school: every row that existed before districts belongs to it. */
export const DEFAULT_SCHOOL_ID = 1;

/** The role without BYPASSRLS the portal's statements run as (drizzle/0038). */
export const PORTAL_ROLE = "portal_app";

// The same store scripts/start.mjs runs each request in (lib/request-school.mjs).
const scope = schoolScope();

function checkedSchoolId(schoolId: number): number {
  if (!Number.isSafeInteger(schoolId) || schoolId < 1) throw new Error(`not a school id: ${String(schoolId)}`);
  return schoolId;
}

/** Runs `fn` with every statement it issues (and everything it awaits) in `schoolId`'s rows. */
export function withSchool<T>(schoolId: number, fn: () => T): T {
  return scope.run(checkedSchoolId(schoolId), fn);
}

/** The school of the work in progress. */
export function currentSchoolId(): number {
  return scope.getStore() ?? DEFAULT_SCHOOL_ID;
}

/**
 * The statements that open a transaction's school: local to the transaction, so through a
 * transaction-pooling PgBouncer the next client's transaction starts clean. One simple query (no
 * parameters: the id is a checked integer), so it costs one round trip.
 */
export function schoolPrelude(): string {
  const id = checkedSchoolId(currentSchoolId());
  // SET, not set_config(): a utility statement takes no snapshot, so a `set transaction isolation
  // level …` that drizzle sends next (PGlite) is still the transaction's first query.
  return `set local role ${PORTAL_ROLE}; set local app.school_id = '${id}'`;
}
