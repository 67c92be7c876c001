import "server-only";
import { headers } from "next/headers";
import { forbidden, notFound, redirect } from "next/navigation";
import { cache } from "react";
import { safeDecode } from "@/lib/domain/url";
import { msg, type Message } from "@/lib/i18n/message";
import { isLinkedGuardian } from "@/lib/parent/guardians";
import { reportCardFor } from "@/lib/parent/portal";
import { getPerson, type PersonHeader } from "@/lib/queries/people";
import { getStudentRecord, type StudentRecord } from "@/lib/queries/records";
import { requestLocale } from "@/lib/i18n/request-locale";
import { AccessDenied, requireClassAccess, type ClassAccess } from "./guards";
import { PAGE_LOAD_HEADER, PAGE_PATH_HEADER, gatedPageOf } from "./page-path";
import { adminAccess, canReadReportCard, canReadStudentRecord, isStaff } from "./policy";
import { getSessionUser, type SessionUser } from "./session";

// Who may open each gated page, and what a refused visitor sees with which status (decision 027).
// A refusal is thrown (forbidden() → 403, notFound() → 404) before the page starts streaming, and
// the forbidden.tsx / not-found.tsx next to each page render the same screen (*RefusalOf* below).
// Signed-out visitors are not refused here: each page keeps its own sign-in screen or redirect.

/**
 * The screen a refused page shows and the status it answers with. Its words are message descriptors
 * (issue 40, decision 029), the spec's wording in English, written in the reader's language by the
 * screen (components/access-screens.tsx).
 */
export interface PageRefusal {
  status: 403 | 404;
  title: Message;
  message: Message;
  /** The home link's words, when not the screen's own "Return to Home". */
  homeLabel?: Message;
}

const ADMIN_REFUSAL: PageRefusal = {
  status: 403,
  title: msg("states.accessDenied"),
  message: msg("states.adminOtherRole"),
  homeLabel: msg("admin.goHome"),
};
const STAFF_REFUSAL: PageRefusal = {
  status: 403,
  title: msg("states.accessDenied"),
  message: msg("states.onlyTeachers"),
};
/** 404: the same answer for a missing student and another family's child, so neither is told apart. */
const CHILD_REFUSAL: PageRefusal = {
  status: 404,
  title: msg("states.accessDenied"),
  message: msg("child.denied"),
};

export function refuse(refusal: PageRefusal): never {
  return refusal.status === 404 ? notFound() : forbidden();
}

/** A refusal the page renders itself, as before: on the client router's requests only. */
export interface Refused {
  user: SessionUser | null;
  refusal: PageRefusal;
}

/**
 * On a page load, throws the refusal (403/404). On the client router's own requests, whose status
 * no one sees, returns it for the page to render: a thrown one is caught there by a boundary the
 * router may have kept from an earlier page, and the page went blank in testing.
 */
async function refuseOrRender(refusal: PageRefusal): Promise<Refused> {
  if ((await headers()).get(PAGE_LOAD_HEADER) === "1") refuse(refusal);
  return { user: await getSessionUser(), refusal };
}

function classRefusal(err: AccessDenied): PageRefusal {
  return err.reason === "not-found"
    ? { status: 404, title: msg("states.classNotFoundTitle"), message: msg("states.classNotFound") }
    : { status: 403, title: msg("states.accessDenied"), message: err.refusal };
}

type Decision<T> = { allowed: T } | { signedOut: true } | { refusal: PageRefusal };

/** One look-up per request for the page, its layout and the refusal screen alike (React cache). */
const classDecision = cache(async (levelCode: string, mode: "view" | "teach"): Promise<Decision<ClassAccess>> => {
  if (!(await getSessionUser())) return { signedOut: true };
  try {
    return { allowed: await requireClassAccess(levelCode, mode) };
  } catch (err) {
    if (!(err instanceof AccessDenied)) throw err;
    return { refusal: classRefusal(err) };
  }
});

/**
 * The class page ("view") or the class's dashboard pages ("teach"), spec §6: the class's access,
 * or null for a signed-out visitor; refused otherwise (Class Not Found 404, else 403).
 */
export async function classPageAccess(
  levelCode: string,
  mode: "view" | "teach",
): Promise<ClassAccess | Refused | null> {
  const decision = await classDecision(levelCode, mode);
  if ("refusal" in decision) return refuseOrRender(decision.refusal);
  return "allowed" in decision ? decision.allowed : null;
}

/** The class's dashboard pages (/level/{code}/update…): a signed-out visitor goes back to / (sign-in). */
export async function dashboardPageAccess(levelCode: string): Promise<ClassAccess | Refused> {
  return (await classPageAccess(levelCode, "teach")) ?? redirect("/");
}

/**
 * For app/level/[levelCode]/layout.tsx: the class page and the dashboard pages sit under the
 * "Loading Class..." boundary (loading.tsx), which starts the response with 200 before a page can
 * refuse. The layout runs above it, so it makes the same decision first, for the page the
 * request's path names (PAGE_PATH_HEADER; the page itself decides again, from the same cache).
 */
export async function levelLayoutAccess(levelCode: string): Promise<void> {
  const request = await headers();
  // Not on the client router's requests (RSC): their status is never seen, and each page renders
  // its own refusal there (refuseOrRender).
  if (request.get(PAGE_LOAD_HEADER) !== "1") return;
  const gated = gatedPageOf(request.get(PAGE_PATH_HEADER));
  if (gated?.page !== "class") return;
  if (gated.mode === "teach") await dashboardPageAccess(levelCode);
  else await classPageAccess(levelCode, "view");
}

/** Every admin page: the admin, or null for a signed-out visitor; other roles are refused (403). */
export async function adminPageAccess(): Promise<SessionUser | Refused | null> {
  const user = await getSessionUser();
  const decision = adminAccess(user);
  if (decision.allowed) return user;
  return decision.reason === "not-admin" ? refuseOrRender(ADMIN_REFUSAL) : null;
}

const DISTRICT_REFUSAL: PageRefusal = {
  status: 403,
  title: msg("states.accessDenied"),
  message: msg("district.onlyDistrictAdmins"),
};

/** /district (issue 42): district admins only (403 for everyone else), null for a signed-out visitor. */
export async function districtPageAccess(): Promise<SessionUser | Refused | null> {
  const user = await getSessionUser();
  return user && !user.districtAdmin ? refuseOrRender(DISTRICT_REFUSAL) : user;
}

/** For app/district/forbidden.tsx. */
export async function districtRefusalOfThisRequest(): Promise<PageRefusal | null> {
  const user = await getSessionUser();
  return user && !user.districtAdmin ? DISTRICT_REFUSAL : null;
}

/** /teacher: staff only (403 for everyone else), null for a signed-out visitor. */
export async function staffPageAccess(): Promise<SessionUser | Refused | null> {
  const user = await getSessionUser();
  return user && !isStaff(user.role) ? refuseOrRender(STAFF_REFUSAL) : user;
}

type ChildCard = NonNullable<Awaited<ReturnType<typeof reportCardFor>>>;

const childDecision = cache(
  async (rawId: string): Promise<Decision<{ user: SessionUser; studentId: number; card: ChildCard }>> => {
    const user = await getSessionUser();
    if (!user) return { signedOut: true };
    const id = Number(rawId);
    const valid = Number.isInteger(id) && id > 0 && id <= 2_147_483_647;
    const linked = valid && user.role === "parent" ? await isLinkedGuardian(user.id, id) : false;
    // A card that is gone by the time it is read gets the same answer as someone else's child.
    const card =
      valid && canReadReportCard(user, { isLinkedGuardian: linked })
        ? await reportCardFor(id, await requestLocale())
        : null;
    return card ? { allowed: { user, studentId: id, card } } : { refusal: CHILD_REFUSAL };
  },
);

/** /children/{id}: a parent's own linked child (or any, for an admin); null for a signed-out visitor. */
export async function reportCardPageAccess(
  rawId: string,
): Promise<{ user: SessionUser; studentId: number; card: ChildCard } | Refused | null> {
  const decision = await childDecision(rawId);
  if ("refusal" in decision) return refuseOrRender(decision.refusal);
  return "allowed" in decision ? decision.allowed : null;
}

/**
 * The refusal screens' side (each gated folder's forbidden.tsx, not-found.tsx): Next.js renders
 * them with every page, unseen, and without the page's params, so each is null unless this
 * visitor was refused, and the class and child screens read the class code or the id from the
 * request's path (PAGE_PATH_HEADER). They are needed on page loads only (see refuseOrRender).
 */
export async function classRefusalOfThisRequest(): Promise<PageRefusal | null> {
  const gated = gatedPageOf((await headers()).get(PAGE_PATH_HEADER));
  if (gated?.page !== "class") return null;
  const decision = await classDecision(safeDecode(gated.levelCode), gated.mode);
  return "refusal" in decision ? decision.refusal : null;
}

export async function childRefusalOfThisRequest(): Promise<PageRefusal | null> {
  const gated = gatedPageOf((await headers()).get(PAGE_PATH_HEADER));
  if (gated?.page !== "children") return null;
  const decision = await childDecision(gated.studentId);
  return "refusal" in decision ? decision.refusal : null;
}

/**
 * 404 for every refused visitor of a student's record (issue 41): a missing student, another
 * student, a parent whose link has ended and a teacher get the same answer, so none learns who
 * exists (the child page's rule, decision 027).
 */
const RECORD_REFUSAL: PageRefusal = {
  status: 404,
  title: msg("states.accessDenied"),
  message: msg("years.history.denied"),
};

/** Whether this signed-in person may read this student's record (lib/auth/policy), the id checked first. */
export async function mayReadStudentRecord(user: SessionUser, rawId: string | number): Promise<number | null> {
  const id = Number(rawId);
  if (!Number.isInteger(id) || id <= 0 || id > 2_147_483_647) return null;
  const linked = user.role === "parent" ? await isLinkedGuardian(user.id, id) : false;
  return canReadStudentRecord(user, { studentId: id, isLinkedGuardian: linked }) ? id : null;
}

const recordDecision = cache(async (rawId: string): Promise<Decision<{ user: SessionUser; record: StudentRecord }>> => {
  const user = await getSessionUser();
  if (!user) return { signedOut: true };
  const id = await mayReadStudentRecord(user, rawId);
  const record = id === null ? null : await getStudentRecord(id);
  return record ? { allowed: { user, record } } : { refusal: RECORD_REFUSAL };
});

/** /records/{id}: the student's record for the student, an admin or a linked guardian; null when signed out. */
export async function recordPageAccess(
  rawId: string,
): Promise<{ user: SessionUser; record: StudentRecord } | Refused | null> {
  const decision = await recordDecision(rawId);
  if ("refusal" in decision) return refuseOrRender(decision.refusal);
  return "allowed" in decision ? decision.allowed : null;
}

export async function recordRefusalOfThisRequest(): Promise<PageRefusal | null> {
  const gated = gatedPageOf((await headers()).get(PAGE_PATH_HEADER));
  if (gated?.page !== "records") return null;
  const decision = await recordDecision(safeDecode(gated.studentId));
  return "refusal" in decision ? decision.refusal : null;
}

type PersonRole = "student" | "parent";

/** 404: an admin's page of a student or parent who does not exist. */
const MISSING_PERSON: Record<PersonRole, PageRefusal> = {
  student: {
    status: 404,
    title: msg("admin.person.missing.studentTitle"),
    message: msg("admin.person.missing.student"),
    homeLabel: msg("admin.goHome"),
  },
  parent: {
    status: 404,
    title: msg("admin.person.missing.parentTitle"),
    message: msg("admin.person.missing.parent"),
    homeLabel: msg("admin.goHome"),
  },
};

const personOf = cache((rawId: string, role: PersonRole) => getPerson(Number(rawId), role));

/** /admin/students/{id} and /admin/parents/{id}, after the admin check: the person, or 404. */
export async function adminPersonPageAccess(rawId: string, role: PersonRole): Promise<PersonHeader | Refused> {
  return (await personOf(rawId, role)) ?? refuseOrRender(MISSING_PERSON[role]);
}

/** For app/admin/{students,parents}/[id]/not-found.tsx: this admin's request named no such person. */
export async function missingPersonOfThisRequest(role: PersonRole): Promise<PageRefusal | null> {
  const path = (await headers()).get(PAGE_PATH_HEADER) ?? "";
  const [, admin, folder, rawId, ...rest] = path.split("/");
  if (admin !== "admin" || folder !== `${role}s` || !rawId || rest.length > 0) return null;
  if ((await roleRefusalOf("admin")) || !(await getSessionUser())) return null;
  return (await personOf(safeDecode(rawId), role)) ? null : MISSING_PERSON[role];
}

/** The admin pages' and /teacher's refusals depend on the role alone. */
export async function roleRefusalOf(page: "admin" | "teacher"): Promise<PageRefusal | null> {
  const user = await getSessionUser();
  if (!user) return null;
  if (page === "admin") return user.role === "admin" ? null : ADMIN_REFUSAL;
  return isStaff(user.role) ? null : STAFF_REFUSAL;
}
