import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  createAnnouncement,
  deleteAnnouncement,
  editAnnouncement,
} from "@/app/level/[levelCode]/update/announcement-actions";
import {
  createAssignment,
  deleteAssignment,
  editAssignmentText,
  loadAssignmentResponses,
  updateAssignment,
} from "@/app/level/[levelCode]/update/assignment-actions";
import { addGrade, bulkGrade, saveGrade } from "@/app/level/[levelCode]/update/grade-actions";
import { db, queryRows } from "@/lib/db/client";
import { DEMO_ADMIN, DEMO_INSTRUCTORS, DEMO_STUDENTS } from "@/lib/db/demo-school";
import { assignments, grades, updates } from "@/lib/db/schema";
import { countQueries } from "@/lib/db/query-stats";
import { loadSummaryView } from "@/lib/queries/teacher-view";
import { getGradeGrid } from "@/lib/queries/grade-grid";
import { cookieJar } from "./support/request-context";
import {
  createClassOfSize,
  firstAssignmentOf,
  firstUpdateOf,
  rowCounts,
  seedDemo,
  userIdByCode,
} from "./support/fixtures";
import { form } from "./support/form";
import { signInAs } from "./support/session";
import { useTestDatabase } from "./support/test-db";
import { translatorFor } from "@/lib/i18n/translator";

useTestDatabase();

const RIVERA = DEMO_INSTRUCTORS[0].code; // Algebra I, Geometry
const CHEN = DEMO_INSTRUCTORS[1].code; // Biology, World History
const ALG = "ALG1-P1";
const BIO = "BIO-P2";
const TABLES = ["updates", "assignments", "grades", "assignment_submissions"];

let algAssignment: number;
let bioAssignment: number;
let algUpdate: number;
let bioUpdate: number;
let algStudent: number; // enrolled in Algebra I, not Biology
let bioStudent: number; // enrolled in Biology, not Algebra I

beforeAll(async () => {
  await seedDemo();
  algAssignment = await firstAssignmentOf(ALG);
  bioAssignment = await firstAssignmentOf(BIO);
  algUpdate = await firstUpdateOf(ALG);
  bioUpdate = await firstUpdateOf(BIO);
  algStudent = await userIdByCode(DEMO_STUDENTS[2]!.code); // Maya: Algebra I, World History
  bioStudent = await userIdByCode(DEMO_STUDENTS[0]!.code); // Ava: Geometry, Biology
});

const future = () => new Date(Date.now() + 7 * 86400_000).toISOString();

/** Every teaching action, as the request a browser would send for the given class. */
const calls = (code: string) => ({
  createAnnouncement: () => createAnnouncement({ ok: true }, form({ levelCode: code, title: "T", content: "C" })),
  editAnnouncement: () =>
    editAnnouncement({ levelCode: code, updateId: code === ALG ? algUpdate : bioUpdate, title: "Hijacked" }),
  deleteAnnouncement: () => deleteAnnouncement({ levelCode: code, updateId: code === ALG ? algUpdate : bioUpdate }),
  createAssignment: () =>
    createAssignment(
      { ok: true },
      form({ levelCode: code, title: "T", description: "D", maxScore: 10, dueDate: future() }),
    ),
  updateAssignment: () =>
    updateAssignment(
      { ok: true },
      form({
        levelCode: code,
        assignmentId: code === ALG ? algAssignment : bioAssignment,
        title: "T2",
        description: "D",
        maxScore: 10,
        dueDate: future(),
      }),
    ),
  editAssignmentText: () =>
    editAssignmentText({
      levelCode: code,
      assignmentId: code === ALG ? algAssignment : bioAssignment,
      title: "Hijacked",
    }),
  deleteAssignment: () =>
    deleteAssignment({ levelCode: code, assignmentId: code === ALG ? algAssignment : bioAssignment }),
  loadAssignmentResponses: () => loadAssignmentResponses(code, code === ALG ? algAssignment : bioAssignment),
  saveGrade: () =>
    saveGrade({
      levelCode: code,
      assignmentId: code === ALG ? algAssignment : bioAssignment,
      studentId: code === ALG ? algStudent : bioStudent,
      score: "1",
    }),
  addGrade: () =>
    addGrade(
      { ok: true },
      form({
        levelCode: code,
        assignmentId: code === ALG ? algAssignment : bioAssignment,
        studentId: code === ALG ? algStudent : bioStudent,
        score: "1",
      }),
    ),
  bulkGrade: () =>
    bulkGrade({
      levelCode: code,
      assignmentId: code === ALG ? algAssignment : bioAssignment,
      rows: [{ studentId: code === ALG ? algStudent : bioStudent, score: "1" }],
    }),
});

describe("every teaching action refuses callers who may not teach the class", () => {
  const who: [string, () => Promise<void>][] = [
    ["anonymous", () => Promise.resolve(cookieJar.clear())],
    ["a student", async () => void (await signInAs(DEMO_STUDENTS[0]!.code))],
    ["a parent", async () => void (await signInAs("parent-johnson"))],
    ["another instructor", async () => void (await signInAs(CHEN))],
  ];
  for (const [label, become] of who) {
    for (const name of Object.keys(calls(ALG)) as (keyof ReturnType<typeof calls>)[]) {
      it(`${name} as ${label}`, async () => {
        await become();
        const before = await rowCounts(...TABLES);
        const snapshot = await db().select({ t: updates.title }).from(updates).where(eq(updates.id, algUpdate));
        const res = await calls(ALG)[name]();
        expect(res.ok).toBe(false);
        expect(await rowCounts(...TABLES)).toEqual(before);
        expect(await db().select({ t: updates.title }).from(updates).where(eq(updates.id, algUpdate))).toEqual(
          snapshot,
        );
      });
    }
  }
});

describe("ids from another class are refused even under one's own class code", () => {
  it("refuses editing, deleting and grading another class's rows", async () => {
    await signInAs(RIVERA);
    const before = await rowCounts(...TABLES);
    expect((await editAnnouncement({ levelCode: ALG, updateId: bioUpdate, title: "Hijacked" })).ok).toBe(false);
    expect((await deleteAnnouncement({ levelCode: ALG, updateId: bioUpdate })).ok).toBe(false);
    expect((await editAssignmentText({ levelCode: ALG, assignmentId: bioAssignment, title: "Hijacked" })).ok).toBe(
      false,
    );
    expect((await deleteAssignment({ levelCode: ALG, assignmentId: bioAssignment })).ok).toBe(false);
    expect((await loadAssignmentResponses(ALG, bioAssignment)).ok).toBe(false);
    expect(
      (await saveGrade({ levelCode: ALG, assignmentId: bioAssignment, studentId: bioStudent, score: "1" })).ok,
    ).toBe(false);
    expect(
      (await saveGrade({ levelCode: ALG, assignmentId: algAssignment, studentId: bioStudent, score: "1" })).ok,
    ).toBe(false);
    expect(
      (await bulkGrade({ levelCode: ALG, assignmentId: algAssignment, rows: [{ studentId: bioStudent, score: "1" }] }))
        .ok,
    ).toBe(false);
    expect(await rowCounts(...TABLES)).toEqual(before);
    const [u] = await db().select({ t: updates.title }).from(updates).where(eq(updates.id, bioUpdate));
    expect(u!.t).not.toBe("Hijacked");
  });
  it("lets an admin teach any class", async () => {
    await signInAs(DEMO_ADMIN.code);
    expect((await editAnnouncement({ levelCode: BIO, updateId: bioUpdate, title: "  Edited by admin  " })).ok).toBe(
      true,
    );
    const [u] = await db().select({ t: updates.title }).from(updates).where(eq(updates.id, bioUpdate));
    expect(u!.t).toBe("Edited by admin");
  });
});

describe("announcements", () => {
  it("creates, edits (trimmed, empty ignored) and deletes", async () => {
    await signInAs(RIVERA);
    expect(await createAnnouncement({ ok: true }, form({ levelCode: ALG, title: "", content: "x" }))).toMatchObject({
      ok: false,
      message: "Title is required",
    });
    expect(
      (
        await createAnnouncement(
          { ok: true },
          form({ levelCode: ALG, title: " Quiz moved ", content: " To Thursday " }),
        )
      ).ok,
    ).toBe(true);
    const [row] = await db()
      .select()
      .from(updates)
      .where(and(eq(updates.levelCode, ALG), eq(updates.title, "Quiz moved")));
    expect(row!.content).toBe("To Thursday");
    expect((await editAnnouncement({ levelCode: ALG, updateId: row!.id, title: "   " })).ok).toBe(false);
    expect((await editAnnouncement({ levelCode: ALG, updateId: row!.id, content: " Friday " })).ok).toBe(true);
    expect((await db().select().from(updates).where(eq(updates.id, row!.id)))[0]!.content).toBe("Friday");
    expect((await deleteAnnouncement({ levelCode: ALG, updateId: row!.id })).ok).toBe(true);
    expect(await db().select().from(updates).where(eq(updates.id, row!.id))).toEqual([]);
  });
});

describe("assignments", () => {
  it("validates all required fields and the max score", async () => {
    await signInAs(RIVERA);
    const before = await rowCounts("assignments");
    for (const bad of [
      { title: "", description: "D", maxScore: 10, dueDate: future() },
      { title: "T", description: "", maxScore: 10, dueDate: future() },
      { title: "T", description: "D", maxScore: 0, dueDate: future() },
      { title: "T", description: "D", maxScore: 2.5, dueDate: future() },
      { title: "T", description: "D", maxScore: 10, dueDate: "" },
      { title: "T", description: "D", maxScore: 10, dueDate: "not a date" },
    ]) {
      expect((await createAssignment({ ok: true }, form({ levelCode: ALG, ...bad }))).ok).toBe(false);
    }
    expect(await rowCounts("assignments")).toEqual(before);
  });
  it("refuses to delete an assignment with students' work and deletes one without", async () => {
    await signInAs(RIVERA);
    const res = await deleteAssignment({ levelCode: ALG, assignmentId: algAssignment });
    expect(res.ok).toBe(false);
    expect(res.ok ? "" : res.message).toMatch(/cannot be deleted/);
    await createAssignment(
      { ok: true },
      form({ levelCode: ALG, title: "Scratch", description: "D", maxScore: 5, dueDate: future() }),
    );
    const [scratch] = await db()
      .select()
      .from(assignments)
      .where(and(eq(assignments.levelCode, ALG), eq(assignments.title, "Scratch")));
    expect((await deleteAssignment({ levelCode: ALG, assignmentId: scratch!.id })).ok).toBe(true);
  });
  it("lists responses with student names", async () => {
    await signInAs(RIVERA);
    const res = await loadAssignmentResponses(ALG, algAssignment);
    expect(res.ok).toBe(true);
    expect(res.ok && res.data!.length).toBeGreaterThan(0);
    expect(res.ok && typeof res.data![0]!.studentName).toBe("string");
  });
});

describe("grades", () => {
  const gradeOf = async (assignmentId: number, studentId: number) =>
    db()
      .select()
      .from(grades)
      .where(and(eq(grades.assignmentId, assignmentId), eq(grades.studentId, studentId)));

  it("refuses out-of-range and non-numeric scores and changes nothing", async () => {
    await signInAs(RIVERA);
    const before = await gradeOf(algAssignment, algStudent);
    for (const score of ["-1", "10.01", "abc", "", "NaN", "Infinity", "1e2"]) {
      const res = await saveGrade({ levelCode: ALG, assignmentId: algAssignment, studentId: algStudent, score });
      expect(res).toMatchObject({ ok: false, message: "Please enter a valid score between 0 and 10" });
    }
    expect(await gradeOf(algAssignment, algStudent)).toEqual(before);
  });
  it("upserts one cell", async () => {
    await signInAs(RIVERA);
    expect(
      (await saveGrade({ levelCode: ALG, assignmentId: algAssignment, studentId: algStudent, score: "8.25" })).ok,
    ).toBe(true);
    expect(
      (await saveGrade({ levelCode: ALG, assignmentId: algAssignment, studentId: algStudent, score: "9" })).ok,
    ).toBe(true);
    const rows = await gradeOf(algAssignment, algStudent);
    expect(rows.map((r) => r.score)).toEqual([9]);
    // The audit log holds old → new, who and when.
    const entries = (await db().execute(
      sql`select actor_id, detail, at from audit_log where action = 'grade.changed' order by id desc limit 2`,
    )) as {
      rows: { actor_id: number; detail: { old: number | null; new: number; studentId: number } }[];
    };
    expect(entries.rows[0]!.detail).toMatchObject({ old: 8.25, new: 9, studentId: algStudent });
    expect(entries.rows[1]!.detail).toMatchObject({ new: 8.25, studentId: algStudent });
    expect(entries.rows[0]!.actor_id).toBe(await userIdByCode(RIVERA));
  });
  // Issue 39 item 14: the server reads a decimal comma as a point, in every score field's action.
  it("takes scores written with a decimal comma, exactly, and refuses more than two decimals", async () => {
    await signInAs(RIVERA);
    const before = await gradeOf(algAssignment, algStudent);
    for (const score of ["1.000", "1,000", "7,255"]) {
      const res = await saveGrade({ levelCode: ALG, assignmentId: algAssignment, studentId: algStudent, score });
      expect(res, score).toEqual({
        ok: false,
        message: "Please enter a score with at most two decimals, such as 17.5",
      });
    }
    expect(await gradeOf(algAssignment, algStudent)).toEqual(before);
    const saved = async (write: () => Promise<{ ok: boolean }>, score: number) => {
      expect((await write()).ok).toBe(true);
      expect((await gradeOf(algAssignment, algStudent)).map((r) => r.score)).toEqual([score]);
    };
    await saved(
      () => saveGrade({ levelCode: ALG, assignmentId: algAssignment, studentId: algStudent, score: "8,95" }),
      8.95,
    );
    await saved(
      () =>
        addGrade(
          { ok: true },
          form({ levelCode: ALG, studentId: algStudent, assignmentId: algAssignment, score: "6,5" }),
        ),
      6.5,
    );
    await saved(
      () => bulkGrade({ levelCode: ALG, assignmentId: algAssignment, rows: [{ studentId: algStudent, score: ",25" }] }),
      0.25,
    );
  });
  it("leaves exactly one row when two saves of the same cell race", async () => {
    await signInAs(RIVERA);
    await createAssignment(
      { ok: true },
      form({ levelCode: ALG, title: "Race", description: "D", maxScore: 10, dueDate: future() }),
    );
    const [race] = await db()
      .select()
      .from(assignments)
      .where(and(eq(assignments.levelCode, ALG), eq(assignments.title, "Race")));
    const results = await Promise.all(
      ["3", "4", "5", "6"].map((score) =>
        saveGrade({ levelCode: ALG, assignmentId: race!.id, studentId: algStudent, score }),
      ),
    );
    expect(results.every((r) => r.ok)).toBe(true);
    const rows = await gradeOf(race!.id, algStudent);
    expect(rows).toHaveLength(1);
    expect([3, 4, 5, 6]).toContain(rows[0]!.score);
  });
  it("bulk grade: one out-of-range row writes nothing; blanks are skipped; valid rows are written once", async () => {
    await signInAs(RIVERA);
    await createAssignment(
      { ok: true },
      form({ levelCode: ALG, title: "Bulk", description: "D", maxScore: 20, dueDate: future() }),
    );
    const [bulk] = await db()
      .select()
      .from(assignments)
      .where(and(eq(assignments.levelCode, ALG), eq(assignments.title, "Bulk")));
    const roster = (await db().execute(
      sql`select student_id from student_enrollment where level_code = ${ALG} order by student_id limit 4`,
    )) as { rows: { student_id: number }[] };
    const [a, b, c, d] = roster.rows.map((r) => Number(r.student_id));
    const bad = await bulkGrade({
      levelCode: ALG,
      assignmentId: bulk!.id,
      rows: [
        { studentId: a!, score: "15" },
        { studentId: b!, score: "21" },
      ],
    });
    expect(bad).toMatchObject({ ok: false, message: "Please enter a valid score between 0 and 20" });
    expect(await db().select().from(grades).where(eq(grades.assignmentId, bulk!.id))).toEqual([]);

    const good = await bulkGrade({
      levelCode: ALG,
      assignmentId: bulk!.id,
      rows: [
        { studentId: a!, score: "15", feedback: "Good" },
        { studentId: b!, score: "" },
        { studentId: c!, score: "abc" },
        { studentId: d!, score: "19.5" },
      ],
    });
    expect(good).toMatchObject({ ok: true, data: { saved: 2 } });
    const rows = await db().select().from(grades).where(eq(grades.assignmentId, bulk!.id));
    expect(rows.map((r) => [r.studentId, r.score, r.feedback]).sort()).toEqual(
      [
        [a, 15, "Good"],
        [d, 19.5, null],
      ].sort(),
    );
  });
});

describe("Summary tab", () => {
  it("issues the same number of queries for 30 and 300 students", async () => {
    await createClassOfSize("S30", 30, 40, 20);
    await createClassOfSize("S300", 300, 40, 20);
    const small = await countQueries(() => loadSummaryView("S30", "UTC"));
    const t0 = performance.now();
    const large = await countQueries(() => loadSummaryView("S300", "UTC"));
    const ms = performance.now() - t0;
    // The class's term inputs (roster with scores; context with assignments, marks and notes), the
    // activity feed, and the attendance of the term shown.
    expect([small.count, large.count]).toEqual([4, 4]);
    expect(large.result.students).toHaveLength(300);
    expect(large.result.students[0]).toMatchObject({
      gradePercent: 70,
      letter: "C-",
      attendancePercent: 100,
      status: "Good",
    });
    console.log(
      `summary queries: ${small.count} (30 students) / ${large.count} (300 students); 300 students × 40 assignments loaded in ${ms.toFixed(0)} ms`,
    );
  });

  it("lists the class's ten latest submissions, responses and grades, newest first, with who did what", async () => {
    const { studentIds } = await createClassOfSize("FEED", 12, 3, 0);
    const [a1, a2] = await queryRows<{ id: number; title: string }>(
      sql`select id, title from assignments where level_code = 'FEED' order by id limit 2`,
    );
    const names = await queryRows<{ id: number; name: string }>(
      sql`select id, name from users where id in (${sql.join(studentIds.slice(0, 3), sql`, `)}) order by id`,
    );
    // Push everything the fixture made into the past, then add three recent events of each kind.
    await queryRows(
      sql`update assignment_submissions set submitted_at = '2020-01-01' where assignment_id in (select id from assignments where level_code = 'FEED')`,
    );
    await queryRows(
      sql`update grades set graded_at = '2020-01-01' where assignment_id in (select id from assignments where level_code = 'FEED')`,
    );
    await queryRows(
      sql`update responses set created_at = '2020-01-01' where update_id in (select id from updates where level_code = 'FEED')`,
    );
    await queryRows(
      sql`update assignment_submissions set submitted_at = '2031-05-01 10:00Z' where assignment_id = ${a1!.id} and student_id = ${names[0]!.id}`,
    );
    await queryRows(
      sql`update grades set graded_at = '2031-05-01 11:00Z', score = 9 where assignment_id = ${a2!.id} and student_id = ${names[1]!.id}`,
    );
    await queryRows(
      sql`update responses set created_at = '2031-05-01 12:00Z', title = 'Question' where student_id = ${names[2]!.id} and update_id in (select id from updates where level_code = 'FEED')`,
    );
    const { activity } = await loadSummaryView("FEED", "UTC");
    expect(activity).toHaveLength(10);
    // Told in the reader's language by the Summary tab (gradesServer.summary); here in English.
    const english = translatorFor("en", "gradesServer");
    const text = (a: (typeof activity)[number]) => english(`summary.${a.sentence}`, a.values);
    expect(activity.slice(0, 3).map(text)).toEqual([
      `${names[2]!.name} responded to “Hello”: Question`,
      `${names[1]!.name} was graded on “${a2!.title}” (9/10)`,
      `${names[0]!.name} submitted “${a1!.title}”`,
    ]);
    // Nothing from another class.
    expect(activity.every((a) => !text(a).includes("Class S30"))).toBe(true);
  });
});

describe("Grades grid", () => {
  it("loads a 300 × 40 score matrix in the same two queries as a 30 × 40 one (the cells and the term grades from the same reads), every grade in its cell", async () => {
    const small = await countQueries(() => getGradeGrid("S30", null, "UTC"));
    const large = await countQueries(() => getGradeGrid("S300", null, "UTC"));
    expect(small.count).toBe(2);
    expect(large.count).toBe(2);
    const grid = large.result;
    expect(grid.scores).toHaveLength(300);
    expect(grid.scores.every((row) => row.length === 40)).toBe(true);
    // Compare every cell with the grades table itself.
    const rows = await queryRows<{ student_id: number; assignment_id: number; score: string }>(sql`
      select g.student_id, g.assignment_id, g.score::text as score from grades g join assignments a on a.id = g.assignment_id where a.level_code = 'S300'`);
    const expected = new Map(rows.map((r) => [`${r.student_id}:${r.assignment_id}`, Number(r.score)]));
    let filled = 0;
    grid.students.forEach((st, i) =>
      grid.assignments.forEach((a, j) => {
        expect(grid.scores[i]![j] ?? undefined).toBe(expected.get(`${st.id}:${a.id}`));
        if (grid.scores[i]![j] !== null) filled++;
      }),
    );
    expect(filled).toBe(rows.length);
  });
});
