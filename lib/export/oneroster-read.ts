import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { db, queryRows } from "@/lib/db/client";
import { amongMembersHere } from "@/lib/db/schools";

// What the OneRoster export reads: one REPEATABLE READ, read-only transaction, so every file is
// the same moment of the school (a grade never names a user a concurrent write added after the
// users were read). One statement per kind of row, however big the school; the files are built
// after the transaction ends, so it holds the database (and PGlite's one connection) only as
// long as the reads take. Days are cut in the school's time zone by the database, not per row in
// JavaScript. People and classes the roster deleted (kept for their records) are left out, with
// every row that names them. Never users.code: access codes do not leave the portal.

export interface UserRow {
  id: number;
  sid: string | null;
  name: string;
  /** As the roster imported them (null: made in the portal). */
  given_name: string | null;
  family_name: string | null;
  username: string;
  email: string | null;
  role: string;
  phone: string | null;
  dob: string | null;
  parent1: string | null;
  parent2: string | null;
  /** A student's guardians (parent ids) and each link's relationship, in the same order. */
  agents: string | null;
  agent_relationships: string | null;
  /** A parent's relationships over all their links. */
  relationships: string | null;
}
export interface LevelRow {
  code: string;
  sid: string | null;
  name: string;
  period: string | null;
  level: string | null;
  teacher_id: number | null;
  teacher_enrollment_sid: string | null;
}
export interface TermRow {
  id: number;
  /** null: an admin's own term (the export names it generatedId.term). */
  sourced_id: string | null;
  title: string;
  type: string;
  start_date: string;
  end_date: string;
  parent_sourced_id: string | null;
  school_year: number | null;
}
export interface EnrollmentRow {
  sid: string | null;
  student_id: number;
  level_code: string;
  day: string;
}
/** `due_at`/`assigned_at`: the instants in UTC with milliseconds (what the import compares); `assigned`, `due_day`: the school's days. */
export interface AssignmentRow {
  id: number;
  sid: string | null;
  level_code: string;
  title: string;
  description: string;
  max_score: number;
  due_at: string | null;
  assigned_at: string;
  assigned: string;
  due_day: string | null;
  category_id: number | null;
}
/**
 * One row per assignment: its grades as lists in student order (360,000 grades cross as 4,000
 * rows); `sids` are the results' sourcedIds (empty: none) separated by U+001F, which no id holds.
 */
export interface GradeGroupRow {
  assignment_id: number;
  students: string;
  scores: string;
  days: string;
  sids: string;
}
export interface FeedbackRow {
  assignment_id: number;
  student_id: number;
  feedback: string;
}

export interface Snapshot {
  users: UserRow[];
  levels: LevelRow[];
  terms: TermRow[];
  /** First and last day anything happened, for the one school year written when there are no terms. */
  span: { first: string | null; last: string | null };
  enrollments: EnrollmentRow[];
  categories: { id: number; name: string; sid: string | null }[];
  assignments: AssignmentRow[];
  gradeGroups: GradeGroupRow[];
  feedback: FeedbackRow[];
  /** The school's org as the district's files named it (issue 42); null ids: the portal's own. */
  org?: { sid: string | null; parent_sid: string | null; parent_name: string | null };
}

const LIVE_LEVEL = sql`join levels l on l.code = a.level_code and l.roster_deleted_at is null`;

/** The separator of GradeGroupRow.sids. */
export const SID_SEPARATOR = "\u001f";

export async function readSnapshot(timeZone: string): Promise<Snapshot> {
  const day = (column: SQL) => sql`to_char(${column} at time zone ${timeZone}, 'YYYY-MM-DD')`;
  const iso = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
  return db().transaction(
    async (tx) => {
      // One after another: a pg client runs one statement at a time anyway.
      const q = <T>(query: SQL) => queryRows<T>(query, tx);
      const users = await q<UserRow>(sql`
        select u.id, u.sourced_id as sid, u.name, u.given_name, u.family_name, u.username, u.email, u.role, u.phone_number as phone, u.date_of_birth::text as dob,
          u.parent1_number as parent1, u.parent2_number as parent2,
          (select string_agg(g.parent_id::text, ',' order by g.parent_id) from guardian_links g join users p on p.id = g.parent_id
            where g.student_id = u.id and g.removed_at is null and p.roster_deleted_at is null) as agents,
          (select string_agg(g.relationship, ',' order by g.parent_id) from guardian_links g join users p on p.id = g.parent_id
            where g.student_id = u.id and g.removed_at is null and p.roster_deleted_at is null) as agent_relationships,
          (select string_agg(distinct g.relationship, ',') from guardian_links g where g.parent_id = u.id and g.removed_at is null) as relationships
        from users u where u.roster_deleted_at is null and ${amongMembersHere(sql.raw("u.id"))} order by u.id`);
      const levels = await q<LevelRow>(sql`
        select l.code, l.sourced_id as sid, l.name, l.period, l.level, t.id as teacher_id, l.teacher_enrollment_sourced_id as teacher_enrollment_sid
        from levels l left join users t on t.id = l.teacher_id and t.roster_deleted_at is null
        where l.roster_deleted_at is null order by l.code`);
      const terms = await q<TermRow>(sql`
        select id, sourced_id, title, type, start_date::text as start_date, end_date::text as end_date, parent_sourced_id, school_year
        from school_terms order by start_date, end_date desc, coalesce(sourced_id, 'portal-term-' || id)`);
      const [span] = await q<Snapshot["span"]>(sql`
        select least((select min(date) from attendance), (select min(${day(sql`created_at`)}) from assignments)::date,
            (select min(${day(sql`due_date`)}) from assignments)::date, (select min(${day(sql`enrolled_at`)}) from student_enrollment)::date)::text as first,
          greatest((select max(date) from attendance), (select max(${day(sql`created_at`)}) from assignments)::date,
            (select max(${day(sql`due_date`)}) from assignments)::date, (select max(${day(sql`enrolled_at`)}) from student_enrollment)::date)::text as last`);
      const enrollments = await q<EnrollmentRow>(sql`
        select e.sourced_id as sid, e.student_id, e.level_code, ${day(sql`e.enrolled_at`)} as day
        from student_enrollment e join users u on u.id = e.student_id and u.roster_deleted_at is null
        join levels l on l.code = e.level_code and l.roster_deleted_at is null
        order by e.level_code, e.student_id`);
      const categories = await q<{ id: number; name: string; sid: string | null }>(
        sql`select id, name, sourced_id as sid from grade_categories order by id`,
      );
      const assignments = await q<AssignmentRow>(sql`
        select a.id, a.sourced_id as sid, a.level_code, a.title, a.description, a.max_score, ${iso(sql`a.due_date`)} as due_at, ${iso(sql`a.created_at`)} as assigned_at,
          ${day(sql`a.created_at`)} as assigned, ${day(sql`a.due_date`)} as due_day, a.category_id
        from assignments a ${LIVE_LEVEL} order by a.id`);
      const gradeGroups = await q<GradeGroupRow>(sql`
        select g.assignment_id, string_agg(g.student_id::text, ',' order by g.student_id) as students,
          string_agg(trim_scale(g.score)::text, ',' order by g.student_id) as scores,
          string_agg(${day(sql`g.graded_at`)}, ',' order by g.student_id) as days,
          string_agg(coalesce(g.sourced_id, ''), ${SID_SEPARATOR} order by g.student_id) as sids
        from grades g join assignments a on a.id = g.assignment_id ${LIVE_LEVEL}
        join users u on u.id = g.student_id and u.roster_deleted_at is null
        -- A draft is not graded yet for the SIS either: omitted until it is returned (decision 033).
        where g.returned_at is not null
        group by g.assignment_id order by g.assignment_id`);
      const feedback = await q<FeedbackRow>(sql`
        select g.assignment_id, g.student_id, g.feedback
        from grades g join assignments a on a.id = g.assignment_id ${LIVE_LEVEL}
        join users u on u.id = g.student_id and u.roster_deleted_at is null
        where g.feedback is not null and g.feedback <> '' and g.returned_at is not null`);
      const [org] = await q<NonNullable<Snapshot["org"]>>(
        sql`select sourced_id as sid, parent_sourced_id as parent_sid, parent_name from schools where id = portal_school()`,
      );
      return {
        org,
        users,
        levels,
        terms,
        span: span ?? { first: null, last: null },
        enrollments,
        categories,
        assignments,
        gradeGroups,
        feedback,
      };
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
}
