// A row in every school-scoped table (tests/school-isolation): the demo school, last year closed with
// a published term, the writing class with its rubric and essays, and a row each for what those leave
// empty. A table added later that none of them fills makes the isolation test say so.
import { sql } from "drizzle-orm";
import { queryRows } from "@/lib/db/client";
import { seedFeedbackClass } from "./feedback-class";
import { seedPastYear } from "./past-year";
import { seedDemo } from "./fixtures";

export async function fillEveryTable(): Promise<void> {
  await seedDemo();
  const { term } = await seedPastYear();
  const { essay, students } = await seedFeedbackClass();
  const [ids] = await queryRows<{ teacher: number; parent: number; code: string; category: number; link: number }>(sql`
    select (select teacher_id from assignments where id = ${essay}) as teacher,
      (select min(id) from users where role = 'parent') as parent,
      (select level_code from assignments where id = ${essay}) as code,
      (select min(id) from grade_categories) as category,
      (select min(id) from guardian_links) as link`);
  const { teacher, parent, code, category, link } = ids!;
  const student = students[0]!;
  const [submission] = await queryRows<{ id: number }>(
    sql`select min(id) as id from assignment_submissions where assignment_id = ${essay}`,
  );
  await queryRows(sql`insert into comment_bank (teacher_id, text) values (${teacher}, 'A careful term.')`);
  await queryRows(sql`insert into rubrics (owner_id, title, criteria) values (${teacher}, 'Bank rubric', '[]'::jsonb)`);
  const [comment] = await queryRows<{
    id: number;
  }>(sql`insert into submission_comments (assignment_id, student_id, author_id, body)
    values (${essay}, ${student}, ${teacher}, 'See the second paragraph.') returning id`);
  const [file] = await queryRows<{ id: number }>(sql`insert into files
      (level_code, kind, submission_id, uploader_id, storage_key, name, mime, size, sha256, scan)
    values (${code}, 'submission', ${submission!.id}, ${student}, 'every-table/essay.txt', 'essay.txt', 'text/plain', 5,
      'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855', 'clean') returning id`);
  await queryRows(sql`insert into submission_files (submission_id, file_id) values (${submission!.id}, ${file!.id})`);
  await queryRows(sql`insert into files (level_code, kind, comment_id, uploader_id, storage_key, name, mime, size, sha256, scan)
    values (${code}, 'comment', ${comment!.id}, ${teacher}, 'every-table/note.txt', 'note.txt', 'text/plain', 1, 'x', 'clean')`);
  await queryRows(sql`insert into grade_marks (assignment_id, student_id, late) values (${essay}, ${student}, true)`);
  await queryRows(
    sql`insert into level_category_weights (level_code, category_id, weight) values (${code}, ${category}, 100)`,
  );
  await queryRows(sql`insert into notifications (user_id, event_key, kind, title, href)
    values (${student}, 'every-table', 'grade', 'Essay graded', '/')`);
  await queryRows(sql`insert into pending_guardian_links (parent_id, student_id) values (${parent}, ${student})`);
  await queryRows(sql`insert into report_card_links (guardian_link_id, token_hash, expires_at)
    values (${link}, 'every-table', now() + interval '1 day')`);
  await queryRows(sql`insert into roster_imports (source, file_name, dry_run, status)
    values ('web', 'roster.zip', true, 'previewed')`);
  await queryRows(sql`insert into settings (key, value) values ('every-table', '{}'::jsonb)`);
  await queryRows(sql`insert into term_comments (level_code, student_id, term_id, comment)
    values (${code}, ${student}, ${term}, 'Steady work.')`);
  await queryRows(sql`insert into term_grade_overrides (level_code, student_id, term_id, percent, reason)
    values (${code}, ${student}, ${term}, 90, 'Make-up exam')`);
}
