import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { setTermOverrideAction } from "@/app/level/[levelCode]/update/term-grade-actions";
import { queryRows } from "@/lib/db/client";
import { countQueries } from "@/lib/db/query-stats";
import { DEMO_CLASSES, DEMO_INSTRUCTORS, DEMO_STUDENTS } from "@/lib/db/demo-school";
import { loadClassTermGrades } from "@/lib/gradebook/class-term-grades";
import { loadStudentTermGrade } from "@/lib/gradebook/term-grades";
import { createClassOfSize, databaseChecksum, seedDemo } from "./support/fixtures";
import { form } from "./support/form";
import { signInAs } from "./support/session";
import { useTestDatabase } from "./support/test-db";
import { whyEnglish } from "./support/why";

// The teacher's Term grades page (issue 19): every student's grade from the same calculator as
// their own page, in a constant number of statements, and the override with its reason.

useTestDatabase();
const CLASS = DEMO_CLASSES[0].code;
let term: number;
let student: number;
beforeAll(async () => {
  await seedDemo();
  await queryRows(
    sql`insert into school_terms (title, type, start_date, end_date) values ('This year', 'term', '2000-01-01', '2100-01-01')`,
  );
  [{ id: term }] = (await queryRows<{ id: number }>(sql`select id from school_terms`)) as [{ id: number }];
  [{ id: student }] = (await queryRows<{ id: number }>(
    sql`select student_id as id from student_enrollment where level_code = ${CLASS} order by student_id limit 1`,
  )) as [{ id: number }];
});

const idle = { ok: true } as const;
const override = (fields: Record<string, string | number>) =>
  setTermOverrideAction(idle, form({ levelCode: CLASS, studentId: student, termId: term, ...fields }));
const TABLES = ["term_grade_overrides", "audit_log"];

describe("term grades for a class", () => {
  it("are each student's own term grade, why included", async () => {
    const { rows } = await loadClassTermGrades(CLASS, null, "UTC");
    expect(rows.length).toBeGreaterThan(5);
    for (const r of rows) {
      const own = await loadStudentTermGrade(CLASS, r.studentId, null, "UTC");
      expect([r.view.percent, r.view.why, r.view.term?.title]).toEqual([own.percent, own.why, "This year"]);
    }
  });

  it("read the same number of statements for 30 and 300 students", async () => {
    await createClassOfSize("T30", 30);
    await createClassOfSize("T300", 300);
    const small = await countQueries(() => loadClassTermGrades("T30", null, "UTC"));
    const large = await countQueries(() => loadClassTermGrades("T300", null, "UTC"));
    expect([small.count, large.count]).toEqual([2, 2]);
    expect(large.result.rows).toHaveLength(300);
    expect(large.result.rows[0]!.view.percent).toBe(70); // 7 of 10 on every assignment
  });

  it("take a teacher's override with a reason, show it, and remove it, audited", async () => {
    await signInAs(DEMO_INSTRUCTORS[0].code);
    const before = await loadStudentTermGrade(CLASS, student, null, "UTC");
    expect(await override({ percent: "91.5", reason: "Oral exam retake" })).toEqual({
      ok: true,
      message: "Override saved",
    });
    const after = await loadStudentTermGrade(CLASS, student, null, "UTC");
    expect([after.percent, after.overridden]).toEqual([92, true]);
    // Issue 27: the reason is for staff unless the teacher shares it; families see the override.
    expect(whyEnglish(after.why).at(-1)).toBe(`Overridden by the teacher: 92 % (computed ${before.percent} %)`);
    const row = (await loadClassTermGrades(CLASS, null, "UTC")).rows.find((r) => r.studentId === student)!;
    expect(whyEnglish(row.view.why).at(-1)).toBe(
      `Overridden by the teacher: 92 % (computed ${before.percent} %) — Oral exam retake`,
    );
    expect(row.override).toEqual({ percent: 91.5, reason: "Oral exam retake", shared: false, note: null });
    expect(
      await override({ percent: "91.5", reason: "Oral exam retake", shared: "on", note: "Well earned on the retake." }),
    ).toEqual({ ok: true, message: "Override saved" });
    expect(whyEnglish((await loadStudentTermGrade(CLASS, student, null, "UTC")).why).slice(-2)).toEqual([
      `Overridden by the teacher: 92 % (computed ${before.percent} %) — Oral exam retake`,
      "Teacher's note: Well earned on the retake.",
    ]);
    expect(await override({ percent: "", reason: "" })).toEqual({ ok: true, message: "Override removed" });
    expect((await loadStudentTermGrade(CLASS, student, null, "UTC")).percent).toBe(before.percent);
    const log = await queryRows<{ detail: { old: unknown; new: unknown } }>(
      sql`select detail from audit_log where action = 'term_grade.overridden' order by id`,
    );
    const first = { percent: 91.5, reason: "Oral exam retake", shared: false, note: null };
    const shared = { percent: 91.5, reason: "Oral exam retake", shared: true, note: "Well earned on the retake." };
    expect(log.map((l) => [l.detail.old, l.detail.new])).toEqual([
      [null, first],
      [first, shared],
      [shared, null],
    ]);
  });

  it("refuse overrides without a reason, out of range, for other classes' students or by others, changing nothing", async () => {
    const before = await databaseChecksum(TABLES);
    await signInAs(DEMO_INSTRUCTORS[0].code);
    expect(await override({ percent: "90", reason: " " })).toEqual({
      ok: false,
      message: "Say why: an override needs a reason.",
    });
    expect(await override({ percent: "101", reason: "x" })).toMatchObject({
      ok: false,
      message: "Enter a percent between 0 and 100, or leave it blank to remove the override",
    });
    expect(await override({ percent: "-5", reason: "x" })).toMatchObject({ ok: false });
    expect(await override({ percent: "90", reason: "x", termId: 999999 })).toEqual({
      ok: false,
      message: "That term no longer exists. Reload the page.",
    });
    const [{ id: outsider }] = (await queryRows<{ id: number }>(
      sql`select id from users where role = 'student' and id not in (select student_id from student_enrollment where level_code = ${CLASS}) limit 1`,
    )) as [{ id: number }];
    expect(await override({ percent: "90", reason: "x", studentId: outsider })).toEqual({
      ok: false,
      message: "That student is not enrolled in this class.",
    });
    await signInAs(DEMO_INSTRUCTORS[1].code);
    expect(await override({ percent: "90", reason: "x" })).toMatchObject({ ok: false });
    await signInAs(DEMO_STUDENTS[2]!.code);
    expect(await override({ percent: "100", reason: "I deserve it" })).toMatchObject({ ok: false });
    expect(await databaseChecksum(TABLES)).toEqual(before);
  });
});
