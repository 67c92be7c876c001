import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { queryRows, type Db } from "@/lib/db/client";
import { dateInTimeZone } from "@/lib/domain/dates";
import { gradingTerms, type Term } from "@/lib/domain/terms";
import { concludedClass, listYears } from "@/lib/queries/school-years";
import type {
  RosterState,
  StateAssignment,
  StateCategory,
  StateEnrollment,
  StateGrade,
  StateLevel,
  StateLink,
  StateUser,
  TermValues,
} from "./plan";
import { memberHere, onlyHere } from "@/lib/db/schools";
import type { RosterDataset } from "./model";
import { usernameBase } from "./values";
import { currentSchoolId } from "@/lib/db/school-scope";
import { knownSchoolIds } from "@/lib/school-overrides";

// The portal's rows an import compares the upload with (decision 012): every user, class,
// enrollment, guardian link and term, a few columns each (a school of 2,000 is ~15,000 small rows),
// and which of the rows the import would remove hold academic records. Categories and assignments
// only when the upload has gradebook files, and grades (a school has 360,000) only with results.csv.

type Tx = Pick<Db, "execute">;

export interface StateOptions {
  /** The school's time zone: enrolled_at and graded_at are compared as its days. */
  timeZone: string;
  /** Load categories and assignments (the upload has categories, line items or results). */
  gradebook: boolean;
  /** Load every grade (the upload has results.csv). */
  grades: boolean;
  /**
   * Who the upload names: its people's sourcedIds and usernames, and the bases of the usernames
   * it would make up (peopleNamed). With it, a person of another school only is read only when
   * named (a district's part would otherwise read the whole district's people once per school);
   * without it, every person.
   */
  named?: PeopleNamed;
  /** The other schools' class codes when the caller has them (a district's run reads them once). */
  codesElsewhere?: Set<string>;
}

export interface PeopleNamed {
  sourcedIds: string[];
  usernames: string[];
  usernameBases: string[];
}

/** Who an upload names, for loadState: the users file's sourcedIds and usernames, demographics' sourcedIds. */
export function peopleNamed(data: RosterDataset): PeopleNamed {
  const sourcedIds = new Set<string>();
  const usernames = new Set<string>();
  const usernameBases = new Set<string>();
  for (const u of data.users) {
    if (u.sourcedId !== null) sourcedIds.add(u.sourcedId);
    if (u.username !== null) usernames.add(u.username);
    else usernameBases.add(usernameBase(u.usernameHint));
  }
  for (const b of data.birthDates) sourcedIds.add(b.sourcedId);
  for (const d of data.deleted.users) sourcedIds.add(d.sourcedId);
  return { sourcedIds: [...sourcedIds], usernames: [...usernames], usernameBases: [...usernameBases] };
}

/** A text list as one parameter (JSON: no quoting rules of array literals to get right). */
const textList = (values: readonly string[]) =>
  // A value with U+0000 (a UTF-16 file can carry one) is no text PostgreSQL stores: it names
  // nobody, and jsonb would refuse the whole list.
  sql`(select jsonb_array_elements_text(${JSON.stringify(values.filter((v) => !v.includes("\u0000")))}::jsonb))`;

/**
 * Which people a plan reads whole: every person, or (named) this school's members, the people its
 * rows name (classes' teachers, enrollments, guardian links), district admins and the people the
 * upload names. The rest are another school's only and none of this plan's.
 */
function peopleOfPlan(named: PeopleNamed | undefined): SQL {
  if (!named) return sql`true`;
  // The ids the school's own rows hold, and the conditions on a person's own row.
  const held = [
    sql`select user_id from school_memberships where school_id = portal_school()`,
    sql`select teacher_id from levels where teacher_id is not null`,
    sql`select student_id from student_enrollment`,
    sql`select parent_id from guardian_links`,
    sql`select student_id from guardian_links`,
  ];
  const own = [
    sql`users.district_admin`,
    sql`users.sourced_id in ${textList(named.sourcedIds)}`,
    sql`users.username in ${textList(named.usernames)}`,
  ];
  // In a district the ids are gathered first, each by an index or the school's own rows, and the
  // people then read by id: the condition below, tested on every person, read the district's
  // 110,000 people for a school's 6,600 (120 ms on PostgreSQL where the school alone takes 10-15).
  // One school keeps it: there it reads the school's own people, the cheaper way.
  if (knownSchoolIds().length > 1)
    return sql`users.id = any(array(${sql.join(
      [...held, ...own.map((c) => sql`select id from users where ${c}`)],
      sql` union `,
    )}))`;
  return sql`(${sql.join([...held.map((q) => sql`users.id in (${q})`), ...own], sql` or `)})`;
}

/** Instants as the export writes them (UTC, milliseconds), so a re-import compares equal. */
const iso = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

export async function loadState(
  tx: Tx,
  opts: StateOptions = { timeZone: "UTC", gradebook: false, grades: false },
): Promise<RosterState> {
  const day = (column: SQL) => sql`to_char(${column} at time zone ${opts.timeZone}, 'YYYY-MM-DD')`;
  // One after another: a transaction is one connection, and node-postgres wants one query at a time on it.
  const [users, levels, enrollments, links, terms] = await sequence([
    () =>
      queryRows<StateUser>(
        sql`select id, sourced_id as "sourcedId", username, role, name, given_name as "givenName", family_name as "familyName", email, phone_number as "phoneNumber", parent1_number as "parent1Number",
            parent2_number as "parent2Number", date_of_birth::text as "dateOfBirth", roster_deleted_at is not null as "rosterDeleted",
            ${onlyHere(sql.raw("users.id"))} as "onlyHere", ${memberHere(sql.raw("users.id"))} as member,
            district_admin as "districtAdmin", (select array_agg(m.school_id order by m.school_id) from school_memberships m where m.user_id = users.id) as schools
          from users where ${peopleOfPlan(opts.named)} order by id`,
        tx,
      ),
    () =>
      queryRows<StateLevel>(
        sql`select id, code, sourced_id as "sourcedId", name, period, level, teacher_id as "teacherId",
            teacher_enrollment_sourced_id as "teacherEnrollmentSourcedId", roster_deleted_at is not null as "rosterDeleted",
            year_id as "yearId", ${concludedClass("levels")} as concluded
          from levels order by id`,
        tx,
      ),
    () =>
      queryRows<StateEnrollment>(
        sql`select id, student_id as "studentId", level_code as "levelCode", sourced_id as "sourcedId", ${day(sql`enrolled_at`)} as "enrolledDay" from student_enrollment order by id`,
        tx,
      ),
    () =>
      queryRows<StateLink>(
        sql`select id, parent_id as "parentId", student_id as "studentId", source, removed_at is not null as removed, from_roster as "fromRoster" from guardian_links order by id`,
        tx,
      ),
    () =>
      queryRows<Omit<TermValues, "sourcedId"> & { id: number; sourcedId: string | null }>(
        sql`select id, sourced_id as "sourcedId", title, type, start_date::text as "startDate", end_date::text as "endDate",
            parent_sourced_id as "parentSourcedId", school_year as "schoolYear", year_id as "yearId"
          from school_terms order by id`,
        tx,
      ),
  ] as const);
  const categories = opts.gradebook
    ? await queryRows<StateCategory>(
        sql`select id, name, sourced_id as "sourcedId" from grade_categories order by id`,
        tx,
      )
    : [];
  const assignments = opts.gradebook
    ? (
        await queryRows<StateAssignment>(
          sql`select a.id, a.sourced_id as "sourcedId", a.level_code as "levelCode", a.title, a.description, a.max_score as "maxScore",
                ${iso(sql`a.due_date`)} as "dueDate", ${iso(sql`a.created_at`)} as "createdAt", a.category_id as "categoryId",
                coalesce(g.n, 0)::int as grades, (g.top * 100)::int as "topScore100",
                (exists (select 1 from assignment_submissions s where s.assignment_id = a.id)
                  -- A private comment on it is students' work too (issue 44): kept, not deleted.
                  or exists (select 1 from submission_comments c where c.assignment_id = a.id)) as submitted
              from assignments a left join (select assignment_id, count(*) as n, max(score) as top from grades group by assignment_id) g on g.assignment_id = a.id
              order by a.id`,
          tx,
        )
      ).map((a) => ({
        ...a,
        id: Number(a.id),
        maxScore: Number(a.maxScore),
        categoryId: a.categoryId === null ? null : Number(a.categoryId),
        grades: Number(a.grades),
        topScore100: a.topScore100 === null ? null : Number(a.topScore100),
      }))
    : [];
  // Of the people not read, the usernames a made-up one could take: "base" and "base-<n>".
  const usernamesElsewhere = opts.named?.usernameBases.length
    ? await queryRows<{ username: string }>(
        sql`select username from users where ${peopleOfPlan(opts.named)} is not true
              and (username in ${textList(opts.named.usernameBases)}
                or regexp_replace(username, '-[0-9]+$', '') in ${textList(opts.named.usernameBases)})`,
        tx,
      )
    : [];
  const years = await listYears(tx);
  const grades = opts.grades ? await loadGrades(tx, day) : [];
  // Published terms lock their grades (issue 19): an import writes none there.
  const published = opts.grades
    ? await queryRows<Term & { published: boolean }>(
        sql`select t.id, t.title, t.type, t.start_date::text as "startDate", t.end_date::text as "endDate",
              t.sourced_id is not null as imported, p.term_id is not null as published
            from school_terms t left join term_publications p on p.term_id = t.id order by t.start_date, t.id`,
        tx,
      )
    : [];
  return {
    gradingTerms: published.some((t) => t.published) ? gradingTerms(published) : [],
    publishedTermIds: new Set(published.filter((t) => t.published).map((t) => t.id)),
    years: years.map((y) => ({
      id: y.id,
      title: y.title,
      startDate: y.startDate,
      endDate: y.endDate,
      sourcedId: y.sourcedId,
      closed: y.closed,
    })),
    chosenYearId: years.find((y) => y.chosen)?.id ?? null,
    today: dateInTimeZone(new Date(), opts.timeZone),
    users,
    usernamesElsewhere: new Set(usernamesElsewhere.map((r) => r.username)),
    levels: levels.map((l) => ({ ...l, yearId: l.yearId === null ? null : Number(l.yearId) })),
    enrollments,
    links,
    terms: terms
      .filter((t): t is TermValues & { id: number } => t.sourcedId !== null)
      .map((t) => ({ ...t, yearId: t.yearId === null ? null : Number(t.yearId) })),
    ownTerms: terms.filter((t) => t.sourcedId === null).map(({ sourcedId: _none, ...t }) => t),
    categories,
    assignments,
    grades,
    usersWithRecords: new Set(),
    codesElsewhere: opts.codesElsewhere ?? (await codesOfOtherSchools(tx)),
    levelsWithRecords: new Set(),
  };
}

/**
 * Every grade, compactly: one row per assignment with its grades as arrays (360,000 grades cross
 * as 4,000 rows), unpacked into small objects.
 */
async function loadGrades(tx: Tx, day: (column: SQL) => SQL): Promise<StateGrade[]> {
  const groups = await queryRows<{
    a: number;
    ids: number[];
    sids: (string | null)[];
    students: number[];
    scores: number[];
    feedback: (string | null)[];
    days: string[];
  }>(
    sql`select assignment_id as a, array_agg(id order by student_id) as ids, array_agg(sourced_id order by student_id) as sids,
          array_agg(student_id order by student_id) as students, array_agg((score * 100)::int order by student_id) as scores,
          array_agg(feedback order by student_id) as feedback, array_agg(${day(sql`graded_at`)} order by student_id) as days
        from grades group by assignment_id order by assignment_id`,
    tx,
  );
  const out: StateGrade[] = [];
  for (const g of groups) {
    const assignmentId = Number(g.a);
    for (let i = 0; i < g.ids.length; i++) {
      out.push({
        id: Number(g.ids[i]),
        sourcedId: g.sids[i] ?? null,
        assignmentId,
        studentId: Number(g.students[i]),
        score100: Number(g.scores[i]),
        feedback: g.feedback[i] ?? null,
        gradedDay: g.days[i]!,
      });
    }
  }
  return out;
}

async function sequence<T extends readonly (() => Promise<unknown>)[]>(
  steps: T,
): Promise<{ -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> }> {
  const out: unknown[] = [];
  for (const step of steps) out.push(await step());
  return out as { -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> };
}

const intArray = (ids: readonly number[]) => `{${ids.join(",")}}`;

/**
 * Which of these users and classes hold records that must not go (decision 003): a student's
 * grades, submissions, attendance or responses; anyone named in the append-only audit log (whose
 * actor column cannot be cleared); a student or teacher of a class of a closed year (issue 41); a
 * class's assignments, attendance or announcements.
 */
export async function withRecords(
  tx: Tx,
  userIds: readonly number[],
  levelIds: readonly number[],
): Promise<{ users: Set<number>; levels: Set<number> }> {
  const users = userIds.length
    ? await queryRows<{ id: number }>(
        sql`select u.id from users u where u.id = any(${intArray(userIds)}::int[]) and (
              exists (select 1 from grades g where g.student_id = u.id)
              or exists (select 1 from assignment_submissions s where s.student_id = u.id)
              or exists (select 1 from attendance a where a.student_id = u.id)
              or exists (select 1 from responses r where r.student_id = u.id)
              or exists (select 1 from submission_comments c where c.student_id = u.id)
              or exists (select 1 from audit_log l where l.actor_id = u.id)
              -- A class of a closed year keeps its students and teacher (issue 41): their history.
              or exists (select 1 from student_enrollment e join levels l on l.code = e.level_code where e.student_id = u.id and ${concludedClass("l")})
              or exists (select 1 from levels l where l.teacher_id = u.id and ${concludedClass("l")}))`,
        tx,
      )
    : [];
  const levels = levelIds.length
    ? await queryRows<{ id: number }>(
        sql`select l.id from levels l where l.id = any(${intArray(levelIds)}::int[]) and (
              exists (select 1 from assignments a where a.level_code = l.code)
              or exists (select 1 from attendance t where t.level_code = l.code)
              or exists (select 1 from updates u where u.level_code = l.code))`,
        tx,
      )
    : [];
  const kept = new Set(users.map((r) => Number(r.id)));
  // The audit log is append-only and names its actors in every school (a sign-in is written in the
  // school the browser was in): someone another school's log names is kept, never deleted.
  if (userIds.length)
    await inEachOtherSchool(tx, async () => {
      const named = await queryRows<{ id: number }>(
        sql`select distinct actor_id as id from audit_log where actor_id = any(${intArray(userIds)}::int[])`,
        tx,
      );
      for (const r of named) kept.add(Number(r.id));
    });
  return { users: kept, levels: new Set(levels.map((r) => Number(r.id))) };
}

/**
 * The class codes of every other school (issue 42), read school by school as each school's own
 * rows (row-level security stays on), then back in this transaction's school. A class code is the
 * class's address in the whole install, so an import must not give one that another school holds.
 */
async function codesOfOtherSchools(tx: Tx): Promise<Set<string>> {
  const codes = new Set<string>();
  await inEachOtherSchool(tx, async () => {
    for (const code of await ownClassCodes(tx)) codes.add(code);
  });
  return codes;
}

/**
 * Every school's class codes (lower-case), read once for a district's run, each school's under its
 * own row-level security; the transaction is back in its school after.
 */
export async function classCodesBySchool(tx: Tx): Promise<Map<number, Set<string>>> {
  const bySchool = new Map<number, Set<string>>();
  bySchool.set(currentSchoolId(), await ownClassCodes(tx));
  await inEachOtherSchool(tx, async (id) => void bySchool.set(id, await ownClassCodes(tx)));
  return bySchool;
}

/** The transaction's school's class codes (lower-case). */
export async function ownClassCodes(tx: Tx): Promise<Set<string>> {
  return new Set(
    (await queryRows<{ code: string }>(sql`select lower(code) as code from levels`, tx)).map((r) => r.code),
  );
}

/**
 * Runs `fn` in every other school of the district, each under its own row-level security, and
 * returns the transaction to its school. For the few facts an import needs across schools.
 */
async function inEachOtherSchool(tx: Tx, fn: (schoolId: number) => Promise<void>): Promise<void> {
  const here = currentSchoolId();
  const others = (await queryRows<{ id: number }>(sql`select id from schools where id <> ${here} order by id`, tx)).map(
    (r) => Number(r.id),
  );
  if (others.length === 0) return;
  try {
    for (const id of others) {
      await tx.execute(sql.raw(`set local app.school_id = '${id}'`));
      await fn(id);
    }
  } finally {
    await tx.execute(sql.raw(`set local app.school_id = '${here}'`));
  }
}
