import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { setGradeMark } from "@/app/level/[levelCode]/update/grade-actions";
import { queryRows } from "@/lib/db/client";
import { DEMO_CLASSES, DEMO_INSTRUCTORS, DEMO_STUDENTS } from "@/lib/db/demo-school";
import { loadStudentTermGrade } from "@/lib/gradebook/term-grades";
import { getGradeGrid } from "@/lib/queries/grade-grid";
import { databaseChecksum, seedDemo } from "./support/fixtures";
import { signInAs } from "./support/session";
import { useTestDatabase } from "./support/test-db";
import { whyEnglish } from "./support/why";

// Marks beside scores (issue 19): set from the grade grid by the class's own staff, shown in the
// grid's payload, audited, and followed by the term grade.

useTestDatabase();
const CLASS = DEMO_CLASSES[0].code;
const OTHER = DEMO_CLASSES[2].code;
let graded: { assignmentId: number; studentId: number; title: string };
let otherAssignment: number;
beforeAll(async () => {
  await seedDemo();
  const [g] = await queryRows<{ assignment_id: number; student_id: number; title: string }>(sql`
    select g.assignment_id, g.student_id, a.title from grades g join assignments a on a.id = g.assignment_id where a.level_code = ${CLASS} order by a.id, g.student_id limit 1`);
  graded = { assignmentId: g!.assignment_id, studentId: g!.student_id, title: g!.title };
  [{ id: otherAssignment }] = (await queryRows<{ id: number }>(
    sql`select id from assignments where level_code = ${OTHER} limit 1`,
  )) as [{ id: number }];
});

const cell = async () => {
  const grid = await getGradeGrid(CLASS, "year", "UTC");
  const i = grid.students.findIndex((s) => s.id === graded.studentId);
  const j = grid.assignments.findIndex((a) => a.id === graded.assignmentId);
  return grid.marks[i]![j];
};

describe("grade marks", () => {
  it("are set, changed and cleared by the class's teacher, audited, and shown in the grid", async () => {
    await signInAs(DEMO_INSTRUCTORS[0].code);
    const before = await loadStudentTermGrade(CLASS, graded.studentId, "year", "UTC");
    expect(await cell()).toBe("-");
    expect(await setGradeMark({ levelCode: CLASS, ...graded, mark: "excused" })).toEqual({
      ok: true,
      message: "Marked excused",
    });
    expect(await cell()).toBe("e");
    const excused = await loadStudentTermGrade(CLASS, graded.studentId, "year", "UTC");
    expect(whyEnglish(excused.why)).toContain(`Excused: ${graded.title}`);
    expect(await setGradeMark({ levelCode: CLASS, ...graded, mark: "late" })).toEqual({
      ok: true,
      message: "Marked late",
    });
    expect(await cell()).toBe("l");
    expect(await setGradeMark({ levelCode: CLASS, ...graded, mark: "none" })).toEqual({
      ok: true,
      message: "Mark removed",
    });
    expect(await cell()).toBe("-");
    expect((await loadStudentTermGrade(CLASS, graded.studentId, "year", "UTC")).percent).toBe(before.percent);
    const log = await queryRows<{ detail: { oldMark: string; newMark: string } }>(
      sql`select detail from audit_log where action = 'grade.changed' and detail ? 'newMark' order by id`,
    );
    expect(log.map((l) => `${l.detail.oldMark}→${l.detail.newMark}`)).toEqual([
      "none→excused",
      "excused→late",
      "late→none",
    ]);
  });

  it("refuse other people, other classes' work and bad marks, changing nothing", async () => {
    const before = await databaseChecksum(["grade_marks", "audit_log"]);
    await signInAs(DEMO_INSTRUCTORS[1].code);
    expect(await setGradeMark({ levelCode: CLASS, ...graded, mark: "excused" })).toMatchObject({ ok: false });
    await signInAs(DEMO_STUDENTS[0]!.code);
    expect(await setGradeMark({ levelCode: CLASS, ...graded, mark: "excused" })).toMatchObject({ ok: false });
    await signInAs(DEMO_INSTRUCTORS[0].code);
    expect(await setGradeMark({ levelCode: CLASS, ...graded, assignmentId: otherAssignment, mark: "excused" })).toEqual(
      { ok: false, message: "That assignment is not in this class." },
    );
    expect(await setGradeMark({ levelCode: CLASS, ...graded, mark: "absent" })).toMatchObject({
      ok: false,
      message: "Choose excused, missing, late or none",
    });
    expect(await databaseChecksum(["grade_marks", "audit_log"])).toEqual(before);
  });
});
