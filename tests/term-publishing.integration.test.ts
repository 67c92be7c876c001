import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { setTermPublishedAction } from "@/app/admin/term-actions";
import { saveGrade } from "@/app/level/[levelCode]/update/grade-actions";
import { setTermCommentAction } from "@/app/level/[levelCode]/update/term-grade-actions";
import { setGradeMark } from "@/app/level/[levelCode]/update/grade-actions";
import { setTermOverrideAction } from "@/app/level/[levelCode]/update/term-grade-actions";
import { queryRows } from "@/lib/db/client";
import { countQueries } from "@/lib/db/query-stats";
import { DEMO_ADMIN, DEMO_CLASSES, DEMO_INSTRUCTORS } from "@/lib/db/demo-school";
import { loadStudentTermGrade } from "@/lib/gradebook/term-grades";
import { listCommentBank } from "@/lib/gradebook/comment-bank";
import { reportCardFor } from "@/lib/parent/portal";
import { databaseChecksum, seedDemo } from "./support/fixtures";
import { form } from "./support/form";
import { signInAs } from "./support/session";
import { useTestDatabase } from "./support/test-db";

// Term report cards (issue 19): comments with the comment bank, publishing (audited), what the
// report card then shows, and the lock on the term's grades until an admin unlocks it.

useTestDatabase();
const CLASS = DEMO_CLASSES[0].code; // Elena Rivera's Algebra I
let past: number; // the term holding the work due 14 days ago
let student: { id: number; name: string };
let inPast: number; // an assignment due in the past term
let inNow: number; // one due in today's term
const idle = { ok: true } as const;
const LOCKED = ["grades", "grade_marks", "term_grade_overrides", "term_comments", "audit_log"];

beforeAll(async () => {
  await seedDemo();
  // Work was due 14 and 5 days ago: the first term ends 8 days ago.
  await queryRows(sql`insert into school_terms (title, type, start_date, end_date) values
    ('Autumn', 'term', current_date - 200, current_date - 8), ('Winter', 'term', current_date - 7, current_date + 200)`);
  [{ id: past }] = (await queryRows<{ id: number }>(sql`select id from school_terms where title = 'Autumn'`)) as [
    { id: number },
  ];
  [student] = (await queryRows<{ id: number; name: string }>(sql`
    select u.id, u.name from student_enrollment e join users u on u.id = e.student_id where e.level_code = ${CLASS} order by u.id limit 1`)) as [
    { id: number; name: string },
  ];
  [{ id: inPast }] = (await queryRows<{ id: number }>(
    sql`select id from assignments where level_code = ${CLASS} and due_date < now() - interval '10 days' order by id limit 1`,
  )) as [{ id: number }];
  [{ id: inNow }] = (await queryRows<{ id: number }>(
    sql`select id from assignments where level_code = ${CLASS} and due_date between now() - interval '6 days' and now() order by id limit 1`,
  )) as [{ id: number }];
});

const comment = (text: string, bank = false) =>
  setTermCommentAction(
    idle,
    form({ levelCode: CLASS, studentId: student.id, termId: past, comment: text, bank: bank ? "on" : undefined }),
  );
const publish = (on: boolean) => setTermPublishedAction(idle, form({ termId: past, publish: on ? "on" : "off" }));

describe("term report cards", () => {
  it("take a comment with {first name} and keep it in the teacher's bank as a template", async () => {
    const teacher = await signInAs(DEMO_INSTRUCTORS[0].code);
    expect(await comment("{first name} worked steadily this term.", true)).toEqual({
      ok: true,
      message: "Comment saved and added to your bank",
    });
    const first = student.name.split(" ")[0]!;
    const [row] = await queryRows<{ comment: string }>(
      sql`select comment from term_comments where student_id = ${student.id} and term_id = ${past}`,
    );
    expect(row!.comment).toBe(`${first} worked steadily this term.`);
    expect((await listCommentBank(teacher.id)).map((b) => b.text)).toEqual(["{first name} worked steadily this term."]);
  });

  it("are published by an admin only, audited, and show the term's grade, attendance and comment", async () => {
    await signInAs(DEMO_INSTRUCTORS[0].code);
    expect(await publish(true)).toMatchObject({ ok: false });
    await signInAs(DEMO_ADMIN.code);
    expect(await publish(true)).toEqual({
      ok: true,
      message: "Autumn published: its report cards are out and its grades locked",
    });
    const [entry] = await queryRows<{ detail: { title: string } }>(
      sql`select detail from audit_log where action = 'term.published'`,
    );
    expect(entry!.detail.title).toBe("Autumn");
    const card = await reportCardFor(student.id);
    const here = card!.classes.find((c) => c.code === CLASS)!;
    const expected = await loadStudentTermGrade(CLASS, student.id, past, "UTC");
    const [att] = await queryRows<{ present: number; total: number }>(sql`
      select count(*) filter (where status = 'present')::int as present, count(*)::int as total from attendance
      where student_id = ${student.id} and level_code = ${CLASS} and date between current_date - 200 and current_date - 8`);
    expect(here.published).toMatchObject({
      title: "Autumn",
      percent: expected.percent,
      comment: expect.stringContaining("worked steadily") as unknown,
    });
    expect(here.published!.attendance.present).toBe(att!.present);
    expect(Object.values(here.published!.attendance).reduce((a, b) => a + b, 0)).toBe(att!.total);
    // Today's term is shown beside it as progress so far.
    expect(here.term?.title).toBe("Winter");
  });

  it("are read in two statements whatever the child's classes and records (the card with the published comments, then the term inputs)", async () => {
    const [many] = await queryRows<{ id: number }>(
      sql`select student_id as id from student_enrollment group by student_id order by count(*) desc, student_id limit 1`,
    );
    const [none] = await queryRows<{ id: number }>(
      sql`select id from users where role = 'student' and id not in (select student_id from student_enrollment) order by id limit 1`,
    );
    const full = await countQueries(() => reportCardFor(student.id));
    const most = await countQueries(() => reportCardFor(many!.id));
    const empty = await countQueries(() => reportCardFor(none!.id));
    expect([full.count, most.count, empty.count]).toEqual([2, 2, 2]);
    expect(full.result!.classes.find((c) => c.code === CLASS)!.published!.comment).toContain("worked steadily");
    expect(most.result!.classes.length).toBeGreaterThan(1);
    expect(empty.result!.classes).toEqual([]);
  });

  it("lock the term's grades, marks, overrides and comments, and nothing else", async () => {
    await signInAs(DEMO_INSTRUCTORS[0].code);
    const before = await databaseChecksum(LOCKED);
    const locked = "Autumn is published, so its grades are locked. An admin can unlock the term on /admin → Terms.";
    expect(await saveGrade({ levelCode: CLASS, assignmentId: inPast, studentId: student.id, score: "1" })).toEqual({
      ok: false,
      message: locked,
    });
    expect(
      await setGradeMark({ levelCode: CLASS, assignmentId: inPast, studentId: student.id, mark: "excused" }),
    ).toEqual({ ok: false, message: locked });
    expect(
      await setTermOverrideAction(
        idle,
        form({ levelCode: CLASS, studentId: student.id, termId: past, percent: "99", reason: "x" }),
      ),
    ).toEqual({ ok: false, message: locked });
    expect(await comment("Changed my mind")).toEqual({ ok: false, message: locked });
    expect(await databaseChecksum(LOCKED)).toEqual(before);
    // Today's term is open.
    expect(await saveGrade({ levelCode: CLASS, assignmentId: inNow, studentId: student.id, score: "1" })).toEqual({
      ok: true,
      message: "Grade saved",
    });
  });

  it("open again when an admin unlocks the term, audited", async () => {
    await signInAs(DEMO_ADMIN.code);
    expect(await publish(false)).toEqual({
      ok: true,
      message: "Autumn unlocked: teachers can change its grades again",
    });
    expect((await queryRows(sql`select 1 from audit_log where action = 'term.unlocked'`)).length).toBe(1);
    await signInAs(DEMO_INSTRUCTORS[0].code);
    expect(await saveGrade({ levelCode: CLASS, assignmentId: inPast, studentId: student.id, score: "2" })).toEqual({
      ok: true,
      message: "Grade saved",
    });
    expect((await reportCardFor(student.id))!.classes.every((c) => c.published === undefined)).toBe(true);
  });
});
