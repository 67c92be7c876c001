import "server-only";
import { and, eq, sql } from "drizzle-orm";
import { getIronSession, unsealData, type SessionOptions } from "iron-session";
import { cookies, headers } from "next/headers";
import { cache } from "react";
import { refreshSchoolSettings } from "@/lib/district/school-settings";
import { db } from "@/lib/db/client";
import { markSignedIn, schoolsOf } from "@/lib/db/schools";
import { users } from "@/lib/db/schema";
import { currentSchoolId } from "@/lib/db/school-scope";
import { SCHOOL_COOKIE, SECURE_SCHOOL_COOKIE } from "@/lib/request-school.mjs";
import { SESSION_LIFETIME_MS } from "@/lib/domain/constants";
import { env } from "@/lib/env";
import { sessionSecret } from "./secret";

export const SESSION_COOKIE = "portal_session";
/** Over HTTPS the cookie is Secure and named __Host-…: browsers then refuse it from plain HTTP or a sibling domain. */
export const SECURE_SESSION_COOKIE = "__Host-portal_session";

/** What the sealed cookie holds: who, which session version, and when they signed in. */
export interface SessionData {
  uid?: number;
  ver?: number;
  /** Sign-in time (ms). The 4 h lifetime counts from here and is never extended. */
  iat?: number;
}

export interface SessionUser {
  id: number;
  name: string;
  username: string;
  role: string;
  /** Absolute end of this session (ms since epoch). */
  expiresAt: number;
  /** The language this person chose (lib/i18n/locales.ts), or null for the school's. */
  locale: string | null;
  /** Unread in-app notifications (issue 20), counted up to 100: the header's bell. */
  unread: number;
  /** The school this request works in (issue 42): always one of `schoolIds`. */
  schoolId: number;
  /** The schools this person may enter (lib/db/schools.ts schoolsOf has their names). */
  schoolIds: number[];
  /** May enter every school and manage the schools (/district). */
  districtAdmin: boolean;
}

export async function isHttps(): Promise<boolean> {
  const setting = env().COOKIE_SECURE;
  if (setting !== "auto") return setting === "true";
  const h = await headers();
  return (h.get("x-forwarded-proto") ?? "").split(",")[0]?.trim() === "https";
}

async function options(): Promise<SessionOptions> {
  const secure = await isHttps();
  return {
    password: sessionSecret(),
    cookieName: secure ? SECURE_SESSION_COOKIE : SESSION_COOKIE,
    ttl: Math.ceil(SESSION_LIFETIME_MS / 1000),
    cookieOptions: { httpOnly: true, sameSite: "lax", secure, path: "/" },
  };
}

/**
 * The writable session (sign-in and sign-out only). A cookie iron-session cannot read (a forged
 * "Fe26.1*…", a flipped-case prefix) makes getIronSession throw; it is then read as no session,
 * and the next save or destroy replaces it.
 */
async function session() {
  const store = await cookies();
  const o = await options();
  try {
    return await getIronSession<SessionData>(store, o);
  } catch {
    const withoutIt = { get: () => undefined, set: store.set.bind(store) } as unknown as typeof store;
    return getIronSession<SessionData>(withoutIt, o);
  }
}

// Unsealing a cookie is WebCrypto work (PBKDF2, HMAC and AES: ~6 % of a student's class page's
// CPU, issue 21), and the same cookie comes back with every request of a session. So each process
// remembers what its last few thousand cookies said, keyed by the sealed value itself, which only
// its holder has. Nothing else is kept: the 4 h lifetime and the user's session version are still
// checked on every request (getSessionUser), so a signed-out or expired cookie is refused as before.
const UNSEALED_KEPT = 5_000;
const unsealed = new Map<string, Readonly<SessionData>>();
// Only a cookie of the shape iron-session writes is remembered (its seal, "~", its format version;
// ours are ~300 characters): iron-session reads no further than that, so text appended to a valid
// cookie would otherwise make as many entries as one signed-in person cared to send.
const REMEMBERED_SHAPE = /^[^~]{1,1000}~\d{1,2}$/;

/** How many cookies this process remembers (its bound is tested). */
export function rememberedCookieCount(): number {
  return unsealed.size;
}

/** What this request's cookie says (empty without a valid one). */
async function readSession(): Promise<SessionData> {
  const o = await options();
  const seal = (await cookies()).get(o.cookieName)?.value;
  if (!seal) return {};
  const known = unsealed.get(seal);
  if (known) return { ...known };
  // iron-session throws on a seal it cannot parse ("Wrong mac prefix", "Cannot find password"
  // with a non-numeric id…) instead of answering empty: any such cookie is simply not a session.
  const data = await unsealData<SessionData>(seal, { password: o.password, ttl: o.ttl }).catch((): SessionData => ({}));
  const read: SessionData = { uid: data.uid, ver: data.ver, iat: data.iat };
  if (read.uid && REMEMBERED_SHAPE.test(seal)) {
    if (unsealed.size >= UNSEALED_KEPT) unsealed.delete(unsealed.keys().next().value!);
    unsealed.set(seal, read);
  }
  return { ...read };
}

/** Decides whether a decoded cookie is still a live session. Pure, so it is unit-tested. */
export function sessionIsLive(
  data: SessionData,
  current: { sessionVersion: number } | undefined,
  now: number,
): boolean {
  if (!data.uid || !data.ver || !data.iat) return false;
  if (data.iat > now + 60_000) return false; // issued in the future: not ours
  if (now >= data.iat + SESSION_LIFETIME_MS) return false;
  return current !== undefined && current.sessionVersion === data.ver;
}

/**
 * The signed-in user, or null. Checked on every request: the seal, the absolute lifetime, and
 * the user's current session version (logout and code changes revoke older cookies).
 */
export const getSessionUser = cache(async (): Promise<SessionUser | null> => {
  // Every page asks this first: the schools' own settings (time zone, language…) are fresh for it.
  await refreshSchoolSettings();
  const data = await readSession();
  if (!data.uid) return null;
  const [row] = await db()
    .select({
      id: users.id,
      name: users.name,
      username: users.username,
      role: users.role,
      locale: users.locale,
      sessionVersion: users.sessionVersion,
      // In the same statement as the session check: the bell costs no extra round trip on any page.
      unread: sql<number>`(select count(*)::int from (select 1 from notifications n where n.user_id = users.id and n.read_at is null limit 100) x)`,
      districtAdmin: users.districtAdmin,
      // The schools this person may enter (a district admin: every one), in the same statement, as
      // ids only: names are read by the switcher, for the few who belong to several (measured: the
      // names in json here cost the statement 0.6 ms, the ids 0.1 ms).
      schoolIds: sql<
        string | null
      >`case when users.district_admin then (select string_agg(s.id::text, ',' order by s.id) from schools s) else (select string_agg(m.school_id::text, ',' order by m.school_id) from school_memberships m where m.user_id = users.id) end`,
    })
    .from(users)
    .where(eq(users.id, data.uid));
  if (!sessionIsLive(data, row, Date.now()) || !row) return null;
  // The request runs in the school its cookie names (lib/request-school.mjs); a person who does
  // not belong there is not signed in there, whatever the cookie says.
  const schoolId = currentSchoolId();
  const schoolIds = (row.schoolIds ?? "").split(",").filter(Boolean).map(Number);
  if (!schoolIds.includes(schoolId)) return null;
  return {
    id: row.id,
    name: row.name,
    username: row.username,
    role: row.role,
    locale: row.locale,
    expiresAt: data.iat! + SESSION_LIFETIME_MS,
    unread: Number(row.unread),
    schoolId,
    schoolIds,
    districtAdmin: row.districtAdmin,
  };
});

/** Points the browser at a school for its next requests (the session check still decides). */
export async function chooseSchool(schoolId: number): Promise<void> {
  const secure = await isHttps();
  (await cookies()).set(secure ? SECURE_SCHOOL_COOKIE : SCHOOL_COOKIE, String(schoolId), {
    httpOnly: true,
    sameSite: "lax",
    secure,
    path: "/",
  });
}

/**
 * The school a person's sign-in belongs to: the browser's when they belong there (a shared
 * computer of one school), else their first. Its admins, not another school's, read the audit of it.
 */
export async function signInSchool(userId: number): Promise<{ schoolId: number; moved: boolean }> {
  const schools = await schoolsOf(userId);
  const stay = schools.some((school) => school.id === currentSchoolId());
  return stay || !schools[0] ? { schoolId: currentSchoolId(), moved: false } : { schoolId: schools[0].id, moved: true };
}

/** Signs the person in, in their sign-in school; answers that school. */
export async function startSession(user: { id: number; sessionVersion: number }): Promise<number> {
  const { schoolId, moved } = await signInSchool(user.id);
  if (moved) await chooseSchool(schoolId);
  await markSignedIn(user.id, schoolId);
  const s = await session();
  s.uid = user.id;
  s.ver = user.sessionVersion;
  s.iat = Date.now();
  await s.save();
  return schoolId;
}

/**
 * Ends this session and, when the cookie is still live, revokes every other cookie of the same
 * user. A revoked or expired cookie only clears itself: replaying one must not sign the user out
 * of the session they have now (the bump is conditional on the version the cookie carries).
 */
export async function endSession(): Promise<void> {
  const s = await session();
  const data = { ...s } as SessionData;
  if (data.uid && data.ver && data.iat && sessionIsLive(data, { sessionVersion: data.ver }, Date.now())) {
    await db()
      .update(users)
      .set({ sessionVersion: sql`${users.sessionVersion} + 1` })
      .where(and(eq(users.id, data.uid), eq(users.sessionVersion, data.ver)));
  }
  s.destroy();
}
