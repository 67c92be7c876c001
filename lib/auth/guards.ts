import "server-only";
import { MSG } from "@/lib/domain/messages";
import { getLevelWithEnrollment, type LevelRow } from "@/lib/queries/levels";
import { adminAccess, classPageAccess, teachAccess } from "./policy";
import { getSessionUser, type SessionUser } from "./session";

/** Thrown by require* helpers; actions turn it into { ok: false, message }, pages into a screen. */
export class AccessDenied extends Error {
  constructor(
    readonly reason: "unauthenticated" | "forbidden" | "not-found",
    message: string,
  ) {
    super(message);
    this.name = "AccessDenied";
  }
}

export async function requireUser(): Promise<SessionUser> {
  const user = await getSessionUser();
  if (!user) throw new AccessDenied("unauthenticated", MSG.signInRequired);
  return user;
}

/** The admin dashboard and every admin action (spec §6 wording for both refusals). */
export async function requireAdmin(): Promise<SessionUser> {
  const user = await getSessionUser();
  const decision = adminAccess(user);
  if (!decision.allowed) {
    throw decision.reason === "no-session"
      ? new AccessDenied("unauthenticated", MSG.adminNoSession)
      : new AccessDenied("forbidden", MSG.adminOtherRole);
  }
  return user!;
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
  if (!found) throw new AccessDenied("not-found", MSG.classNotFound);
  const { enrolled, ...level } = found;
  if (mode === "teach") {
    const decision = teachAccess(user, level);
    if (!decision.allowed) {
      throw new AccessDenied(
        "forbidden",
        decision.reason === "not-teacher" ? MSG.onlyTeachers : MSG.notAuthorizedLevel,
      );
    }
    return { user, level, view: "staff" };
  }
  const decision = classPageAccess(user, { enrolled });
  if (!decision.allowed)
    throw new AccessDenied("forbidden", decision.reason === "not-enrolled" ? MSG.notEnrolled : MSG.accessDenied);
  return { user, level, view: decision.view };
}
