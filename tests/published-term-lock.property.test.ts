import { sql } from "drizzle-orm";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { saveGradingAction } from "@/app/level/[levelCode]/update/grading-actions";
import { setTermPublishedAction, saveTermsAction } from "@/app/admin/term-actions";
import {
  addAttendanceDay,
  markAllPresent,
  markRollCall,
  setAttendance,
} from "@/app/level/[levelCode]/update/attendance-actions";
import {
  createAssignment,
  deleteAssignment,
  updateAssignment,
} from "@/app/level/[levelCode]/update/assignment-actions";
import { removeStudent } from "@/app/level/[levelCode]/update/class-roster-actions";
import { bulkGrade, saveGrade, setGradeMark } from "@/app/level/[levelCode]/update/grade-actions";
import { setTermCommentAction, setTermOverrideAction } from "@/app/level/[levelCode]/update/term-grade-actions";
import { queryRows } from "@/lib/db/client";
import { DEMO_ADMIN, DEMO_CLASSES, DEMO_INSTRUCTORS } from "@/lib/db/demo-school";
import { reportCardFor } from "@/lib/parent/portal";
import { loadTermReportCards } from "@/lib/report-pdf/data";
import { seedDemo } from "./support/fixtures";
import { form } from "./support/form";
import { signInAs } from "./support/session";
import { useTestDatabase } from "./support/test-db";

// Issue 27: a published term's report card does not change. Every write that feeds it is refused
// with the lock message, in any order, and what families read (the report card page, the PDF's
// lines) stays byte-identical. Writes that are allowed (the grading settings of later terms, a
// student leaving the class) leave the published card as it was printed.

useTestDatabase();
const CLASS = DEMO_CLASSES[0].code; // Elena Rivera's Algebra I
const idle = { ok: true } as const;
let autumn: { id: number; start: string; end: string };
let winter: number;
let student: number;
let inPast: number; // graded, due in Autumn
let spare: number; // no work, due in Autumn
let inNow: number; // due in Winter
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const iso = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 16);
const LOCKED = /^Autumn is published, so its grades are locked\. An admin can unlock the term on \/admin → Terms\./;

beforeAll(async () => {
  await seedDemo();
  await queryRows(sql`insert into school_terms (title, type, start_date, end_date) values
    ('Autumn', 'term', current_date - 200, current_date - 8), ('Winter', 'term', current_date - 7, current_date + 200)`);
  const terms = await queryRows<{ id: number; title: string; start: string; end: string }>(
    sql`select id, title, start_date::text as start, end_date::text as "end" from school_terms order by start_date`,
  );
  autumn = terms[0]!;
  winter = terms[1]!.id;
  [{ id: student }] = (await queryRows<{ id: number }>(
    sql`select student_id as id from student_enrollment where level_code = ${CLASS} order by student_id limit 1`,
  )) as [{ id: number }];
  [{ id: inPast }] = (await queryRows<{ id: number }>(
    sql`select a.id from assignments a where a.level_code = ${CLASS} and a.due_date < now() - interval '10 days'
        and exists (select 1 from grades g where g.assignment_id = a.id) order by a.id limit 1`,
  )) as [{ id: number }];
  [{ id: inNow }] = (await queryRows<{ id: number }>(
    sql`select id from assignments where level_code = ${CLASS} and due_date between now() - interval '6 days' and now() order by id limit 1`,
  )) as [{ id: number }];
  [{ id: spare }] = (await queryRows<{ id: number }>(
    sql`insert into assignments (level_code, title, description, max_score, due_date)
        values (${CLASS}, 'Spare quiz', 'Nothing handed in', 10, now() - interval '30 days') returning id`,
  )) as [{ id: number }];
  // Attendance in Autumn, so the card has an attendance line to keep.
  await queryRows(sql`insert into attendance (student_id, level_code, date, status)
    select student_id, level_code, current_date - 20, 'present' from student_enrollment where level_code = ${CLASS}
    on conflict do nothing`);
  // Marked late before publication: a late policy added afterwards would change a recomputed card.
  await queryRows(sql`insert into grade_marks (assignment_id, student_id, late) values (${inPast}, ${student}, true)`);
  await signInAs(DEMO_ADMIN.code);
  expect(await setTermPublishedAction(idle, form({ termId: autumn.id, publish: "on" }))).toMatchObject({ ok: true });
});

const fields = (over: Record<string, string | number>) =>
  form({
    levelCode: CLASS,
    title: "Moved",
    description: "Moved work",
    maxScore: 10,
    dueDate: iso(-30),
    ...over,
  });

/** Every write that feeds the published term, as the class's teacher (or an admin for the terms). */
const LOCKED_WRITES: Record<string, () => Promise<{ ok: boolean; message?: string }>> = {
  score: () => saveGrade({ levelCode: CLASS, assignmentId: inPast, studentId: student, score: "1" }),
  "bulk grade": () => bulkGrade({ levelCode: CLASS, assignmentId: inPast, rows: [{ studentId: student, score: "2" }] }),
  mark: () => setGradeMark({ levelCode: CLASS, assignmentId: inPast, studentId: student, mark: "excused" }),
  override: () =>
    setTermOverrideAction(
      idle,
      form({ levelCode: CLASS, studentId: student, termId: autumn.id, percent: "12", reason: "Typo" }),
    ),
  comment: () =>
    setTermCommentAction(idle, form({ levelCode: CLASS, studentId: student, termId: autumn.id, comment: "Changed" })),
  "re-date into the term": () => updateAssignment(idle, fields({ assignmentId: inNow, dueDate: iso(-30) })),
  "re-date out of the term": () => updateAssignment(idle, fields({ assignmentId: inPast, dueDate: iso(-2) })),
  "create in the term": () => createAssignment(idle, fields({ dueDate: iso(-40) })),
  "delete from the term": () => deleteAssignment({ levelCode: CLASS, assignmentId: spare }),
  "roll call": () => markRollCall({ levelCode: CLASS, studentId: student, date: day(-20), status: "absent" }),
  "attendance grid": () => setAttendance({ levelCode: CLASS, studentId: student, date: day(-20), status: "late" }),
  "mark all present": () => markAllPresent({ levelCode: CLASS, date: day(-21) }),
  "add a day": () => addAttendanceDay({ levelCode: CLASS, date: day(-22) }),
};

async function asTeacher() {
  await signInAs(DEMO_INSTRUCTORS[0].code);
}

/** What families read of the published term, as text: the report card page's data and the PDF's lines. */
async function whatFamiliesRead(): Promise<string> {
  const card = await reportCardFor(student);
  const pdf = await loadTermReportCards(
    { id: autumn.id, title: "Autumn", type: "term", startDate: autumn.start, endDate: autumn.end, imported: false },
    { kind: "student", id: student },
    "UTC",
  );
  // Each class's published card, by class name: a class the student has left moves to the end of
  // the list (it has no enrollment to date it), and its card must not change.
  const published = card!.classes.map((c) => [c.name, c.published] as const).sort(([a], [b]) => a.localeCompare(b));
  return JSON.stringify({ published, pdf });
}

describe("a published term", () => {
  it("refuses every write that feeds it, in any order, and its card stays byte-identical", async () => {
    const before = await whatFamiliesRead();
    expect(before).toContain('"Autumn"');
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom(...Object.keys(LOCKED_WRITES)), { minLength: 1, maxLength: 6 }),
        async (ops) => {
          await asTeacher();
          for (const op of ops) {
            const result = await LOCKED_WRITES[op]!();
            expect({ op, ok: result.ok }).toEqual({ op, ok: false });
            expect(result.message, op).toMatch(LOCKED);
          }
          expect(await whatFamiliesRead()).toBe(before);
        },
      ),
      { numRuns: 8 },
    );
  });

  it("refuses an admin's change to its dates, and lets its name change", async () => {
    await signInAs(DEMO_ADMIN.code);
    const rows = (startShift: string, title = "Autumn") =>
      form({
        "id.0": autumn.id,
        "title.0": title,
        "start.0": startShift,
        "end.0": autumn.end,
        "id.1": winter,
        "title.1": "Winter",
        "start.1": day(-7),
        "end.1": day(200),
      });
    const before = await whatFamiliesRead();
    const moved = await saveTermsAction(idle, rows(day(-150)));
    expect(moved.ok).toBe(false);
    expect(moved.message).toMatch(LOCKED);
    expect(await whatFamiliesRead()).toBe(before);
  });

  it("keeps its card when the class's grading settings change for the terms still open", async () => {
    await asTeacher();
    const before = await whatFamiliesRead();
    const [cat] = await queryRows<{ id: number }>(sql`select id from grade_categories order by id limit 1`);
    const saved = await saveGradingAction(
      idle,
      form({
        levelCode: CLASS,
        mode: "points",
        [`drop.${cat!.id}`]: "3",
        late: "on",
        latePerDay: "50",
        lateFloor: "0",
      }),
    );
    expect(saved).toMatchObject({ ok: true });
    expect(await whatFamiliesRead()).toBe(before);
  });

  it("keeps a student's card for a class they have since left", async () => {
    await asTeacher();
    const before = await whatFamiliesRead();
    expect(await removeStudent({ levelCode: CLASS, studentId: student })).toMatchObject({ ok: true });
    expect(await whatFamiliesRead()).toBe(before);
  });
});
