import "server-only";
import { sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { msg, type Message } from "@/lib/i18n/message";
import { knownSchoolIds } from "@/lib/school-overrides";
import { db, queryRows, type Db } from "./client";

/** Every school of the install (the district's table), for work that visits each: the storage's orphan sweep. */
export async function schoolIds(): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(sql`select id from schools order by id`);
  return rows.map((r) => Number(r.id));
}

/**
 * "This person belongs to the school of the transaction" (issue 42, decision 035). People are the
 * district's (one row in `users`, no row-level security), so a school's lists of people, and its
 * admin's changes to one, name this condition themselves: a school admin neither sees nor touches
 * someone who only belongs to another school.
 */
export function memberHere(userId: SQLWrapper): SQL {
  return sql`exists (select 1 from school_memberships m where m.user_id = ${userId} and m.school_id = portal_school())`;
}

/** A person's role (users.role, copied onto each membership by drizzle/0043). */
export type PersonRole = "student" | "parent" | "instructor" | "admin";

/**
 * The same condition for a list of people of some roles (a school's students, its parents, its
 * letters; every role when none is named). In a district the school's members of those roles are read first, one range of the
 * membership's (school, role) index, and their rows then by id: the planner answers memberHere's
 * semi-join over a list by reading every person of the district, so its cost grew with the
 * district (at 20 schools of 2,500 students the admin's Classes tab spent 113 ms in SQL where one
 * school spends 11, the parent lookup 36 ms where one spends 3). With one school that read is the
 * school's own and the cheaper one, so one school keeps the semi-join.
 */
export function amongMembersHere(userId: SQLWrapper, roles?: readonly PersonRole[]): SQL {
  if (knownSchoolIds().length <= 1) return memberHere(userId);
  const ofRoles = roles
    ? sql` and m.role in (${sql.join(
        roles.map((r) => sql`${r}`),
        sql`, `,
      )})`
    : sql``;
  return sql`${userId} = any(array(select m.user_id from school_memberships m where m.school_id = portal_school()${ofRoles}))`;
}

/** How many of the school's members hold this role: one range of the membership index, alone or in a district. */
export function countMembersHere(role: PersonRole): SQL {
  return sql`(select count(*) from school_memberships m where m.school_id = portal_school() and m.role = ${role})::int`;
}

export interface SchoolChoice {
  id: number;
  name: string;
}

/** The schools a person may enter (a district admin: every one), in id order. */
export async function schoolsOf(userId: number): Promise<SchoolChoice[]> {
  const rows = await queryRows<SchoolChoice>(
    sql`select s.id, s.name from schools s where exists (select 1 from users u where u.id = ${userId} and u.district_admin) or exists (select 1 from school_memberships m where m.user_id = ${userId} and m.school_id = s.id) order by s.id`,
  );
  return rows.map((r) => ({ id: Number(r.id), name: r.name }));
}

/**
 * "This person is this school's alone": a member of the transaction's school, of no other, and no
 * district admin (decision 035). A school's admin or teacher changes a person's credentials or
 * identity (a new access code, a name, an erasure, a restore) only then: someone who belongs to
 * several schools signs in to all of them, so that is the district admin's to change.
 */
export function onlyHere(userId: SQLWrapper): SQL {
  return sql`(${memberHere(userId)} and not exists (select 1 from school_memberships o where o.user_id = ${userId} and o.school_id <> portal_school()) and not exists (select 1 from users d where d.id = ${userId} and d.district_admin))`;
}

/**
 * The refusal for a change to a person's account by someone other than a district admin when
 * that person belongs to another school too (or is a district admin): null when they are this
 * school's alone, or not this school's at all (the caller's own "not found" answers that).
 */
export async function sharedPersonRefusal(
  userId: number,
  actorId: number,
  on: Pick<Db, "execute"> = db(),
): Promise<Message | null> {
  const [row] = await queryRows<{ here: boolean; only: boolean; district: boolean }>(
    sql`select ${memberHere(sql`${userId}::int`)} as here, ${onlyHere(sql`${userId}::int`)} as only,
      exists (select 1 from users a where a.id = ${actorId} and a.district_admin) as district`,
    on,
  );
  return row?.here && !row.only && !row.district ? msg("district.errors.sharedPerson") : null;
}

/**
 * Remembers that the person signed in to (or switched into) the school: /district's sign-in
 * activity. A district admin who is no member of it leaves nothing (they are counted nowhere).
 */
export async function markSignedIn(userId: number, schoolId: number): Promise<void> {
  await queryRows(
    sql`update school_memberships set last_signed_in_at = now() where user_id = ${userId} and school_id = ${schoolId}`,
  );
}
