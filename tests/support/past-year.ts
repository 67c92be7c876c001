// A school with last year closed (issue 41), on top of the demo school: last year's class "Pre-Algebra"
// (Elena Rivera's) with Ava (stu-01, Grace Johnson's child) and a student who has left the school
// since (in no current class), one published term with graded work and attendance, and the year
// closed by the admin. This year holds today; the demo's classes are this year's.
import { sql } from "drizzle-orm";
import { db, queryRows } from "@/lib/db/client";
import { users } from "@/lib/db/schema";
import { codeColumns } from "@/lib/auth/code-store";
import { DEMO_ADMIN, DEMO_INSTRUCTORS, DEMO_STUDENTS } from "@/lib/db/demo-school";
import { closeYear } from "@/lib/years/close";
import { publishTerms } from "./publish";
import { userIdByCode } from "./fixtures";

export const PAST = { code: "PREALG-2025", name: "Pre-Algebra", title: "2024–2025", term: "Spring 2025" } as const;
export const LEFT_STUDENT = { name: "Leo Left", username: "leo.left", code: "stu-left" } as const;

export interface PastYearSchool {
  pastYear: number;
  currentYear: number;
  term: number;
  ava: number;
  left: number;
  admin: number;
}

const one = async <T>(q: ReturnType<typeof sql>): Promise<T> => (await queryRows<T>(q))[0]!;

export async function seedPastYear(): Promise<PastYearSchool> {
  const admin = await userIdByCode(DEMO_ADMIN.code);
  const rivera = await userIdByCode(DEMO_INSTRUCTORS[0].code);
  const ava = await userIdByCode(DEMO_STUDENTS[0]!.code);
  const [leo] = await db()
    .insert(users)
    .values({
      name: LEFT_STUDENT.name,
      username: LEFT_STUDENT.username,
      role: "student",
      ...codeColumns(LEFT_STUDENT.code),
    })
    .returning({ id: users.id });
  const { id: pastYear } = await one<{ id: number }>(
    sql`insert into school_years (title, start_date, end_date) values (${PAST.title}, current_date - 500, current_date - 140) returning id`,
  );
  const { id: currentYear } = await one<{ id: number }>(
    sql`insert into school_years (title, start_date, end_date) values ('2025–2026', current_date - 139, current_date + 220) returning id`,
  );
  const { id: term } = await one<{ id: number }>(
    sql`insert into school_terms (title, type, start_date, end_date, year_id)
        values (${PAST.term}, 'term', current_date - 330, current_date - 150, ${pastYear}) returning id`,
  );
  await queryRows(sql`insert into levels (code, name, period, level, teacher_id, year_id)
    values (${PAST.code}, ${PAST.name}, '2', 'Grade 8', ${rivera}, ${pastYear})`);
  await queryRows(
    sql`insert into student_enrollment (student_id, level_code) values (${ava}, ${PAST.code}), (${leo!.id}, ${PAST.code})`,
  );
  const { id: quiz } = await one<{ id: number }>(
    sql`insert into assignments (level_code, teacher_id, title, max_score, due_date)
        values (${PAST.code}, ${rivera}, 'Fractions quiz', 20, now() - interval '200 days') returning id`,
  );
  await queryRows(
    sql`insert into grades (assignment_id, student_id, score) values (${quiz}, ${ava}, 17), (${quiz}, ${leo!.id}, 11)`,
  );
  // Ava: 3 present, 1 absent; Leo: 2 present, 1 late, 1 excused (all in the term's dates).
  await queryRows(sql`insert into attendance (student_id, level_code, date, status) values
    (${ava}, ${PAST.code}, current_date - 300, 'present'), (${ava}, ${PAST.code}, current_date - 299, 'present'),
    (${ava}, ${PAST.code}, current_date - 298, 'present'), (${ava}, ${PAST.code}, current_date - 297, 'absent'),
    (${leo!.id}, ${PAST.code}, current_date - 300, 'present'), (${leo!.id}, ${PAST.code}, current_date - 299, 'present'),
    (${leo!.id}, ${PAST.code}, current_date - 298, 'late'), (${leo!.id}, ${PAST.code}, current_date - 297, 'excused')`);
  await publishTerms([term]);
  const closed = await closeYear(pastYear, admin);
  if (!closed.ok) throw new Error("could not close last year");
  return { pastYear, currentYear, term, ava, left: leo!.id, admin };
}
