// Which school a request works in (issue 42, decision 035). The browser names it in a cookie of
// its own, read here before Next.js sees the request, and every database statement of the request
// (page, server action, route handler, whatever they await) then runs in that school's rows. The
// cookie chooses nothing by itself: the session check (lib/auth/session.ts) answers "not signed in"
// to a person who does not belong to the school it names, so a changed cookie reaches no one else's
// school. No cookie: the install's first school, so a single-school install sets nothing.
import { AsyncLocalStorage } from "node:async_hooks";

export const SCHOOL_COOKIE = "portal_school";
/** Over HTTPS, like the session's: a sibling domain or plain HTTP cannot set it. */
export const SECURE_SCHOOL_COOKIE = "__Host-portal_school";

/** The one store lib/db/school-scope.ts reads; on globalThis since Next bundles modules per route. */
export function schoolScope() {
  globalThis.__portalSchoolScope ??= new AsyncLocalStorage();
  return globalThis.__portalSchoolScope;
}

const MAX_SCHOOL_ID = 2_147_483_647;

/** The school a Cookie header names (the __Host- cookie first), or undefined. */
export function schoolFromCookieHeader(header) {
  if (typeof header !== "string" || header.length === 0) return undefined;
  let plain;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0) continue;
    const name = part.slice(0, eq).trim();
    if (name !== SECURE_SCHOOL_COOKIE && name !== SCHOOL_COOKIE) continue;
    const value = part.slice(eq + 1).trim();
    if (!/^[1-9]\d{0,9}$/.test(value) || Number(value) > MAX_SCHOOL_ID) continue;
    if (name === SECURE_SCHOOL_COOKIE) return Number(value);
    plain ??= Number(value);
  }
  return plain;
}

/** Runs a request's handling in the school its cookie names (none: outside any, i.e. the first). */
export function runInRequestSchool(req, handle) {
  const school = schoolFromCookieHeader(req?.headers?.cookie);
  return school === undefined ? handle() : schoolScope().run(school, handle);
}
