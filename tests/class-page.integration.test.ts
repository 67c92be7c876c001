import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { addResponse, loadSubmissionHistory, submitAssignment } from "@/app/level/[levelCode]/actions";
import { db } from "@/lib/db/client";
import { DEMO_ADMIN, DEMO_INSTRUCTORS, DEMO_STUDENTS } from "@/lib/db/demo-school";
import { assignmentSubmissions, responses } from "@/lib/db/schema";
import { countQueries } from "@/lib/db/query-stats";
import {
  loadAssignmentsView,
  loadAttendanceView,
  loadGradesView,
  loadStudentTiles,
  loadUpdatesView,
} from "@/lib/queries/class-page-view";
import { cookieJar } from "./support/request-context";
import {
  createClassOfSize,
  firstAssignmentOf,
  firstUpdateOf,
  isEnrolled,
  rowCounts,
  seedDemo,
  userIdByCode,
} from "./support/fixtures";
import { form } from "./support/form";
import { signInAs } from "./support/session";
import { useTestDatabase } from "./support/test-db";

useTestDatabase();

// Student 1 (stu-01) takes Geometry and Biology; student 2 takes Biology and World History.
const ava = DEMO_STUDENTS[0]!;
const liam = DEMO_STUDENTS[1]!;
const BIO = "BIO-P2";
const ALG = "ALG1-P1"; // Ava is not enrolled here

let avaId: number;
let liamId: number;
let bioUpdate: number;
let bioAssignment: number;
let algAssignment: number;

beforeAll(async () => {
  await seedDemo();
  avaId = await userIdByCode(ava.code);
  liamId = await userIdByCode(liam.code);
  bioUpdate = await firstUpdateOf(BIO);
  bioAssignment = await firstAssignmentOf(BIO);
  algAssignment = await firstAssignmentOf(ALG);
  expect(await isEnrolled(avaId, BIO)).toBe(true);
  expect(await isEnrolled(avaId, ALG)).toBe(false);
});

const writes = () => rowCounts("responses", "assignment_submissions");

async function history(levelCode: string, assignmentId: number) {
  const res = await loadSubmissionHistory(levelCode, assignmentId);
  if (!res.ok) throw new Error(res.message);
  return res.data ?? [];
}

async function expectRefusedWithoutWrites(run: () => Promise<{ ok: boolean; message?: string }>, message?: string) {
  const before = await writes();
  const res = await run();
  expect(res.ok).toBe(false);
  if (message) expect(res.message).toBe(message);
  expect(await writes()).toEqual(before);
}

describe("addResponse", () => {
  const valid = () =>
    form({
      levelCode: BIO,
      updateId: bioUpdate,
      studentId: avaId,
      title: "Question",
      content: "Is the test open book?",
    });

  it("refuses an anonymous caller", async () => {
    cookieJar.clear();
    await expectRefusedWithoutWrites(() => addResponse({ ok: true }, valid()), "Please sign in to continue.");
  });
  it("refuses a student who is not enrolled in the class", async () => {
    await signInAs(DEMO_STUDENTS[2]!.code); // Maya: Algebra I and World History
    const mayaId = await userIdByCode(DEMO_STUDENTS[2]!.code);
    await expectRefusedWithoutWrites(
      () =>
        addResponse(
          { ok: true },
          form({ levelCode: BIO, updateId: bioUpdate, studentId: mayaId, title: "Hi", content: "Let me in" }),
        ),
      "You are not enrolled in this class. Please contact your teacher to get access.",
    );
  });
  it("refuses a student acting for another student's id", async () => {
    await signInAs(ava.code);
    await expectRefusedWithoutWrites(() =>
      addResponse(
        { ok: true },
        form({ levelCode: BIO, updateId: bioUpdate, studentId: liamId, title: "Hi", content: "Posing as Liam" }),
      ),
    );
  });
  it("says 'Student ID is required' without a student id, and for staff", async () => {
    await signInAs(ava.code);
    await expectRefusedWithoutWrites(
      () => addResponse({ ok: true }, form({ levelCode: BIO, updateId: bioUpdate, title: "Hi", content: "x" })),
      "Student ID is required",
    );
    await signInAs(DEMO_INSTRUCTORS[1].code);
    const chenId = await userIdByCode(DEMO_INSTRUCTORS[1].code);
    await expectRefusedWithoutWrites(
      () =>
        addResponse(
          { ok: true },
          form({ levelCode: BIO, updateId: bioUpdate, studentId: chenId, title: "Hi", content: "x" }),
        ),
      "Student ID is required",
    );
  });
  it("requires both fields", async () => {
    await signInAs(ava.code);
    await expectRefusedWithoutWrites(
      () =>
        addResponse(
          { ok: true },
          form({ levelCode: BIO, updateId: bioUpdate, studentId: avaId, title: "   ", content: "text" }),
        ),
      "Title is required",
    );
    await expectRefusedWithoutWrites(
      () =>
        addResponse(
          { ok: true },
          form({ levelCode: BIO, updateId: bioUpdate, studentId: avaId, title: "T", content: "" }),
        ),
      "Your Response is required",
    );
  });
  it("refuses an announcement id from another class", async () => {
    await signInAs(ava.code);
    const algUpdate = await firstUpdateOf(ALG);
    await expectRefusedWithoutWrites(() =>
      addResponse(
        { ok: true },
        form({ levelCode: BIO, updateId: algUpdate, studentId: avaId, title: "T", content: "text" }),
      ),
    );
  });
  it("stores a valid response, trimmed, as the signed-in student", async () => {
    await signInAs(ava.code);
    const res = await addResponse(
      { ok: true },
      form({
        levelCode: BIO,
        updateId: bioUpdate,
        studentId: avaId,
        title: "  Question ",
        content: "  Is the test open book?  ",
      }),
    );
    expect(res.ok).toBe(true);
    const rows = await db()
      .select()
      .from(responses)
      .where(and(eq(responses.updateId, bioUpdate), eq(responses.studentId, avaId), eq(responses.title, "Question")));
    expect(rows.map((r) => r.content)).toContain("Is the test open book?");
  });
});

describe("submitAssignment", () => {
  it("refuses a 9-character answer (after trimming) and writes nothing", async () => {
    await signInAs(ava.code);
    await expectRefusedWithoutWrites(
      () =>
        submitAssignment(
          { ok: true },
          form({ levelCode: BIO, assignmentId: bioAssignment, studentId: avaId, content: "   123456789   " }),
        ),
      "Response must be at least 10 characters.",
    );
  });
  it("refuses anonymous, non-enrolled and impersonating callers", async () => {
    cookieJar.clear();
    await expectRefusedWithoutWrites(() =>
      submitAssignment(
        { ok: true },
        form({ levelCode: BIO, assignmentId: bioAssignment, studentId: avaId, content: "long enough answer" }),
      ),
    );
    await signInAs(ava.code);
    await expectRefusedWithoutWrites(() =>
      submitAssignment(
        { ok: true },
        form({ levelCode: ALG, assignmentId: algAssignment, studentId: avaId, content: "long enough answer" }),
      ),
    );
    await expectRefusedWithoutWrites(() =>
      submitAssignment(
        { ok: true },
        form({ levelCode: BIO, assignmentId: bioAssignment, studentId: liamId, content: "long enough answer" }),
      ),
    );
    // An assignment of another class smuggled in under a class the student is in.
    await expectRefusedWithoutWrites(() =>
      submitAssignment(
        { ok: true },
        form({ levelCode: BIO, assignmentId: algAssignment, studentId: avaId, content: "long enough answer" }),
      ),
    );
  });
  it("keeps every submission: a resubmission adds a row and history lists both, newest first", async () => {
    await signInAs(ava.code);
    const [fresh] = await db()
      .insert(assignmentSubmissions)
      .values({ assignmentId: bioAssignment, studentId: liamId, content: "Liam's private work" })
      .returning({ id: assignmentSubmissions.id });
    const before = (await history(BIO, bioAssignment)).length;
    expect(
      await submitAssignment(
        { ok: true },
        form({ levelCode: BIO, assignmentId: bioAssignment, studentId: avaId, content: "First real answer" }),
      ),
    ).toEqual({ ok: true, message: "Submission sent successfully!" });
    await new Promise((r) => setTimeout(r, 5));
    expect(
      (
        await submitAssignment(
          { ok: true },
          form({ levelCode: BIO, assignmentId: bioAssignment, studentId: avaId, content: "Second, better answer" }),
        )
      ).ok,
    ).toBe(true);
    const entries = await history(BIO, bioAssignment);
    expect(entries).toHaveLength(before + 2);
    expect(entries[0]).toMatchObject({ number: before + 2, content: "Second, better answer" });
    expect(entries[1]).toMatchObject({ number: before + 1, content: "First real answer" });
    expect(entries.map((e) => e.id)).not.toContain(fresh!.id); // never another student's work
  });
  it("refuses history to anonymous callers and for another class's assignment", async () => {
    cookieJar.clear();
    expect((await loadSubmissionHistory(BIO, bioAssignment)).ok).toBe(false);
    await signInAs(ava.code);
    expect(await loadSubmissionHistory(BIO, algAssignment)).toEqual({
      ok: false,
      message: "Failed to load submissions.",
    });
  });
});

describe("class page data", () => {
  it("gives a student only their own grades and attendance", async () => {
    const grades = await loadGradesView(BIO, avaId, "UTC");
    const own = await db().query.grades.findMany({ where: (g, { eq: e }) => e(g.studentId, avaId) });
    const ids = new Set(own.map((g) => g.id));
    expect(grades.length).toBeGreaterThan(0);
    for (const g of grades) expect(ids.has(g.id)).toBe(true);
    const attendance = await loadAttendanceView(BIO, avaId, "UTC");
    const ownAttendance = await db().query.attendance.findMany({
      where: (a, { and: all, eq: e }) => all(e(a.studentId, avaId), e(a.levelCode, BIO)),
    });
    expect(attendance.map((a) => a.id).sort()).toEqual(ownAttendance.map((a) => a.id).sort());
  });
  it("computes the tiles with the student-view formulas, from the kept totals", async () => {
    const tiles = await loadStudentTiles(BIO, avaId);
    const grades = await loadGradesView(BIO, avaId, "UTC");
    const expected = Math.round(
      (grades.reduce((s, g) => s + g.score, 0) / grades.reduce((s, g) => s + g.maxScore, 0)) * 100,
    );
    expect(tiles.average).toBe(expected);
    const attendance = await loadAttendanceView(BIO, avaId, "UTC");
    const present = attendance.filter((a) => a.status === "present").length;
    expect(tiles.attendanceRate).toBe(Math.round((present / attendance.length) * 100));
    const { assignments } = await loadAssignmentsView(BIO, avaId, "UTC");
    expect(tiles.completed).toBe(assignments.filter((a) => a.state === "Submitted").length);
    expect(tiles.completed).toBeGreaterThan(0);
  });
  it('gives a student with nothing yet "—" (null), not 0 % and not an error', async () => {
    const { studentIds } = await createClassOfSize("Q0", 1, 0, 0); // no assignments, no days
    expect(await loadStudentTiles("Q0", studentIds[0]!)).toEqual({
      average: null,
      completed: 0,
      attendanceRate: null,
      termTitle: null,
    });
  });
  it("issues the same number of queries for a class of 30 and of 300, per tab", async () => {
    const small = await createClassOfSize("Q30", 30);
    const large = await createClassOfSize("Q300", 300);
    const tabs: [string, (code: string, studentId: number) => Promise<unknown>, number][] = [
      // the grading context (terms, settings, overrides) with the student's work, and the kept totals with the attendance per term
      ["tiles", (c: string, id: number) => loadStudentTiles(c, id), 2],
      ["updates", (c: string) => loadUpdatesView(c, "UTC"), 1],
      ["assignments", (c: string, id: number) => loadAssignmentsView(c, id, "UTC"), 1],
      ["grades", (c: string, id: number) => loadGradesView(c, id, "UTC"), 1],
      ["attendance", (c: string, id: number) => loadAttendanceView(c, id, "UTC"), 1],
    ];
    const counts: string[] = [];
    for (const [name, load, expected] of tabs) {
      const s = await countQueries(() => load("Q30", small.studentIds[0]!));
      const l = await countQueries(() => load("Q300", large.studentIds[0]!));
      expect(s.count, name).toBe(expected);
      expect(l.count, name).toBe(expected);
      counts.push(`${name} ${s.count}`);
    }
    console.log(
      `class page queries per part (30 and 300 students alike): ${counts.join(", ")}; plus session, class and enrollment`,
    );
  });
});

describe("admin and instructor", () => {
  it("sees the class without a student view", async () => {
    await signInAs(DEMO_ADMIN.code);
    const view = await loadAssignmentsView(BIO, null, "UTC");
    expect(view.assignments.length).toBeGreaterThan(0);
    expect(view.assignments.every((a) => a.state === null)).toBe(true);
  });
});
