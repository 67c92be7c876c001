// A class for the grading queue's end-to-end test (issue 44), on top of the demo school: Elena
// Rivera's "Writing Workshop" with five students of its own (codes fb-01…fb-05, in no other class,
// so no other spec's figures move), one essay posted on return with a two-criterion rubric whose
// best total is the essay's maximum, and each student's essay handed in.
import { sql } from "drizzle-orm";
import { db, queryRows } from "@/lib/db/client";
import { users } from "@/lib/db/schema";
import { codeColumns } from "@/lib/auth/code-store";
import { DEMO_INSTRUCTORS } from "@/lib/db/demo-school";
import { ESSAY_RUBRIC, FEEDBACK_CLASS, FEEDBACK_STUDENTS } from "./feedback-class-data";
import { userIdByCode } from "./fixtures";

export async function seedFeedbackClass(): Promise<{ essay: number; students: number[] }> {
  const rivera = await userIdByCode(DEMO_INSTRUCTORS[0].code);
  const made = await db()
    .insert(users)
    .values(
      FEEDBACK_STUDENTS.map((s) => ({ name: s.name, username: s.username, role: "student", ...codeColumns(s.code) })),
    )
    .returning({ id: users.id });
  const students = made.map((m) => m.id);
  await queryRows(sql`insert into levels (code, name, period, level, teacher_id)
    values (${FEEDBACK_CLASS.code}, ${FEEDBACK_CLASS.name}, '7', 'Grade 9', ${rivera})`);
  for (const id of students)
    await queryRows(
      sql`insert into student_enrollment (student_id, level_code) values (${id}, ${FEEDBACK_CLASS.code})`,
    );
  const [{ id: essay }] = (await queryRows<{ id: number }>(sql`
    insert into assignments (level_code, teacher_id, title, description, max_score, due_date, rubric, post_policy)
    values (${FEEDBACK_CLASS.code}, ${rivera}, ${FEEDBACK_CLASS.essay}, 'Argue for one change at our school.', 10,
            now() + interval '7 days', ${JSON.stringify(ESSAY_RUBRIC)}::jsonb, 'on_return') returning id`)) as [
    { id: number },
  ];
  for (const [i, id] of students.entries())
    await queryRows(sql`insert into assignment_submissions (assignment_id, student_id, content)
      values (${essay}, ${id}, ${`Essay by ${FEEDBACK_STUDENTS[i]!.name}: our school should start later.`})`);
  return { essay, students };
}
