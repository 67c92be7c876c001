import { sql } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { GET as reportCardsRoute } from "@/app/admin/report-cards/route";
import { savePreferencesAction } from "@/app/notifications/actions";
import { createAssignment, updateAssignment } from "@/app/level/[levelCode]/update/assignment-actions";
import { saveGrade } from "@/app/level/[levelCode]/update/grade-actions";
import { returnGrades } from "@/app/level/[levelCode]/update/return-actions";
import { scoreRubric } from "@/app/level/[levelCode]/update/rubric-actions";
import { feedCalendar } from "@/lib/calendar/feeds";
import { queryRows } from "@/lib/db/client";
import { DEMO_ADMIN, DEMO_STUDENTS } from "@/lib/db/demo-school";
import { gradebookCsv } from "@/lib/export/gradebook";
import { buildOneRosterExport } from "@/lib/export/oneroster";
import { loadClassTermGrades } from "@/lib/gradebook/class-term-grades";
import { loadStudentTermGrade } from "@/lib/gradebook/term-grades";
import { reportCardFor } from "@/lib/parent/portal";
import { buildRecord } from "@/lib/records/export";
import { loadGradesView } from "@/lib/queries/class-page-view";
import { getGradeGrid } from "@/lib/queries/grade-grid";
import { setTermPublished } from "@/lib/terms/publishing";
import { seedDemo, userIdByCode } from "./support/fixtures";
import { form } from "./support/form";
import { settle, useTestSmtp } from "./support/mail";
import { pdfText } from "./support/pdf";
import { signInAs } from "./support/session";
import { useTestDatabase } from "./support/test-db";

// Drafts and return (issue 44, decision 033): a grade of an assignment posted on return is seen by
// the class's staff only (the grid marks it), and counts nowhere a student, a family, an e-mail, a
// calendar or an export sees until the teacher returns it; then it is everywhere.

useTestDatabase();
const smtp = useTestSmtp();
const CLASS = "BIO-P2";
const TITLE = "Draft essay zq";
const SCORE = "3.17"; // of 100: unique in every export, and it drags the average down
const GRACE = "grace.johnson@example.com";
const idle = { ok: true } as const;
let liam: number;
let grace: number;
let adminId: number;
let term: number;
let assignmentId: number;
let baseline: number;

const pdfPage = async () => {
  await signInAs(DEMO_ADMIN.code);
  const res = await reportCardsRoute(
    new Request(`http://localhost/admin/report-cards?term=${term}&scope=class:${CLASS}`),
  );
  expect(res.status).toBe(200);
  const pages = pdfText(Buffer.from(await res.arrayBuffer())).split("\f");
  return pages.find((p) => p.includes(DEMO_STUDENTS[1]!.name))!;
};

/** Everything a student, a family, an e-mail, a calendar or an export shows of the grade. */
async function seen() {
  const student = await loadGradesView(CLASS, liam, "UTC");
  const termGrade = await loadStudentTermGrade(CLASS, liam, "year", "UTC");
  const family = JSON.stringify(await reportCardFor(liam));
  const csv = (await gradebookCsv(CLASS, "year", "UTC")).csv;
  const oneRoster = (await buildOneRosterExport({ schoolName: "Demo", timeZone: "UTC" })).files;
  await settle();
  const notices = await queryRows<{ title: string }>(
    sql`select title from notifications where user_id = ${grace} and kind = 'grade' and title like ${`%${TITLE}%`}`,
  );
  const calendar = await feedCalendar(liam, "student");
  const record = await buildRecord(liam);
  const [stats] = await queryRows<{ graded: number }>(
    sql`select graded from student_level_stats where level_code = ${CLASS} and student_id = ${liam}`,
  );
  return {
    studentPage: student.some((g) => g.title === TITLE),
    termGrade: termGrade.percent !== baseline,
    familyGrades: family.includes(TITLE),
    gradebookCsv: csv.includes(SCORE),
    // A whole field: a timestamp's "…:03.170Z" holds the digits too.
    oneRosterResults: Object.values(oneRoster).some((text) => new RegExp(`(^|,)"?${SCORE}"?(,|$)`, "m").test(text)),
    notification: notices.length > 0,
    mail: smtp.to(GRACE).some((m) => m.mail.subject?.includes(TITLE)),
    calendar: calendar.includes(SCORE),
    recordExport: (record?.tables.grades ?? []).some((g) => g.assignment_id === assignmentId),
    runningTotal: Number(stats?.graded ?? 0),
  };
}

beforeAll(async () => {
  await seedDemo();
  liam = await userIdByCode(DEMO_STUDENTS[1]!.code);
  grace = await userIdByCode("parent-johnson");
  adminId = await userIdByCode(DEMO_ADMIN.code);
  await queryRows(
    sql`insert into school_terms (title, type, start_date, end_date) values ('Drafts term', 'term', current_date - 300, current_date + 300)`,
  );
  [{ id: term }] = (await queryRows<{ id: number }>(sql`select id from school_terms`)) as [{ id: number }];
  // Grace hears of every grade at once (a threshold no grade reaches).
  await signInAs("parent-johnson");
  expect(
    await savePreferencesAction(
      idle,
      form({
        attendance: "immediately",
        work: "daily",
        grade: "immediately",
        announcement: "daily",
        report_card: "immediately",
        comment: "immediately",
        message: "immediately",
        threshold: 100,
      }),
    ),
  ).toMatchObject({ ok: true });
  baseline = (await loadStudentTermGrade(CLASS, liam, "year", "UTC")).percent;
});
beforeEach(() => {
  smtp.messages.length = 0;
});

describe("a draft", () => {
  it("is created by the assignment form's choice and graded as a draft the grid marks", async () => {
    await signInAs("teach-chen");
    expect(
      await createAssignment(
        idle,
        form({
          levelCode: CLASS,
          title: TITLE,
          description: "Write it.",
          maxScore: 100,
          dueDate: new Date(Date.now() + 86_400_000).toISOString(),
          postPolicy: "on_return",
        }),
      ),
    ).toMatchObject({ ok: true });
    [{ id: assignmentId }] = (await queryRows<{ id: number }>(
      sql`select id from assignments where title = ${TITLE} and post_policy = 'on_return'`,
    )) as [{ id: number }];
    const before = await seen();
    expect(await saveGrade({ levelCode: CLASS, assignmentId, studentId: liam, score: SCORE })).toMatchObject({
      ok: true,
    });
    // The staff's grid shows it, not yet returned, and its total leaves it out.
    const grid = await getGradeGrid(CLASS, "year", "UTC");
    const i = grid.students.findIndex((s) => s.id === liam);
    const j = grid.assignments.findIndex((a) => a.id === assignmentId);
    expect([grid.scores[i]![j], grid.returned[i]![j], grid.assignments[j]!.onReturn]).toEqual([3.17, "-", true]);
    expect(grid.totals[i]!.percent).toBe(baseline);
    expect(await seen()).toEqual({
      studentPage: false,
      termGrade: false,
      familyGrades: false,
      gradebookCsv: false,
      oneRosterResults: false,
      notification: false,
      mail: false,
      calendar: false,
      recordExport: false,
      runningTotal: before.runningTotal,
    });
  });

  it("is left out of a published term's stored card and its PDF, and cannot be returned while the term is locked", async () => {
    const shown = (await loadClassTermGrades(CLASS, term, "UTC")).rows.find((r) => r.studentId === liam)!;
    expect(await setTermPublished(term, true, adminId)).toMatchObject({ ok: true });
    const [card] = await queryRows<{ percent: string }>(
      sql`select percent::text from term_grade_records where term_id = ${term} and student_id = ${liam} and level_code = ${CLASS}`,
    );
    expect(Number(card!.percent)).toBe(shown.view.percent);
    expect(shown.view.percent).toBe(baseline);
    // The published term's gradebook CSV is its stored cards with the scores behind them.
    expect((await gradebookCsv(CLASS, term, "UTC")).csv).not.toContain(SCORE);
    const page = await pdfPage();
    expect(page).toContain(DEMO_STUDENTS[1]!.name);
    // "Total points: 9.5 of 10 = 95 %": the draft's 3.17 of 100 is not in it.
    const points = (text: string) =>
      text
        .match(/Total points: ([\d.]+) of ([\d.]+)/)!
        .slice(1)
        .map(Number);
    const [earned, possible] = points(page);
    await signInAs("teach-chen");
    const locked = await returnGrades({ levelCode: CLASS, assignmentId });
    expect([locked.ok, locked.message]).toEqual([
      false,
      "Drafts term is published, so its grades are locked. An admin can unlock the term on /admin → Terms.",
    ]);
    expect(await setTermPublished(term, false, adminId)).toMatchObject({ ok: true });
    // Returned, then published again: the card and its PDF count it.
    await signInAs("teach-chen");
    expect(await returnGrades({ levelCode: CLASS, assignmentId, studentIds: [liam] })).toEqual({
      ok: true,
      message: "1 grade returned",
      data: { returned: 1 },
    });
    expect(await setTermPublished(term, true, adminId)).toMatchObject({ ok: true });
    const [after] = await queryRows<{ percent: string }>(
      sql`select percent::text from term_grade_records where term_id = ${term} and student_id = ${liam} and level_code = ${CLASS}`,
    );
    expect(Number(after!.percent)).toBeLessThan(baseline);
    const [earnedAfter, possibleAfter] = points(await pdfPage());
    expect([Math.round(earnedAfter! * 100), possibleAfter]).toEqual([Math.round(earned! * 100 + 317), possible! + 100]);
    expect(await setTermPublished(term, false, adminId)).toMatchObject({ ok: true });
  });

  it("once returned is everywhere: the student's page, the family's, the exports, the notice and the totals", async () => {
    const [{ graded }] = (await queryRows<{ graded: number }>(
      sql`select graded from student_level_stats where level_code = ${CLASS} and student_id = ${liam}`,
    )) as [{ graded: number }];
    expect(await seen()).toMatchObject({
      studentPage: true,
      termGrade: true,
      familyGrades: true,
      gradebookCsv: true,
      oneRosterResults: true,
      notification: true,
      mail: true,
      // The feed carries titles and due times only: never a grade, returned or not.
      calendar: false,
      recordExport: true,
      runningTotal: Number(graded),
    });
    const grid = await getGradeGrid(CLASS, "year", "UTC");
    const i = grid.students.findIndex((s) => s.id === liam);
    const j = grid.assignments.findIndex((a) => a.id === assignmentId);
    expect(grid.returned[i]![j]).toBe("r");
    const log = await queryRows<{ detail: { assignmentId: number; count: number; studentIds: number[] } }>(
      sql`select detail from audit_log where action = 'grades.returned'`,
    );
    expect(log.map((l) => l.detail)).toEqual([{ assignmentId, count: 1, studentIds: [liam] }]);
    // Re-grading a returned grade keeps it returned.
    await signInAs("teach-chen");
    await saveGrade({ levelCode: CLASS, assignmentId, studentId: liam, score: "4" });
    const [again] = await queryRows<{ returned: boolean }>(
      sql`select returned_at is not null as returned from grades where assignment_id = ${assignmentId} and student_id = ${liam}`,
    );
    expect(again!.returned).toBe(true);
  });
});

describe("running totals", () => {
  it("a draft adds nothing until it is returned, and switching to at once returns every draft with its notice", async () => {
    const total = async () =>
      (
        await queryRows<{ graded: number; earned: string }>(
          sql`select graded, earned::text from student_level_stats where level_code = ${CLASS} and student_id = ${liam}`,
        )
      )[0]!;
    await signInAs("teach-chen");
    expect(
      await createAssignment(
        idle,
        form({
          levelCode: CLASS,
          title: "Second draft zq",
          description: "Again.",
          maxScore: 10,
          dueDate: new Date(Date.now() + 86_400_000).toISOString(),
          postPolicy: "on_return",
        }),
      ),
    ).toMatchObject({ ok: true });
    const [{ id }] = (await queryRows<{ id: number }>(
      sql`select id from assignments where title = 'Second draft zq'`,
    )) as [{ id: number }];
    const before = await total();
    await saveGrade({ levelCode: CLASS, assignmentId: id, studentId: liam, score: "6" });
    expect(await total()).toEqual(before);
    await settle();
    expect(smtp.to(GRACE)).toEqual([]);
    const dueIso = new Date(Date.now() + 86_400_000).toISOString();
    expect(
      await updateAssignment(
        idle,
        form({
          levelCode: CLASS,
          assignmentId: id,
          title: "Second draft zq",
          description: "Again.",
          maxScore: 10,
          dueDate: dueIso,
          postPolicy: "immediate",
        }),
      ),
    ).toMatchObject({ ok: true });
    const after = await total();
    expect([Number(after.graded), Number(after.earned)]).toEqual([
      Number(before.graded) + 1,
      Number(before.earned) + 6,
    ]);
    await settle();
    expect(smtp.to(GRACE).map((m) => m.mail.subject)).toEqual([expect.stringContaining("Second draft zq")]);
  });
});

describe("returnGrades refuses", () => {
  it("another class's teacher, a student, students of another class, and answers when nothing is left to return", async () => {
    await signInAs("teach-rivera");
    expect(await returnGrades({ levelCode: CLASS, assignmentId })).toMatchObject({ ok: false });
    await signInAs(DEMO_STUDENTS[1]!.code);
    expect(await returnGrades({ levelCode: CLASS, assignmentId })).toMatchObject({ ok: false });
    await signInAs("teach-chen");
    const [stranger] = await queryRows<{ id: number }>(
      sql`select id from users where role = 'student' and id not in (select student_id from student_enrollment where level_code = ${CLASS}) limit 1`,
    );
    expect(await returnGrades({ levelCode: CLASS, assignmentId, studentIds: [stranger!.id] })).toEqual({
      ok: false,
      message: "That student is not enrolled in this class.",
    });
    expect(await returnGrades({ levelCode: CLASS, assignmentId })).toEqual({
      ok: true,
      message: "There are no drafts to return.",
      data: { returned: 0 },
    });
  });
});

describe("a draft scored with a rubric", () => {
  // Two criteria of 5 points; "Zqbest" and "Zqfair" appear nowhere else in the school.
  const rubric = {
    title: "Draft rubric",
    criteria: ["one", "two"].map((id) => ({
      id,
      title: `Criterion ${id}`,
      description: "",
      levels: [
        { id: `${id}-best`, label: "Zqbest", points: 500 },
        { id: `${id}-fair`, label: "Zqfair", points: 250 },
      ],
    })),
  };

  it("shows its levels in no export, nor its history in the student's record, until returned", async () => {
    const [{ id }] = (await queryRows<{ id: number }>(sql`
      insert into assignments (level_code, title, max_score, rubric, post_policy)
      values (${CLASS}, 'Rubric draft zq', 10, ${JSON.stringify(rubric)}::jsonb, 'on_return') returning id`)) as [
      { id: number },
    ];
    await signInAs("teach-chen");
    expect(
      await scoreRubric({
        levelCode: CLASS,
        assignmentId: id,
        studentId: liam,
        selections: { one: { level: "one-best" }, two: { level: "two-fair" } },
      }),
    ).toMatchObject({ ok: true });
    const history = async () =>
      ((await buildRecord(liam))?.tables.audit_log ?? []).filter(
        (e) => e.action === "grade.changed" && (e.detail as { assignmentId?: number }).assignmentId === id,
      );
    // The score cell is blank and so are the levels beside it: together they would tell the score.
    expect((await gradebookCsv(CLASS, "year", "UTC")).csv).not.toMatch(/Zqbest|Zqfair/);
    expect(await history()).toEqual([]);
    expect(await returnGrades({ levelCode: CLASS, assignmentId: id })).toMatchObject({ ok: true });
    const csv = (await gradebookCsv(CLASS, "year", "UTC")).csv;
    expect(csv).toContain("Zqbest");
    expect(csv).toContain("Zqfair");
    expect((await history()).length).toBeGreaterThan(0);
  });
});
