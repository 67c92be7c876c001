import "server-only";
import { and, asc, eq, ilike, or, sql } from "drizzle-orm";
import { db } from "@/lib/db/client";
import { studentEnrollment, users } from "@/lib/db/schema";
import { revealCodes } from "@/lib/auth/code-access";
import type { Actor } from "@/lib/auth/policy";
import type { RosterStudent } from "./roster-types";
import { containsPattern } from "./search";
import { amongMembersHere } from "@/lib/db/schools";

/** The Students tab: enrolled students with contact and code, in enrollment order. Staff only; codes per accessCodeAccess. */
export async function listRoster(levelCode: string, viewer: Actor): Promise<RosterStudent[]> {
  const rows = await db()
    .select({
      id: users.id,
      name: users.name,
      username: users.username,
      email: users.email,
      codeSealed: users.codeSealed,
      phoneNumber: users.phoneNumber,
      parent1Number: users.parent1Number,
      parent2Number: users.parent2Number,
      enrolledAt: studentEnrollment.enrolledAt,
    })
    .from(studentEnrollment)
    .innerJoin(users, eq(users.id, studentEnrollment.studentId))
    .where(eq(studentEnrollment.levelCode, levelCode))
    .orderBy(asc(studentEnrollment.enrolledAt), asc(users.id));
  return revealCodes(viewer, rows);
}

/** Add Existing Students: search students by name, username or e-mail, marking who is already in. */
export async function searchStudentsForLevel(levelCode: string, query: string, limit = 50) {
  const q = query.trim();
  const match =
    q === ""
      ? undefined
      : or(
          ilike(users.name, containsPattern(q)),
          ilike(users.username, containsPattern(q)),
          ilike(users.email, containsPattern(q)),
        );
  return db()
    .select({
      id: users.id,
      name: users.name,
      username: users.username,
      email: users.email,
      // Qualified by hand: inside a sub-select Drizzle would render the column unqualified.
      enrolled: sql<boolean>`exists (select 1 from student_enrollment e where e.student_id = "users"."id" and e.level_code = ${levelCode})`,
      // A student in no class keeps the code the office gave her: added by a teacher, her code
      // stays with admins for that teacher (decision 019), and the dialog says so beforehand.
      inNoClass: sql<boolean>`not exists (select 1 from student_enrollment e where e.student_id = "users"."id")`,
    })
    .from(users)
    .where(and(eq(users.role, "student"), amongMembersHere(users.id, ["student"]), match))
    .orderBy(asc(users.name), asc(users.id))
    .limit(limit);
}
