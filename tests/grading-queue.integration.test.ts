import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { saveGrade } from "@/app/level/[levelCode]/update/grade-actions";
import { gatedPageOf } from "@/lib/auth/page-path";
import { queryRows } from "@/lib/db/client";
import { DEMO_CLASSES, DEMO_INSTRUCTORS } from "@/lib/db/demo-school";
import { placeOf } from "@/lib/domain/grading-queue";
import { getQueueAssignment, getQueueEntry, listQueueStudents } from "@/lib/queries/grading-queue";
import { seedDemo } from "./support/fixtures";
import { signInAs } from "./support/session";
import { useTestDatabase } from "./support/test-db";

// The grading queue's reads (issue 44): the class in name order with who still needs a grade,
// one student's newest work and grade, nothing of another class; its page is gated as the
// dashboard is (a refused teacher gets 403 before the loading boundary answers 200).

useTestDatabase();
const CLASS = DEMO_CLASSES[0].code;
const OTHER = DEMO_CLASSES[2].code;
let assignmentId: number;
let otherAssignment: number;
let outsider: number;

beforeAll(async () => {
  await seedDemo();
  [{ id: assignmentId }] = (await queryRows<{ id: number }>(
    sql`insert into assignments (level_code, title, max_score) values (${CLASS}, 'Queue essay', 20) returning id`,
  )) as [{ id: number }];
  [{ id: otherAssignment }] = (await queryRows<{ id: number }>(
    sql`select id from assignments where level_code = ${OTHER} limit 1`,
  )) as [{ id: number }];
  [{ id: outsider }] = (await queryRows<{ id: number }>(sql`
    select u.id from users u where u.role = 'student'
      and not exists (select 1 from student_enrollment e where e.student_id = u.id and e.level_code = ${CLASS}) limit 1`)) as [
    { id: number },
  ];
});

const roster = async () =>
  queryRows<{ id: number; name: string }>(sql`
    select u.id, u.name from student_enrollment e join users u on u.id = e.student_id
    where e.level_code = ${CLASS} order by u.name, u.id`);

describe("the grading queue", () => {
  it("lists the class in name order, and who has a grade, as grading goes on", async () => {
    const students = await listQueueStudents(CLASS, assignmentId);
    expect(students.map((s) => s.id)).toEqual((await roster()).map((r) => r.id));
    expect(students.every((s) => !s.graded && !s.draft && !s.submitted)).toBe(true);
    const [first, second, third] = students;
    await signInAs(DEMO_INSTRUCTORS[0].code);
    expect(await saveGrade({ levelCode: CLASS, assignmentId, studentId: second!.id, score: "15,5" })).toMatchObject({
      ok: true,
    });
    const after = await listQueueStudents(CLASS, assignmentId);
    expect(after.find((s) => s.id === second!.id)).toMatchObject({ graded: true, draft: false });
    // From the first, the next ungraded skips the one just graded.
    expect(placeOf(after, first!.id, "ungraded").next).toBe(third!.id);
    const entry = await getQueueEntry(CLASS, assignmentId, second!.id);
    expect(entry?.grade).toMatchObject({ score: 15.5, returned: true });
  });

  it("marks a grade of an assignment posted on return as a draft", async () => {
    await queryRows(sql`update assignments set post_policy = 'on_return' where id = ${assignmentId}`);
    const [, , third] = await listQueueStudents(CLASS, assignmentId);
    await signInAs(DEMO_INSTRUCTORS[0].code);
    await saveGrade({ levelCode: CLASS, assignmentId, studentId: third!.id, score: "12" });
    expect((await listQueueStudents(CLASS, assignmentId)).find((s) => s.id === third!.id)).toMatchObject({
      graded: true,
      draft: true,
    });
    expect((await getQueueEntry(CLASS, assignmentId, third!.id))?.grade?.returned).toBe(false);
  });

  it("shows a student's newest submission and how many there were", async () => {
    const [first] = await listQueueStudents(CLASS, assignmentId);
    await queryRows(sql`insert into assignment_submissions (assignment_id, student_id, content, submitted_at) values
      (${assignmentId}, ${first!.id}, 'first try', now() - interval '1 day'),
      (${assignmentId}, ${first!.id}, 'second try', now())`);
    const entry = await getQueueEntry(CLASS, assignmentId, first!.id);
    expect(entry?.submission).toMatchObject({ content: "second try", count: 2 });
    expect((await listQueueStudents(CLASS, assignmentId))[0]).toMatchObject({ submitted: true });
  });

  it("knows nothing of another class's assignment or a student outside the class", async () => {
    expect(await getQueueAssignment(CLASS, otherAssignment)).toBeNull();
    expect(await getQueueAssignment(OTHER, assignmentId)).toBeNull();
    expect(await getQueueEntry(CLASS, assignmentId, outsider)).toBeNull();
  });

  it("is one of the dashboard's gated pages", () => {
    expect(gatedPageOf(`/level/${CLASS}/update/queue`)).toEqual({ page: "class", levelCode: CLASS, mode: "teach" });
  });
});
