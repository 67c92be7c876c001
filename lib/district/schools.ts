import "server-only";
import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { Answer } from "@/lib/action-result";
import { audit } from "@/lib/audit";
import { codeColumns } from "@/lib/auth/code-store";
import { generateAccessCode } from "@/lib/auth/codes";
import { db, queryRows } from "@/lib/db/client";
import { users } from "@/lib/db/schema";
import { withSchool } from "@/lib/db/school-scope";
import { msg, zmsg } from "@/lib/i18n/message";
import { concludedClass } from "@/lib/queries/school-years";
import { LOCK as ROSTER_LOCK } from "@/lib/roster/import-run";

// A district admin adds a school and its first admin (issue 42, decision 035). The school starts
// empty: its admin makes its year, terms, classes and people, or its OneRoster set brings them.

const USERNAME = /^[A-Za-z0-9._-]+$/;

export const newSchoolSchema = z.object({
  name: z.string().trim().min(1, zmsg("district.errors.nameRequired")).max(200, zmsg("district.errors.nameTooLong")),
  adminName: z
    .string()
    .trim()
    .min(1, zmsg("district.errors.adminNameRequired"))
    .max(200, zmsg("district.errors.nameTooLong")),
  adminUsername: z
    .string()
    .trim()
    .min(1, zmsg("district.errors.usernameRequired"))
    .max(100, zmsg("district.errors.usernameInvalid"))
    .regex(USERNAME, zmsg("district.errors.usernameInvalid")),
});

export type NewSchool = z.output<typeof newSchoolSchema>;

/**
 * Makes the school and its admin in one transaction that already runs in the new school (its id is
 * taken from the sequence first), so the admin's membership (drizzle/0039's trigger) and the audit
 * entry are the new school's. The admin's access code is answered once, for the district admin to
 * hand over; it is kept sealed like every other code.
 */
export async function createSchool(input: NewSchool, by: number): Promise<Answer<{ schoolId: number; code: string }>> {
  const [sameName] = await queryRows<{ id: number }>(
    sql`select id from schools where lower(name) = lower(${input.name}) limit 1`,
  );
  if (sameName) return { ok: false, message: msg("district.errors.nameTaken", { name: input.name }) };
  const [taken] = await db().select({ id: users.id }).from(users).where(eq(users.username, input.adminUsername));
  if (taken) return { ok: false, message: msg("district.errors.usernameTaken", { username: input.adminUsername }) };
  const [next] = await queryRows<{ id: number }>(sql`select nextval('schools_id_seq')::int as id`);
  const schoolId = Number(next!.id);
  const code = generateAccessCode();
  await withSchool(schoolId, () =>
    db().transaction(async (tx) => {
      await tx.execute(sql`insert into schools (id, name) values (${schoolId}, ${input.name})`);
      const [admin] = await tx
        .insert(users)
        .values({ name: input.adminName, username: input.adminUsername, role: "admin", ...codeColumns(code) })
        .returning({ id: users.id });
      await audit(tx, {
        action: "school.created",
        actorId: by,
        detail: { schoolId, name: input.name, adminId: admin!.id, adminUsername: input.adminUsername },
      });
    }),
  );
  return {
    ok: true,
    message: msg("district.created", { name: input.name, username: input.adminUsername }),
    data: { schoolId, code },
  };
}

export const membershipSchema = z.object({
  username: z
    .string()
    .trim()
    .min(1, zmsg("district.errors.usernameRequired"))
    .max(100, zmsg("district.errors.usernameInvalid")),
  school: z.coerce.number().int().positive().max(2_147_483_647),
});

/** The school and the person a membership form names, or the refusal that says which is unknown. */
async function schoolAndPerson(
  input: z.output<typeof membershipSchema>,
): Promise<{ school: { id: number; name: string }; person: { id: number; name: string } } | { refusal: Answer }> {
  const [school] = await queryRows<{ id: number; name: string }>(
    sql`select id, name from schools where id = ${input.school}`,
  );
  if (!school) return { refusal: { ok: false, message: msg("district.errors.noSuchSchool") } };
  const [person] = await db()
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(eq(users.username, input.username));
  if (!person)
    return { refusal: { ok: false, message: msg("district.errors.noSuchPerson", { username: input.username }) } };
  return { school, person };
}

/**
 * A person of the district joins another school (issue 42): a teacher who starts teaching there, a
 * guardian whose child enrols there, a student who moves mid-year. They keep their one account and
 * everything of the schools they belonged to; the new school's admin now finds them in its lists.
 */
export async function addMembership(input: z.output<typeof membershipSchema>, by: number): Promise<Answer> {
  const found = await schoolAndPerson(input);
  if ("refusal" in found) return found.refusal;
  const { school, person } = found;
  const added = await withSchool(school.id, () =>
    db().transaction(async (tx) => {
      const rows = await queryRows<{ user_id: number }>(
        sql`insert into school_memberships (user_id, school_id) values (${person.id}, ${school.id}) on conflict do nothing returning user_id`,
        tx,
      );
      if (rows.length)
        await audit(tx, {
          action: "school.member_added",
          actorId: by,
          detail: { userId: person.id, schoolId: school.id },
        });
      return rows.length > 0;
    }),
  );
  return {
    ok: true,
    message: added
      ? msg("district.memberAdded", { name: person.name, school: school.name })
      : msg("district.alreadyMember", { name: person.name, school: school.name }),
  };
}

/** The classes named when a teacher still teaches some at the school they would leave. */
const CLASSES_NAMED = 5;

/**
 * A person leaves one of their schools (issue 42): a student who moved, a teacher who no longer
 * teaches there, a guardian whose child left. They keep their account and their other schools
 * (a person keeps at least one: add the new school first). A student leaves that school's classes
 * and a guardian that school's children; their grades, attendance and work stay with the school,
 * as when a teacher removes a student from a class. A teacher who still teaches a class there
 * (one of a year not closed) is refused until the class has another teacher, so no class is left
 * without one. The person's session in that school ends at their next request (the session reads
 * the memberships).
 */
export async function removeMembership(input: z.output<typeof membershipSchema>, by: number): Promise<Answer> {
  const found = await schoolAndPerson(input);
  if ("refusal" in found) return found.refusal;
  const { school, person } = found;
  const names = { name: person.name, school: school.name };
  return withSchool(school.id, () =>
    db().transaction(async (tx): Promise<Answer> => {
      // The roster's lock: an import running now reads who belongs to the school and enrols them.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${ROSTER_LOCK}))`);
      // Locks the person's memberships: two removals at once cannot leave them in no school.
      const memberships = await queryRows<{ school_id: number }>(
        sql`select school_id from school_memberships where user_id = ${person.id} order by school_id for update`,
        tx,
      );
      if (!memberships.some((m) => Number(m.school_id) === school.id))
        return { ok: false, message: msg("district.notMember", names) };
      if (memberships.length === 1) return { ok: false, message: msg("district.errors.lastSchool", names) };
      const taught = await queryRows<{ name: string; n: number }>(
        sql`select l.name, count(*) over ()::int as n from levels l
          where l.teacher_id = ${person.id} and l.school_id = portal_school() and l.roster_deleted_at is null and not ${concludedClass("l")}
          order by l.name, l.code limit ${CLASSES_NAMED}`,
        tx,
      );
      if (taught.length)
        return {
          ok: false,
          message: msg("district.errors.stillTeaches", {
            ...names,
            count: Number(taught[0]!.n),
            classes: taught.map((c) => c.name).join(", "),
          }),
        };
      const left = await queryRows<{ level_code: string }>(
        sql`delete from student_enrollment where student_id = ${person.id} and school_id = portal_school() returning level_code`,
        tx,
      );
      // Links a phone match left for an admin to confirm, of the person as parent or as child.
      await queryRows(
        sql`delete from pending_guardian_links where (parent_id = ${person.id} or student_id = ${person.id}) and school_id = portal_school()`,
        tx,
      );
      const unlinked = await queryRows<{ student_id: number }>(
        sql`update guardian_links set removed_at = now() where parent_id = ${person.id} and removed_at is null and school_id = portal_school() returning student_id`,
        tx,
      );
      await queryRows(
        sql`delete from school_memberships where user_id = ${person.id} and school_id = ${school.id}`,
        tx,
      );
      await audit(tx, {
        action: "school.member_removed",
        actorId: by,
        detail: {
          userId: person.id,
          schoolId: school.id,
          classes: left.map((r) => r.level_code),
          children: unlinked.map((r) => Number(r.student_id)),
        },
      });
      return { ok: true, message: msg("district.memberRemoved", names) };
    }),
  );
}
