import "server-only";
import { and, asc, eq, or, sql } from "drizzle-orm";
import { db, jsonColumn, queryRows } from "@/lib/db/client";
import { memberHere } from "@/lib/db/schools";
import { users } from "@/lib/db/schema";
import type { StoredTermGrade } from "@/lib/domain/stored-grade";
import { storedCardFrom, storedCardJson } from "@/lib/gradebook/stored-cards";
import { concludedClass } from "./school-years";

// Parent portal queries. They return names and school records only: never access codes,
// e-mails, phone numbers or dates of birth. People are the district's (no row-level security on
// `users`), and each school chooses its own lookup mode (decision 037): every query here names the
// school's own members, so a school whose lookup is open finds nobody of another school.

function likeDigits(digits: string): string {
  return `%${digits}%`; // digits only, so no LIKE wildcard can be smuggled in
}

/**
 * Students whose parent1/parent2 number contains these digits (compared digits to digits). The
 * school's own students are one range of the membership index, which carries their numbers' digits
 * (drizzle/0044): the lookup reads that school's students alone or in a district of twenty.
 */
export async function findStudentsByParentDigits(digits: string): Promise<{ id: number; name: string }[]> {
  return db()
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(
      and(
        eq(users.role, "student"),
        sql`${users.id} = any(array(select m.user_id from school_memberships m where m.school_id = portal_school() and m.role = 'student' and m.parent_digits like ${likeDigits(digits)}))`,
      ),
    )
    .orderBy(asc(users.name), asc(users.id))
    .limit(50);
}

/** Is a full phone number on file (digits equal to a student's parent number or a parent's phone)? */
export async function phoneNumberOnFile(digits: string): Promise<boolean> {
  const [row] = await queryRows<{ found: boolean }>(sql`
    select exists (select 1 from users where role = 'student' and length(parent1_digits) >= 7 and parent1_digits = ${digits} and ${memberHere(users.id)})
        or exists (select 1 from users where role = 'student' and length(parent2_digits) >= 7 and parent2_digits = ${digits} and ${memberHere(users.id)})
        or exists (select 1 from users where role = 'parent' and length(phone_digits) >= 7 and phone_digits = ${digits} and ${memberHere(users.id)}) as found`);
  return Boolean(row?.found);
}

export interface ReportCardData {
  student: { id: number; name: string };
  classes: { code: string; name: string; period: string | null; enrolledAt: Date }[];
  grades: {
    levelCode: string;
    title: string;
    score: number;
    maxScore: number;
    gradedAt: Date;
    feedback: string | null;
  }[];
  attendance: { levelCode: string; date: string; status: string }[];
  /** The student's stored cards of every published term (issue 27), classes they have left included. */
  publishedCards: {
    termId: number;
    levelCode: string;
    className: string;
    period: string | null;
    card: StoredTermGrade;
  }[];
}

type Json<T> = T[] | string | null;
const rowsOf = <T>(v: Json<T>): T[] => jsonColumn(v) ?? [];

/**
 * Everything a report card shows, in one statement (its lists as JSON columns): the parent's
 * child page is an everyday page, and each statement costs a socket write and the database's
 * work on the cores that render it (issue 21).
 */
export async function getReportCard(studentId: number): Promise<ReportCardData | null> {
  // Classes not concluded (issue 41): a concluded class's cards are under the student's record of
  // every year (/records/{id}) and Past years, not mixed with this year's. "Not concluded" rather
  // than "the current year's" keeps the card one statement (the current year is read from the years).
  const current = sql`not ${concludedClass("l")}`;
  const [row] = await queryRows<{
    id: number;
    name: string;
    classes: Json<{ code: string; name: string; period: string | null; enrolled_at: string }>;
    grades: Json<{
      level_code: string;
      title: string;
      score: number | string;
      max_score: number | string;
      graded_at: string;
      feedback: string | null;
    }>;
    attendance: Json<{ level_code: string; date: string; status: string }>;
    cards: Json<{
      term_id: number;
      level_code: string;
      class_name: string;
      period: string | null;
      card: StoredTermGrade;
    }>;
  }>(sql`
    select u.id, u.name,
      -- Ties broken by a unique key: a class list (or a day's marks) that came back in another order
      -- on each read shuffled the card between two views of the same data.
      (select json_agg(x order by x.enrolled_at desc, x.code) from (
        select l.code, l.name, l.period, e.enrolled_at from student_enrollment e join levels l on l.code = e.level_code where e.student_id = u.id and ${current}) x) as classes,
      (select json_agg(x order by x.graded_at desc, x.assignment_id) from (
        select a.id as assignment_id, a.level_code, a.title, g.score, a.max_score, g.graded_at, g.feedback from grades g join assignments a on a.id = g.assignment_id where g.student_id = u.id and g.returned_at is not null) x) as grades,
      (select json_agg(x order by x.date desc, x.level_code) from (
        select level_code, to_char(date, 'YYYY-MM-DD') as date, status from attendance where student_id = u.id) x) as attendance,
      -- The stored cards of published terms, through their key (term, class, student).
      (select json_agg(x order by x.term_id, x.level_code) from (
        select r.term_id, r.level_code, r.class_name, r.period, ${storedCardJson("r")} as card from term_publications p
        join term_grade_records r on r.term_id = p.term_id and r.student_id = u.id
        join levels l on l.code = r.level_code where ${current}) x) as cards
    from users u where u.id = ${studentId} and u.role = 'student'`);
  if (!row) return null;
  return {
    student: { id: Number(row.id), name: row.name },
    classes: rowsOf(row.classes).map((c) => ({
      code: c.code,
      name: c.name,
      period: c.period,
      enrolledAt: new Date(c.enrolled_at),
    })),
    grades: rowsOf(row.grades).map((g) => ({
      levelCode: g.level_code,
      title: g.title,
      score: Number(g.score),
      maxScore: Number(g.max_score),
      gradedAt: new Date(g.graded_at),
      feedback: g.feedback,
    })),
    attendance: rowsOf(row.attendance).map((a) => ({ levelCode: a.level_code, date: a.date, status: a.status })),
    publishedCards: rowsOf(row.cards).map((c) => ({
      termId: Number(c.term_id),
      levelCode: c.level_code,
      className: c.class_name,
      period: c.period,
      card: storedCardFrom(c.card),
    })),
  };
}

/** Is this full number (all its digits) one of the student's parent numbers? (The open mode's report-card key.) */
export async function studentHasParentNumber(studentId: number, digits: string): Promise<boolean> {
  const rows = await db()
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.id, studentId),
        eq(users.role, "student"),
        memberHere(users.id),
        or(eq(users.parent1Digits, digits), eq(users.parent2Digits, digits)),
      ),
    );
  return rows.length > 0;
}
