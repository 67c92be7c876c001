import "server-only";
import { sql } from "drizzle-orm";
import { queryRows } from "@/lib/db/client";
import { withSchool } from "@/lib/db/school-scope";
import { teacherAttendancePercent, type AttendanceCounts } from "@/lib/domain/attendance";

/** One row of /district: what a district's IT lead compares schools by (issue 42). */
export interface SchoolOverview {
  id: number;
  name: string;
  students: number;
  teachers: number;
  classes: number;
  /** (present + excused + ½ late) / records this week (Monday on), as the teacher dashboard counts; null: none taken. */
  attendanceThisWeek: number | null;
  /** People who signed in to (or switched into) the school since Monday, of its `members`. */
  signedInThisWeek: number;
  members: number;
  /** The letters of the school's last published term, most given first; empty before any is published. */
  lastTerm: { title: string; letters: { letter: string; count: number }[] } | null;
}

interface Figures {
  students: number;
  teachers: number;
  classes: number;
  signed_in: number;
  members: number;
  marks: AttendanceCounts | null;
  term_title: string | null;
  letters: { letter: string; count: number }[] | null;
}

/**
 * Every school's figures. Each school is read in its own transaction under its own row-level
 * security (withSchool), one statement a school: the district page sees what each school's own
 * admin would, and a query here cannot mix two schools' rows.
 */
export async function districtOverview(): Promise<SchoolOverview[]> {
  const schools = await queryRows<{ id: number; name: string }>(sql`select id, name from schools order by id`);
  const out: SchoolOverview[] = [];
  for (const school of schools) {
    const id = Number(school.id);
    const [f] = await withSchool(id, () => queryRows<Figures>(figuresOfSchool));
    const m = f?.marks;
    const marks: AttendanceCounts = {
      present: Number(m?.present ?? 0),
      absent: Number(m?.absent ?? 0),
      late: Number(m?.late ?? 0),
      excused: Number(m?.excused ?? 0),
    };
    const taken = marks.present + marks.absent + marks.late + marks.excused;
    out.push({
      id,
      name: school.name,
      students: Number(f?.students ?? 0),
      teachers: Number(f?.teachers ?? 0),
      classes: Number(f?.classes ?? 0),
      signedInThisWeek: Number(f?.signed_in ?? 0),
      members: Number(f?.members ?? 0),
      attendanceThisWeek: taken === 0 ? null : teacherAttendancePercent(marks),
      lastTerm: f?.term_title
        ? { title: f.term_title, letters: (f.letters ?? []).map((l) => ({ letter: l.letter, count: Number(l.count) })) }
        : null,
    });
  }
  return out;
}

// The week starts on Monday (ISO), in the database's time zone like the rest of attendance.
const figuresOfSchool = sql`
  with last_term as (
    select p.term_id, t.title from term_publications p join school_terms t on t.id = p.term_id
    order by p.published_at desc, p.term_id desc limit 1
  )
  select
    (select count(*)::int from school_memberships m join users u on u.id = m.user_id
      where m.school_id = portal_school() and u.role = 'student' and u.roster_deleted_at is null and u.erased_at is null) as students,
    (select count(*)::int from school_memberships m join users u on u.id = m.user_id
      where m.school_id = portal_school() and u.role = 'instructor' and u.roster_deleted_at is null) as teachers,
    (select count(*)::int from levels) as classes,
    (select count(*) filter (where m.last_signed_in_at >= date_trunc('week', now()))::int from school_memberships m
      where m.school_id = portal_school()) as signed_in,
    (select count(*)::int from school_memberships m where m.school_id = portal_school()) as members,
    (select json_build_object('present', count(*) filter (where a.status = 'present'), 'absent', count(*) filter (where a.status = 'absent'),
       'late', count(*) filter (where a.status = 'late'), 'excused', count(*) filter (where a.status = 'excused'))
       from attendance a where a.date >= date_trunc('week', current_date)::date) as marks,
    (select title from last_term) as term_title,
    (select json_agg(json_build_object('letter', x.letter, 'count', x.n) order by x.n desc, x.letter)
       from (select r.letter, count(*)::int as n from term_grade_records r
             where r.term_id = (select term_id from last_term) and r.letter is not null group by r.letter) x) as letters`;

/** A school of the district by id (the district's table), or null. */
export async function districtSchool(id: number): Promise<{ id: number; name: string } | null> {
  const [row] = await queryRows<{ id: number; name: string }>(sql`select id, name from schools where id = ${id}`);
  return row ? { id: Number(row.id), name: row.name } : null;
}
