import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { generateAccessCode } from "@/lib/auth/codes";
import { sealedCodeSql } from "@/lib/auth/code-store"; // issue 28: codes stored hashed and sealed
import { queryRows, type Db } from "@/lib/db/client";
import { createImportedGrades, removeImportedGrades, updateImportedGrades } from "@/lib/gradebook/imported-grades";
import type { AssignmentRef, CategoryRef, Plan, UserRef, YearRef } from "./plan";

// Carrying out a plan (decision 012), inside the caller's transaction. Set-based: multi-row
// INSERTs and UPDATE … FROM (VALUES …) in chunks, so a school of 2,000 is a few dozen statements.
// Order: removals first (they free usernames, codes and sourcedIds), then people, classes,
// enrollments, guardian links, terms, categories, assignments and grades. Grades go through the
// one home for grade writes (lib/gradebook/imported-grades.ts, decision 017): plain set-based
// INSERT and UPDATE statements, so the running totals' statement triggers (drizzle/0007) keep
// level_stats and student_level_stats exact in the same transaction.

type Tx = Pick<Db, "execute">;

export const ROSTER_PHASES = [
  "reading",
  "checking",
  "removing",
  "users",
  "classes",
  "enrollments",
  "guardians",
  "terms",
  "categories",
  "assignments",
  "grades",
  "recording",
] as const;
export type RosterPhase = (typeof ROSTER_PHASES)[number];
export interface RosterProgress {
  phase: RosterPhase;
  done: number;
  total: number;
}
export type ProgressCallback = (p: RosterProgress) => void;

const CHUNK = 500;

function chunks<T>(items: readonly T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
const ints = (ids: readonly number[]) => `{${ids.join(",")}}`;
/** Rows for jsonb_to_recordset: one parameter per statement, whatever the number of rows. */
const json = (rows: readonly Record<string, unknown>[]) => JSON.stringify(rows);
const list = (rows: SQL[]) => sql.join(rows, sql`, `);

export interface ApplyOutcome {
  createdUserIds: number[];
  reactivatedUserIds: number[];
}

export async function applyPlan(
  tx: Tx,
  plan: Plan,
  actorId: number | null,
  progress: ProgressCallback = () => {},
): Promise<ApplyOutcome> {
  const c = plan.changes;
  const run = (q: SQL) => queryRows<Record<string, unknown>>(q, tx);

  // ---- removals
  const tz = plan.timeZone;
  const removals =
    c.enrollments.delete.length +
    c.guardians.delete.length +
    c.users.keep.length +
    c.users.delete.length +
    c.classes.keep.length +
    c.classes.delete.length +
    c.terms.delete.length +
    c.grades.delete.length +
    c.grades.detach.length +
    c.assignments.delete.length +
    c.assignments.detach.length +
    c.categories.delete.length +
    c.categories.detach.length;
  progress({ phase: "removing", done: 0, total: removals });
  // Grades first: a deleted grade is audited like a teacher's change (old score → none); a grade a
  // bulk file no longer lists stays, as the portal's own. Then the assignments and categories the
  // roster removed (deleted only when nothing refers to them: the plan checked).
  await removeImportedGrades(tx, c.grades, actorId);
  if (c.assignments.delete.length)
    await run(sql`delete from assignments where id = any(${ints(c.assignments.delete)}::int[])`);
  if (c.assignments.detach.length)
    await run(sql`update assignments set sourced_id = null where id = any(${ints(c.assignments.detach)}::int[])`);
  if (c.categories.delete.length)
    await run(sql`delete from grade_categories where id = any(${ints(c.categories.delete)}::int[])`);
  if (c.categories.detach.length)
    await run(sql`update grade_categories set sourced_id = null where id = any(${ints(c.categories.detach)}::int[])`);
  for (const ids of chunks(c.enrollments.delete, 5000))
    await run(sql`delete from student_enrollment where id = any(${ints(ids)}::int[])`);
  for (const ids of chunks(c.guardians.delete, 5000)) await unlinkGuardians(tx, ids, actorId);
  if (c.users.keep.length) {
    // Kept for their records: no sign-in (no code, every session ended), out of their classes.
    await run(
      sql`update users set code = null, code_hash = null, code_sealed = null, code_weak = false, session_version = session_version + 1, roster_deleted_at = now(), updated_at = now() where id = any(${ints(c.users.keep)}::int[])`,
    );
  }
  // Never the row of someone who (since the plan) belongs to another school too: its records name them.
  if (c.users.delete.length)
    await run(
      sql`delete from users where id = any(${ints(c.users.delete)}::int[]) and not exists (select 1 from school_memberships o where o.user_id = users.id and o.school_id <> portal_school())`,
    );
  if (c.classes.keep.length)
    await run(sql`update levels set roster_deleted_at = now() where id = any(${ints(c.classes.keep)}::int[])`);
  if (c.classes.delete.length) await run(sql`delete from levels where id = any(${ints(c.classes.delete)}::int[])`);
  if (c.terms.delete.length) await run(sql`delete from school_terms where id = any(${ints(c.terms.delete)}::int[])`);
  progress({ phase: "removing", done: removals, total: removals });

  // ---- people
  const userTotal = c.users.update.length + c.users.create.length;
  let done = 0;
  progress({ phase: "users", done, total: userTotal });
  const reactivatedUserIds = c.users.update.filter((u) => u.reactivate).map((u) => u.id);
  if (c.users.parkUsernames) {
    const moving = c.users.update.map((u) => u.id);
    await run(sql`update users set username = '~roster~' || id where id = any(${ints(moving)}::int[])`);
  }
  for (const rows of chunks(c.users.update)) {
    const values = rows.map(
      (u) =>
        sql`(${u.id}::int, ${u.name}::text, ${u.givenName}::text, ${u.familyName}::text, ${u.username}::text, ${u.email}::text, ${u.phoneNumber}::text, ${u.parent1Number}::text, ${u.parent2Number}::text, ${u.dateOfBirth}::date, ${u.sourcedId}::text, ${sealedCodeSql(u.reactivate ? generateAccessCode() : null)})`,
    );
    await run(sql`
      update users u set name = v.name, given_name = v.given_name, family_name = v.family_name, username = v.username, email = v.email, phone_number = v.phone_number, parent1_number = v.parent1_number,
        parent2_number = v.parent2_number, date_of_birth = v.date_of_birth, sourced_id = v.sourced_id,
        code_hash = coalesce(v.code_hash, u.code_hash), code_sealed = coalesce(v.code_sealed, u.code_sealed), code_weak = coalesce(v.code_weak, u.code_weak),
        roster_deleted_at = null, updated_at = now()
      from (values ${list(values)}) as v(id, name, given_name, family_name, username, email, phone_number, parent1_number, parent2_number, date_of_birth, sourced_id, code_hash, code_sealed, code_weak)
      where u.id = v.id`);
    progress({ phase: "users", done: (done += rows.length), total: userTotal });
  }
  // The district's roster lists someone of another school here (issue 42): they join this school.
  if (c.users.join.length)
    await run(
      sql`insert into school_memberships (user_id, school_id) select unnest(${ints(c.users.join)}::int[]), portal_school() on conflict do nothing`,
    );
  const idOfKey = new Map<string, number>();
  const usernameToKey = new Map(c.users.create.map((u) => [u.username, u.key]));
  const createdUserIds: number[] = [];
  for (const rows of chunks(c.users.create)) {
    const values = rows.map(
      (u) =>
        sql`(${u.name}, ${u.givenName}::text, ${u.familyName}::text, ${u.username}, ${u.email}, ${sealedCodeSql(generateAccessCode())}, ${u.role}, ${u.phoneNumber}, ${u.parent1Number}, ${u.parent2Number}, ${u.dateOfBirth}::date, ${u.sourcedId})`,
    );
    const made = await queryRows<{ id: number; username: string }>(
      sql`insert into users (name, given_name, family_name, username, email, code_hash, code_sealed, code_weak, role, phone_number, parent1_number, parent2_number, date_of_birth, sourced_id) values ${list(values)} returning id, username`,
      tx,
    );
    for (const m of made) {
      idOfKey.set(usernameToKey.get(m.username)!, Number(m.id));
      createdUserIds.push(Number(m.id));
    }
    progress({ phase: "users", done: (done += rows.length), total: userTotal });
  }
  const idOf = (ref: UserRef | null): number | null =>
    ref === null ? null : typeof ref === "number" ? ref : idOfKey.get(ref)!;

  // ---- school years (issue 41), before the classes and terms that belong to them. A closed year
  // is never written (the plan leaves it; the condition says so again).
  const yearOfKey = new Map<string, number>();
  if (c.years.update.length)
    await run(sql`
      update school_years y set title = t.title, start_date = t.start_date, end_date = t.end_date
      from jsonb_to_recordset(${json(c.years.update.map((u) => ({ id: u.id, title: u.title, start_date: u.startDate, end_date: u.endDate })))}::jsonb)
        as t(id int, title text, start_date date, end_date date)
      where y.id = t.id and y.closed_at is null`);
  if (c.years.create.length) {
    const made = await queryRows<{ id: number; sourced_id: string }>(
      sql`insert into school_years (sourced_id, title, start_date, end_date)
          select t.sourced_id, t.title, t.start_date, t.end_date
          from jsonb_to_recordset(${json(c.years.create.map((y) => ({ sourced_id: y.sourcedId, title: y.title, start_date: y.startDate, end_date: y.endDate })))}::jsonb)
            as t(sourced_id text, title text, start_date date, end_date date)
          returning id, sourced_id`,
      tx,
    );
    for (const m of made) yearOfKey.set(`y:${m.sourced_id}`, Number(m.id));
  }
  const yearId = (ref: YearRef | null): number | null =>
    ref === null ? null : typeof ref === "number" ? ref : yearOfKey.get(ref)!;

  // ---- classes
  const classTotal = c.classes.update.length + c.classes.create.length;
  done = 0;
  progress({ phase: "classes", done, total: classTotal });
  for (const rows of chunks(c.classes.update)) {
    const values = rows.map(
      (l) =>
        sql`(${l.id}::int, ${l.name}::text, ${l.period}::text, ${l.level}::text, ${idOf(l.teacher)}::int, ${l.teacherEnrollmentSourcedId}::text, ${l.sourcedId}::text, ${yearId(l.yearId)}::int)`,
    );
    await run(sql`
      update levels l set name = v.name, period = v.period, level = v.level, teacher_id = v.teacher_id,
        teacher_enrollment_sourced_id = v.tesid, sourced_id = v.sourced_id, roster_deleted_at = null, year_id = v.year_id
      from (values ${list(values)}) as v(id, name, period, level, teacher_id, tesid, sourced_id, year_id)
      where l.id = v.id`);
    progress({ phase: "classes", done: (done += rows.length), total: classTotal });
  }
  for (const rows of chunks(c.classes.create)) {
    const values = rows.map(
      (l) =>
        sql`(${l.code}, ${l.name}, ${l.period}, ${l.level}, ${idOf(l.teacher)}::int, ${l.teacherEnrollmentSourcedId}, ${l.sourcedId}, ${yearId(l.yearId)}::int)`,
    );
    await run(
      sql`insert into levels (code, name, period, level, teacher_id, teacher_enrollment_sourced_id, sourced_id, year_id) values ${list(values)}`,
    );
    progress({ phase: "classes", done: (done += rows.length), total: classTotal });
  }

  // ---- enrollments
  const enrollTotal = c.enrollments.update.length + c.enrollments.create.length;
  done = 0;
  progress({ phase: "enrollments", done, total: enrollTotal });
  const moving = c.enrollments.update.filter((e) => e.sourcedId !== null).map((e) => e.id);
  if (moving.length) {
    // Two steps, so sourcedIds that trade places between rows never collide on the unique key.
    await run(sql`update student_enrollment set sourced_id = null where id = any(${ints(moving)}::int[])`);
  }
  // beginDate → enrolled_at: the start of that day in the school's time zone.
  for (const rows of chunks(c.enrollments.update, 2000)) {
    const values = rows.map((e) => sql`(${e.id}::int, ${e.sourcedId}::text, ${e.enrolledDay}::date)`);
    await run(sql`
      update student_enrollment s set sourced_id = coalesce(v.sourced_id, s.sourced_id),
        enrolled_at = coalesce(v.day::timestamp at time zone ${tz}, s.enrolled_at)
      from (values ${list(values)}) as v(id, sourced_id, day) where s.id = v.id`);
    progress({ phase: "enrollments", done: (done += rows.length), total: enrollTotal });
  }
  for (const rows of chunks(c.enrollments.create, 2000)) {
    const values = rows.map(
      (e) => sql`(${idOf(e.student)}::int, ${e.levelCode}::text, ${e.sourcedId}::text, ${e.enrolledDay}::date)`,
    );
    await run(sql`
      insert into student_enrollment (student_id, level_code, sourced_id, enrolled_at)
      select v.student_id, v.level_code, v.sourced_id, coalesce(v.day::timestamp at time zone ${tz}, now())
      from (values ${list(values)}) as v(student_id, level_code, sourced_id, day)`);
    progress({ phase: "enrollments", done: (done += rows.length), total: enrollTotal });
  }

  // ---- guardian links (each one audited, like every link made or dropped: decision 004)
  const linkTotal = c.guardians.update.length + c.guardians.create.length;
  done = 0;
  progress({ phase: "guardians", done, total: linkTotal });
  if (c.guardians.update.length) {
    await run(sql`
      with taken as (
        update guardian_links set source = 'admin', from_roster = true, removed_at = null
        where id = any(${ints(c.guardians.update)}::int[]) returning parent_id, student_id)
      insert into audit_log (action, actor_id, detail)
      select 'guardian.linked', ${actorId}::int, jsonb_build_object('parentId', parent_id, 'studentId', student_id, 'source', 'roster') from taken`);
    progress({ phase: "guardians", done: (done += c.guardians.update.length), total: linkTotal });
  }
  for (const rows of chunks(c.guardians.create, 2000)) {
    const values = rows.map(
      (g) => sql`(${idOf(g.parent)}::int, ${idOf(g.student)}::int, ${g.relationship}::text, 'admin', true)`,
    );
    await run(sql`
      with made as (
        insert into guardian_links (parent_id, student_id, relationship, source, from_roster) values ${list(values)}
        -- A pair the plan saw unlinked that conflicts was linked by the phone sync of this import's own user rows: the roster's link, with its relationship.
        on conflict (school_id, parent_id, student_id) do update set relationship = excluded.relationship, source = 'admin', from_roster = true, removed_at = null
        returning parent_id, student_id)
      insert into audit_log (action, actor_id, detail)
      select 'guardian.linked', ${actorId}::int, jsonb_build_object('parentId', parent_id, 'studentId', student_id, 'source', 'roster') from made`);
    progress({ phase: "guardians", done: (done += rows.length), total: linkTotal });
  }

  // ---- terms
  const termTotal = c.terms.update.length + c.terms.create.length;
  progress({ phase: "terms", done: 0, total: termTotal });
  if (c.terms.update.length) {
    const values = c.terms.update.map(
      (t) =>
        sql`(${t.id}::int, ${t.title}::text, ${t.type}::text, ${t.startDate}::date, ${t.endDate}::date, ${t.parentSourcedId}::text, ${t.schoolYear}::int, ${yearId(t.yearId)}::int)`,
    );
    await run(sql`
      update school_terms t set title = v.title, type = v.type, start_date = v.start_date, end_date = v.end_date,
        parent_sourced_id = v.parent_sourced_id, school_year = v.school_year, year_id = v.year_id, updated_at = now()
      from (values ${list(values)}) as v(id, title, type, start_date, end_date, parent_sourced_id, school_year, year_id)
      where t.id = v.id`);
  }
  for (const rows of chunks(c.terms.create)) {
    const values = rows.map(
      (t) =>
        sql`(${t.sourcedId}, ${t.title}, ${t.type}, ${t.startDate}::date, ${t.endDate}::date, ${t.parentSourcedId}, ${t.schoolYear}::int, ${yearId(t.yearId)}::int)`,
    );
    await run(
      sql`insert into school_terms (sourced_id, title, type, start_date, end_date, parent_sourced_id, school_year, year_id) values ${list(values)}`,
    );
  }
  progress({ phase: "terms", done: termTotal, total: termTotal });

  // ---- categories
  const categoryTotal = c.categories.update.length + c.categories.create.length;
  progress({ phase: "categories", done: 0, total: categoryTotal });
  if (c.categories.update.length) {
    const ids = ints(c.categories.update.map((u) => u.id));
    // Names and sourcedIds may trade places between categories: cleared first, then set.
    if (c.categories.parkNames)
      await run(
        sql`update grade_categories set name = '~roster~' || id, sourced_id = null where id = any(${ids}::int[])`,
      );
    else await run(sql`update grade_categories set sourced_id = null where id = any(${ids}::int[])`);
    await run(sql`
      update grade_categories g set name = t.name, sourced_id = t.sourced_id
      from jsonb_to_recordset(${json(c.categories.update.map((u) => ({ id: u.id, name: u.name, sourced_id: u.sourcedId })))}::jsonb) as t(id int, name text, sourced_id text)
      where g.id = t.id`);
  }
  const categoryOfKey = new Map<string, number>();
  for (const rows of chunks(c.categories.create)) {
    const made = await queryRows<{ id: number; name: string }>(
      sql`insert into grade_categories (name, sourced_id)
          select t.name, t.sourced_id from jsonb_to_recordset(${json(rows.map((r) => ({ name: r.name, sourced_id: r.sourcedId })))}::jsonb) as t(name text, sourced_id text)
          returning id, name`,
      tx,
    );
    for (const m of made) categoryOfKey.set(`t:${m.name}`, Number(m.id));
  }
  progress({ phase: "categories", done: categoryTotal, total: categoryTotal });
  const categoryId = (ref: CategoryRef | null): number | null =>
    ref === null ? null : typeof ref === "number" ? ref : categoryOfKey.get(ref)!;

  // ---- assignments (a new maximum moves the points possible of the grades kept: drizzle/0007's trigger)
  const assignmentTotal = c.assignments.update.length + c.assignments.create.length;
  done = 0;
  progress({ phase: "assignments", done, total: assignmentTotal });
  const assignmentRow = (a: (typeof c.assignments.update)[number] | (typeof c.assignments.create)[number]) => ({
    sourced_id: a.sourcedId,
    level_code: a.levelCode,
    title: a.title,
    description: a.description,
    max_score: a.maxScore,
    due_date: a.dueDate,
    created_at: a.createdAt,
    category_id: categoryId(a.category),
  });
  const ASSIGNMENT_COLUMNS = sql`sourced_id text, level_code text, title text, description text, max_score int, due_date timestamptz, created_at timestamptz, category_id int`;
  for (const rows of chunks(c.assignments.update, 1000)) {
    await run(sql`
      update assignments a set title = t.title, description = t.description, max_score = t.max_score, due_date = t.due_date,
        created_at = coalesce(t.created_at, a.created_at), category_id = t.category_id, sourced_id = t.sourced_id
      from jsonb_to_recordset(${json(rows.map((r) => ({ id: r.id, ...assignmentRow(r) })))}::jsonb) as t(id int, ${ASSIGNMENT_COLUMNS})
      where a.id = t.id`);
    progress({ phase: "assignments", done: (done += rows.length), total: assignmentTotal });
  }
  const assignmentOfKey = new Map<string, number>();
  for (const rows of chunks(c.assignments.create, 1000)) {
    const made = await queryRows<{ id: number; sourced_id: string }>(
      sql`insert into assignments (sourced_id, level_code, title, description, max_score, due_date, created_at, category_id, teacher_id)
          select t.sourced_id, t.level_code, t.title, t.description, t.max_score, t.due_date, coalesce(t.created_at, now()), t.category_id, t.teacher_id
          from jsonb_to_recordset(${json(rows.map((r) => ({ ...assignmentRow(r), teacher_id: idOf(r.teacher) })))}::jsonb) as t(${ASSIGNMENT_COLUMNS}, teacher_id int)
          returning id, sourced_id`,
      tx,
    );
    for (const m of made) assignmentOfKey.set(`s:${m.sourced_id}`, Number(m.id));
    progress({ phase: "assignments", done: (done += rows.length), total: assignmentTotal });
  }
  const assignmentId = (ref: AssignmentRef): number => (typeof ref === "number" ? ref : assignmentOfKey.get(ref)!);

  // ---- grades: a changed score is audited per cell (old → new, like a teacher's); new grades in the summary.
  const gradeTotal = c.grades.update.length + c.grades.create.length;
  done = 0;
  progress({ phase: "grades", done, total: gradeTotal });
  for (const rows of chunks(c.grades.update, 5000)) {
    await updateImportedGrades(tx, rows, actorId, tz);
    progress({ phase: "grades", done: (done += rows.length), total: gradeTotal });
  }
  for (const rows of chunks(c.grades.create, 10_000)) {
    const values = rows.map((g) => ({ ...g, assignmentId: assignmentId(g.assignment), studentId: idOf(g.student)! }));
    await createImportedGrades(tx, values, tz);
    progress({ phase: "grades", done: (done += rows.length), total: gradeTotal });
  }
  return { createdUserIds, reactivatedUserIds };
}

/**
 * Drops roster-made links, audited. A link the phone numbers still support becomes a phone link
 * instead (as if the roster had never listed it), so the phone sync's promise holds.
 */
async function unlinkGuardians(tx: Tx, ids: number[], actorId: number | null): Promise<void> {
  const converted = await queryRows<{ id: number }>(
    sql`
      update guardian_links g set source = 'phone', from_roster = false
      where g.id = any(${ints(ids)}::int[]) and g.from_roster and exists (
        select 1 from users p join users s on s.id = g.student_id
        where p.id = g.parent_id and p.role = 'parent' and s.role = 'student'
          and length(p.phone_digits) >= 7 and p.phone_digits in (s.parent1_digits, s.parent2_digits))
      returning g.id`,
    tx,
  );
  const stay = new Set(converted.map((r) => Number(r.id)));
  const remove = ids.filter((id) => !stay.has(id));
  if (!remove.length) return;
  await queryRows(
    sql`
      with gone as (delete from guardian_links where id = any(${ints(remove)}::int[]) returning parent_id, student_id, removed_at)
      insert into audit_log (action, actor_id, detail)
      select 'guardian.unlinked', ${actorId}::int, jsonb_build_object('parentId', parent_id, 'studentId', student_id, 'source', 'roster') from gone where removed_at is null`,
    tx,
  );
}
