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

/**
 * The school a report-card link names (/r/<id>.<secret>; the first school's, /r/<secret>, issue 42):
 * a family opens it without a session, so the address says where to look. It opens nothing by
 * itself: the whole token must still match a link of that school.
 */
export function schoolFromPath(url) {
  if (typeof url !== "string") return undefined;
  const m = /^\/r\/(?:([1-9]\d{0,9})\.)?[A-Za-z0-9_-]/.exec(url);
  if (!m) return undefined;
  // A link without an id is the first school's (the links issued before districts).
  if (m[1] === undefined) return 1;
  return Number(m[1]) <= MAX_SCHOOL_ID ? Number(m[1]) : undefined;
}

/**
 * Runs a request's handling in the school its address (a report-card link) or else its cookie
 * names (neither: outside any, i.e. the first).
 */
export function runInRequestSchool(req, handle) {
  const school = schoolFromPath(req?.url) ?? schoolFromCookieHeader(req?.headers?.cookie);
  return school === undefined ? handle() : schoolScope().run(school, handle);
}
