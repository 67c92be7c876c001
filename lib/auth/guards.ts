import "server-only";
import { msg, type Message } from "@/lib/i18n/message";
import { render } from "@/lib/i18n/render";
import { getLevelWithEnrollment, type LevelRow } from "@/lib/queries/levels";
import { adminAccess, classPageAccess, teachAccess } from "./policy";
import { getSessionUser, type SessionUser } from "./session";

/**
 * Thrown by require* helpers; actions, routes and refusal screens answer with its `refusal` in the
 * reader's language. Its `message` is the refusal in English (the catalog's), for logs and the
 * operators' bench endpoint (app/api/query-stats) only: nothing shows it to a reader.
 */
export class AccessDenied extends Error {
  constructor(
    readonly reason: "unauthenticated" | "forbidden" | "not-found",
    readonly refusal: Message,
  ) {
    super(render(refusal, "en"));
    this.name = "AccessDenied";
  }
}

export async function requireUser(): Promise<SessionUser> {
  const user = await getSessionUser();
  if (!user) throw new AccessDenied("unauthenticated", msg("states.signInRequired"));
  return user;
}

/** The admin dashboard and every admin action (spec §6 wording for both refusals). */
export async function requireAdmin(): Promise<SessionUser> {
  const user = await getSessionUser();
  const decision = adminAccess(user);
  if (!decision.allowed) {
    throw decision.reason === "no-session"
      ? new AccessDenied("unauthenticated", msg("states.adminNoSession"))
      : new AccessDenied("forbidden", msg("states.adminOtherRole"));
  }
  return user!;
}

/** /district and its actions (issue 42): a district admin, in whichever school they are. */
export async function requireDistrictAdmin(): Promise<SessionUser> {
  const user = await requireUser();
  if (!user.districtAdmin) throw new AccessDenied("forbidden", msg("district.onlyDistrictAdmins"));
  return user;
}

export interface ClassAccess {
  user: SessionUser;
  level: LevelRow;
  view: "student" | "staff";
}

/**
 * "view": the class page (enrolled students, instructors, admins).
 * "teach": the teacher dashboard and every teaching write (the level's own instructor, admins).
 */
export async function requireClassAccess(levelCode: string, mode: "view" | "teach"): Promise<ClassAccess> {
  const user = await requireUser();
  const found = await getLevelWithEnrollment(levelCode, mode === "view" && user.role === "student" ? user.id : null);
  if (!found) throw new AccessDenied("not-found", msg("states.classNotFound"));
  const { enrolled, ...level } = found;
  if (mode === "teach") {
    const decision = teachAccess(user, level);
    if (!decision.allowed) {
      throw new AccessDenied(
        "forbidden",
        decision.reason === "not-teacher" ? msg("states.onlyTeachers") : msg("states.notAuthorizedLevel"),
      );
    }
    return { user, level, view: "staff" };
  }
  const decision = classPageAccess(user, { enrolled });
  if (!decision.allowed)
    throw new AccessDenied(
      "forbidden",
      decision.reason === "not-enrolled" ? msg("states.notEnrolled") : msg("states.accessDenied"),
    );
  return { user, level, view: decision.view };
}
