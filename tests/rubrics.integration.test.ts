import { parse } from "csv-parse/sync";
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createAssignment, updateAssignment } from "@/app/level/[levelCode]/update/assignment-actions";
import { saveGrade } from "@/app/level/[levelCode]/update/grade-actions";
import {
  createBankRubric,
  deleteBankRubric,
  scoreRubric,
  updateBankRubric,
} from "@/app/level/[levelCode]/update/rubric-actions";
import { codeColumns } from "@/lib/auth/code-store";
import { db, queryRows } from "@/lib/db/client";
import { DEMO_ADMIN, DEMO_INSTRUCTORS, DEMO_STUDENTS } from "@/lib/db/demo-school";
import { assignments, grades, levels, rubrics, studentEnrollment, users } from "@/lib/db/schema";
import type { RubricBody } from "@/lib/domain/rubric-types";
import { gradebookCsv } from "@/lib/export/gradebook";
import { listBankRubrics, RUBRICS_PER_OWNER } from "@/lib/gradebook/rubric-bank";
import { loadRubricGrades } from "@/lib/gradebook/rubric-scores";
import { loadStudentTermGrade } from "@/lib/gradebook/term-grades";
import { listClassRubrics } from "@/lib/queries/class-rubrics";
import { databaseChecksum, seedDemo, userIdByCode } from "./support/fixtures";
import { form } from "./support/form";
import { signInAs } from "./support/session";
import { useTestDatabase } from "./support/test-db";

// Rubrics (issue 44, decision 033): attached only when their highest total is the max score, a
// score exactly the chosen levels' sum (or the teacher's audited override), a rubric changed after
// scoring never changes a stored score, the term grade counts grades.score like any other, and
// only the class's own staff score or a rubric's owner (the school's: admins) change it.

useTestDatabase();

const CODE = "RUB-1";
const BIO = "BIO-P2"; // David Chen's (DEMO_INSTRUCTORS[1])
const TEACHER = DEMO_INSTRUCTORS[0].code;
const OTHER_TEACHER = DEMO_INSTRUCTORS[1].code;
const STUDENT_CODE = "rubric-student-1";
let studentId: number;
let teacherId: number;

// 15 points at most: Thesis 5 / 2.5 / 0, Evidence 10 / 7.25 / 0.01.
const ESSAY: RubricBody = {
  title: "Essay",
  criteria: [
    {
      id: "thesis",
      title: "Thesis",
      description: "A clear claim",
      levels: [
        { id: "strong", label: "Strong", points: 500 },
        { id: "fair", label: "Fair", points: 250 },
        { id: "none", label: "None", points: 0 },
      ],
    },
    {
      id: "evidence",
      title: "Evidence",
      description: "",
      levels: [
        { id: "rich", label: "Rich", points: 1000 },
        { id: "some", label: "Some", points: 725 },
        { id: "thin", label: "Thin", points: 1 },
      ],
    },
  ],
};

const rowsOf = (csv: string): string[][] => parse(csv, { bom: true, relax_column_count: true });
const due = () => new Date(Date.now() - 86_400_000).toISOString();
const assignmentForm = (fields: Record<string, string | number | undefined>) =>
  form({ levelCode: CODE, title: "Essay task", description: "Write", dueDate: due(), ...fields });
const idOf = async (title: string) =>
  (await db().select({ id: assignments.id }).from(assignments).where(eq(assignments.title, title)))[0]!.id;
const gradeRow = async (assignmentId: number) =>
  (
    await queryRows<{ score: string; rubric_score: string | null; rubric_levels: unknown }>(
      sql`select score::text, rubric_score::text, rubric_levels from grades where assignment_id = ${assignmentId} and student_id = ${studentId}`,
    )
  )[0];

beforeAll(async () => {
  await seedDemo();
  teacherId = await userIdByCode(TEACHER);
  await db().insert(levels).values({ code: CODE, name: "Rubric class", period: "7", teacherId });
  const [s] = await db()
    .insert(users)
    .values({ name: "Rita Rubric", username: "rita.rubric", role: "student", ...codeColumns(STUDENT_CODE) })
    .returning({ id: users.id });
  studentId = s!.id;
  await db().insert(studentEnrollment).values({ studentId, levelCode: CODE });
});

describe("rubrics on an assignment", () => {
  it("are attached only when the highest total equals the max score", async () => {
    await signInAs(TEACHER);
    const rubric = JSON.stringify(ESSAY);
    expect(
      await createAssignment({ ok: true }, assignmentForm({ maxScore: 14, rubricMode: "custom", rubric })),
    ).toEqual({
      ok: false,
      message: "This rubric's highest total is 15 points but the max score is 14: they must be equal.",
    });
    expect(
      await createAssignment({ ok: true }, assignmentForm({ maxScore: 15, rubricMode: "custom", rubric })),
    ).toMatchObject({ ok: true });
    const id = await idOf("Essay task");
    const [stored] = await db().select({ rubric: assignments.rubric }).from(assignments).where(eq(assignments.id, id));
    expect(stored!.rubric).toEqual(ESSAY);
    // A max score changed under a kept rubric is refused the same way.
    const raised = await updateAssignment({ ok: true }, assignmentForm({ assignmentId: id, maxScore: 16 }));
    expect(raised.ok).toBe(false);
    expect(raised.message).toContain("highest total is 15 points");
    // Malformed rubrics are refused with the rubric's own message.
    expect(
      await createAssignment(
        { ok: true },
        assignmentForm({ title: "Bad", maxScore: 15, rubricMode: "custom", rubric: "{not json" }),
      ),
    ).toMatchObject({ ok: false, message: "The rubric could not be read. Reload the page and try again." });
    await createAssignment(
      { ok: true },
      form({ levelCode: CODE, title: "Quiz", description: "Q", maxScore: 10, dueDate: due() }),
    );
  });

  it("score exactly the chosen levels' sum", async () => {
    await signInAs(TEACHER);
    const assignmentId = await idOf("Essay task");
    const selections = { thesis: { level: "fair", comment: "  Say more  " }, evidence: { level: "some" } };
    expect(await scoreRubric({ levelCode: CODE, assignmentId, studentId, selections })).toEqual({
      ok: true,
      message: "Rubric score saved",
    });
    expect(await gradeRow(assignmentId)).toEqual({
      score: "9.75",
      rubric_score: "9.75",
      rubric_levels: { thesis: { level: "fair", comment: "Say more" }, evidence: { level: "some" } },
    });
    // Every criterion needs a level; a criterion the rubric lacks is refused.
    expect(
      await scoreRubric({ levelCode: CODE, assignmentId, studentId, selections: { thesis: { level: "fair" } } }),
    ).toEqual({ ok: false, message: "Choose a level for every criterion." });
    expect(
      await scoreRubric({
        levelCode: CODE,
        assignmentId,
        studentId,
        selections: { ...selections, style: { level: "x" } },
      }),
    ).toMatchObject({ ok: false });
    expect((await gradeRow(assignmentId))!.score).toBe("9.75");
  });

  it("count in the term grade as grades.score, as a hand computation says", async () => {
    await signInAs(TEACHER);
    const essay = await idOf("Essay task");
    const quiz = await idOf("Quiz");
    expect(await saveGrade({ levelCode: CODE, assignmentId: quiz, studentId, score: "7" })).toMatchObject({ ok: true });
    // (9.75 + 7) / (15 + 10) = 16.75 / 25 = 67 %.
    let grade = await loadStudentTermGrade(CODE, studentId, "year", "UTC");
    expect(grade.points).toEqual({ earned: "16.75", possible: "25.00" });
    expect(grade.percent).toBe(67);
    // The teacher's override is what counts: (15 + 7) / 25 = 88 %.
    const selections = { thesis: { level: "fair" }, evidence: { level: "some" } };
    expect(
      await scoreRubric({ levelCode: CODE, assignmentId: essay, studentId, selections, score: "15" }),
    ).toMatchObject({ ok: true });
    expect(await gradeRow(essay)).toMatchObject({ score: "15.00", rubric_score: "9.75" });
    grade = await loadStudentTermGrade(CODE, studentId, "year", "UTC");
    expect(grade.points).toEqual({ earned: "22.00", possible: "25.00" });
    expect(grade.percent).toBe(88);
  });

  it("audit an override beside the score's own change", async () => {
    const essay = await idOf("Essay task");
    const log = await queryRows<{ detail: Record<string, unknown> }>(
      sql`select detail from audit_log where action = 'grade.changed' and (detail->>'assignmentId')::int = ${essay} order by id`,
    );
    expect(log.map((l) => l.detail)).toEqual([
      { assignmentId: essay, studentId, old: null, new: 9.75 },
      expect.objectContaining({ rubric: "scored", rubricScore: 9.75, score: 9.75, override: false }),
      { assignmentId: essay, studentId, old: 9.75, new: 15 },
      expect.objectContaining({ rubric: "scored", rubricScore: 9.75, score: 15, override: true }),
    ]);
    const { grades: scored } = await loadRubricGrades({ code: CODE, teacherId }, essay);
    expect(scored).toEqual([
      expect.objectContaining({ studentId, score: 15, rubricHundredths: 975, override: true, stale: false }),
    ]);
  });

  it("changed after scoring keep the stored score and flag the grade to re-score", async () => {
    await signInAs(TEACHER);
    const essay = await idOf("Essay task");
    const changed: RubricBody = {
      ...ESSAY,
      criteria: [
        ESSAY.criteria[0]!,
        {
          ...ESSAY.criteria[1]!,
          levels: [ESSAY.criteria[1]!.levels[0]!, { id: "new", label: "Partial", points: 500 }],
        },
      ],
    };
    expect(
      await updateAssignment(
        { ok: true },
        assignmentForm({ assignmentId: essay, maxScore: 15, rubricMode: "custom", rubric: JSON.stringify(changed) }),
      ),
    ).toMatchObject({ ok: true });
    expect(await gradeRow(essay)).toMatchObject({ score: "15.00", rubric_score: "9.75" });
    const { grades: scored } = await loadRubricGrades({ code: CODE, teacherId }, essay);
    expect(scored).toEqual([expect.objectContaining({ score: 15, stale: true })]);
    // And the term grade is what it was.
    expect((await loadStudentTermGrade(CODE, studentId, "year", "UTC")).percent).toBe(88);
  });

  it("reach the student with the assignment, and the levels once the grade is returned", async () => {
    const essay = await idOf("Essay task");
    let mine = (await listClassRubrics(CODE, studentId)).get(essay)!;
    expect(mine.rubric.title).toBe("Essay");
    expect(mine.selections).toMatchObject({ thesis: { level: "fair" } });
    expect(mine).toMatchObject({ stale: true, scoreHundredths: 1500, rubricHundredths: 975 });
    // A draft's levels stay with the staff.
    await db().update(grades).set({ returnedAt: null }).where(eq(grades.assignmentId, essay));
    mine = (await listClassRubrics(CODE, studentId)).get(essay)!;
    expect(mine.rubric.title).toBe("Essay");
    expect(mine.selections).toBeNull();
    await db().update(grades).set({ returnedAt: new Date() }).where(eq(grades.assignmentId, essay));
    // Staff see the rubric, no one's levels.
    expect((await listClassRubrics(CODE, null)).get(essay)!.selections).toBeNull();
  });

  it("put the chosen levels' labels in the gradebook CSV after the score", async () => {
    const essay = await idOf("Essay task");
    const { csv } = await gradebookCsv(CODE, "year", "UTC");
    const [header, possible, row] = rowsOf(csv);
    const at = header!.indexOf(`Essay task (${essay})`);
    expect(at).toBeGreaterThan(0);
    expect(header!.slice(at, at + 3)).toEqual([
      `Essay task (${essay})`,
      `Essay task (${essay}): Thesis`,
      `Essay task (${essay}): Evidence`,
    ]);
    expect(possible!.slice(at, at + 3)).toEqual(["15", "", ""]);
    // The score is grades.score; the Evidence level chosen ("some") is no longer in the rubric.
    expect(row!.slice(at, at + 3)).toEqual(["15", "Fair", ""]);
  });
});

describe("who may score with and change rubrics", () => {
  it("refuses another class's teacher and a student scoring, changing nothing", async () => {
    const essay = await idOf("Essay task");
    const before = await databaseChecksum(["grades", "audit_log"]);
    const call = () =>
      scoreRubric({
        levelCode: CODE,
        assignmentId: essay,
        studentId,
        selections: { thesis: { level: "strong" }, evidence: { level: "rich" } },
      });
    await signInAs(OTHER_TEACHER);
    expect(await call()).toMatchObject({ ok: false });
    await signInAs(STUDENT_CODE);
    expect(await call()).toMatchObject({ ok: false });
    await signInAs(DEMO_STUDENTS[0]!.code);
    expect(await call()).toMatchObject({ ok: false });
    expect(await databaseChecksum(["grades", "audit_log"])).toEqual(before);
  });

  it("lets a teacher keep their own bank, and only admins the school's", async () => {
    await signInAs(TEACHER);
    const made = await createBankRubric({ levelCode: CODE, rubric: ESSAY });
    expect(made).toMatchObject({ ok: true, message: "Rubric saved to the bank" });
    const own = made.ok ? made.data!.id : 0;
    expect(await createBankRubric({ levelCode: CODE, rubric: ESSAY, shared: true })).toEqual({
      ok: false,
      message: "Only an admin can change the school's rubrics.",
    });

    // Another teacher, through their own class, can neither change nor delete it.
    const before = await databaseChecksum(["rubrics", "audit_log"]);
    await signInAs(OTHER_TEACHER);
    const renamed = { ...ESSAY, title: "Mine now" };
    expect(await updateBankRubric({ levelCode: BIO, rubricId: own, rubric: renamed })).toEqual({
      ok: false,
      message: "That rubric is not in your bank.",
    });
    expect(await deleteBankRubric({ levelCode: BIO, rubricId: own })).toMatchObject({ ok: false });
    // Nor an admin (a teacher's own rubric is theirs).
    await signInAs(DEMO_ADMIN.code);
    expect(await updateBankRubric({ levelCode: BIO, rubricId: own, rubric: renamed })).toMatchObject({ ok: false });
    expect(await databaseChecksum(["rubrics", "audit_log"])).toEqual(before);

    // The admin's shared rubric: every teacher sees it, only admins change it.
    const shared = await createBankRubric({
      levelCode: BIO,
      rubric: { ...ESSAY, title: "School essay" },
      shared: true,
    });
    const sharedId = shared.ok ? shared.data!.id : 0;
    await signInAs(OTHER_TEACHER);
    expect(await updateBankRubric({ levelCode: BIO, rubricId: sharedId, rubric: renamed })).toEqual({
      ok: false,
      message: "Only an admin can change the school's rubrics.",
    });
    const otherId = await userIdByCode(OTHER_TEACHER);
    expect((await listBankRubrics({ id: otherId, role: "instructor" })).map((r) => r.title)).toEqual(["School essay"]);

    // The owner changes and uses it: an assignment gets its own copy.
    await signInAs(TEACHER);
    expect(await updateBankRubric({ levelCode: CODE, rubricId: own, rubric: renamed })).toMatchObject({ ok: true });
    expect(
      await createAssignment(
        { ok: true },
        assignmentForm({ title: "Banked", maxScore: 15, rubricMode: "bank", rubricId: own }),
      ),
    ).toMatchObject({ ok: true });
    const [banked] = await db()
      .select({ rubric: assignments.rubric, rubricId: assignments.rubricId })
      .from(assignments)
      .where(eq(assignments.title, "Banked"));
    expect(banked).toEqual({ rubric: renamed, rubricId: own });
    // Another teacher's private rubric cannot be attached.
    await signInAs(OTHER_TEACHER);
    expect(
      await createAssignment(
        { ok: true },
        form({
          levelCode: BIO,
          title: "Stolen",
          description: "d",
          maxScore: 15,
          dueDate: due(),
          rubricMode: "bank",
          rubricId: own,
        }),
      ),
    ).toEqual({ ok: false, message: "That rubric is not in your bank." });
    await signInAs(TEACHER);
    expect(await deleteBankRubric({ levelCode: CODE, rubricId: own })).toMatchObject({ ok: true });
    // The assignment keeps its copy.
    const [kept] = await db()
      .select({ rubric: assignments.rubric })
      .from(assignments)
      .where(eq(assignments.title, "Banked"));
    expect(kept!.rubric).toEqual(renamed);
  });

  it("bounds how many rubrics one person keeps", async () => {
    await db()
      .insert(rubrics)
      .values(
        Array.from({ length: RUBRICS_PER_OWNER }, (_, i) => ({
          ownerId: teacherId,
          title: `R${i}`,
          criteria: ESSAY.criteria,
        })),
      );
    await signInAs(TEACHER);
    expect(await createBankRubric({ levelCode: CODE, rubric: ESSAY })).toEqual({
      ok: false,
      message: `One person may keep at most ${RUBRICS_PER_OWNER} rubrics. Delete one first.`,
    });
  });
});
