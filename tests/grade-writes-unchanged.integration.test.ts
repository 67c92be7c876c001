import { sql } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createAssignment } from "@/app/level/[levelCode]/update/assignment-actions";
import { addGrade, bulkGrade, saveGrade, setGradeMark } from "@/app/level/[levelCode]/update/grade-actions";
import { setTermCommentAction, setTermOverrideAction } from "@/app/level/[levelCode]/update/term-grade-actions";
import { savePreferencesAction } from "@/app/notifications/actions";
import { idle } from "@/lib/action-result";
import { queryRows } from "@/lib/db/client";
import { DEMO_STUDENTS } from "@/lib/db/demo-school";
import { addDays, dateInTimeZone } from "@/lib/domain/dates";
import { seedDemo, userIdByCode } from "./support/fixtures";
import { form } from "./support/form";
import { settle, useTestSmtp } from "./support/mail";
import { signInAs } from "./support/session";
import { useTestDatabase } from "./support/test-db";

// Issue 39 (19): a write that changes nothing notifies nobody and audits nothing. Saving a score
// unchanged (9 → 9) from the grid, Add Grade or Bulk Grade, the same E/M/L mark again, the same
// override or comment again: no e-mail, no notification, no job, no audit entry. A change of the
// feedback alone is written and audited but is not a new grade (decision 015): no e-mail. A real
// change still tells the family. Mail goes to a real SMTP server on loopback.

useTestDatabase();
const smtp = useTestSmtp({ SCHOOL_NAME: "Demo High School" });
const BIO = "BIO-P2"; // David Chen's; Liam Johnson is in it, Grace Johnson is his mother
const GRACE = "grace.johnson@example.com";
const liam = DEMO_STUDENTS[1]!;
let liamId: number;
let lab: number;
let termId: number;

async function gracePrefers(threshold: number): Promise<void> {
  await signInAs("parent-johnson");
  expect(
    await savePreferencesAction(
      idle,
      form({
        attendance: "off",
        work: "immediately",
        grade: "immediately",
        announcement: "off",
        report_card: "off",
        comment: "off",
        message: "off",
        threshold,
      }),
    ),
  ).toMatchObject({ ok: true });
  await signInAs("teach-chen");
}

/** What a write leaves behind: audit entries and queued notices of the cell, the grade itself. */
async function traces() {
  const [row] = await queryRows<{ audits: number; jobs: number; notices: number; score: string; feedback: string }>(sql`
    select (select count(*) from audit_log where detail->>'studentId' = ${String(liamId)})::int as audits,
      (select count(*) from jobs where state = 'queued')::int as jobs,
      (select count(*) from notifications)::int as notices,
      (select score::text from grades where assignment_id = ${lab} and student_id = ${liamId}) as score,
      (select feedback from grades where assignment_id = ${lab} and student_id = ${liamId}) as feedback`);
  return row!;
}

beforeAll(async () => {
  await seedDemo();
  liamId = await userIdByCode(liam.code);
  [{ id: termId }] = (await queryRows<{ id: number }>(sql`
    insert into school_terms (title, type, start_date, end_date)
    values ('Autumn', 'term', ${addDays(dateInTimeZone(new Date(), "UTC"), -100)}, ${addDays(dateInTimeZone(new Date(), "UTC"), 100)})
    returning id`)) as [{ id: number }];
  await gracePrefers(70);
  expect(
    await createAssignment(
      idle,
      form({
        levelCode: BIO,
        title: "Lab 1",
        description: "Microscope work.",
        maxScore: 10,
        dueDate: new Date(Date.now() + 7 * 86_400_000).toISOString(),
      }),
    ),
  ).toMatchObject({ ok: true });
  [{ id: lab }] = (await queryRows<{ id: number }>(sql`select id from assignments where title = 'Lab 1'`)) as [
    { id: number },
  ];
  // 9 / 10 is 90 %: not below Grace's 70 % then, so nobody heard of it.
  expect(
    await saveGrade({ levelCode: BIO, assignmentId: lab, studentId: liamId, score: "9", feedback: "Neat drawing." }),
  ).toMatchObject({ ok: true });
  await settle();
  expect(smtp.to(GRACE)).toHaveLength(0);
  // Weeks later she asks to hear of anything below 95 %.
  await gracePrefers(95);
});
beforeEach(async () => {
  smtp.messages.length = 0;
  await signInAs("teach-chen");
});

describe("a grade write that changes nothing", () => {
  it("from the grid, Add Grade or Bulk Grade: no e-mail, no notification, no job, no audit entry", async () => {
    const before = await traces();
    expect(
      await saveGrade({ levelCode: BIO, assignmentId: lab, studentId: liamId, score: "9", feedback: "Neat drawing." }),
    ).toMatchObject({ ok: true });
    expect(
      await addGrade(
        idle,
        form({ levelCode: BIO, studentId: liamId, assignmentId: lab, score: "9.00", feedback: "Neat drawing." }),
      ),
    ).toMatchObject({ ok: true });
    // Bulk Grade's rows without feedback keep the feedback there.
    expect(
      await bulkGrade({ levelCode: BIO, assignmentId: lab, rows: [{ studentId: liamId, score: "9" }] }),
    ).toMatchObject({ ok: true });
    const queued = (await traces()).jobs;
    await settle();
    expect(smtp.to(GRACE).map((m) => m.mail.subject)).toEqual([]);
    expect(await traces()).toEqual(before);
    expect(queued).toBe(before.jobs);
  });

  it("the same mark, override or comment again: nothing written, audited or queued", async () => {
    expect(await setGradeMark({ levelCode: BIO, assignmentId: lab, studentId: liamId, mark: "late" })).toMatchObject({
      ok: true,
    });
    const override = () =>
      setTermOverrideAction(
        idle,
        form({ levelCode: BIO, studentId: liamId, termId, percent: "88", reason: "Oral exam", note: "" }),
      );
    const comment = () =>
      setTermCommentAction(idle, form({ levelCode: BIO, studentId: liamId, termId, comment: "A careful term." }));
    expect(await override()).toMatchObject({ ok: true });
    expect(await comment()).toMatchObject({ ok: true });
    await settle();
    const before = await traces();
    const [updated] = await queryRows<{ at: string }>(
      sql`select (select max(updated_at)::text from term_grade_overrides) || (select max(updated_at)::text from term_comments) || (select max(updated_at)::text from grade_marks) as at`,
    );
    expect(await setGradeMark({ levelCode: BIO, assignmentId: lab, studentId: liamId, mark: "late" })).toMatchObject({
      ok: true,
    });
    expect(await override()).toMatchObject({ ok: true });
    expect(await comment()).toMatchObject({ ok: true });
    expect(await traces()).toEqual(before);
    expect(
      await queryRows(
        sql`select (select max(updated_at)::text from term_grade_overrides) || (select max(updated_at)::text from term_comments) || (select max(updated_at)::text from grade_marks) as at`,
      ),
    ).toEqual([updated]);
    await settle();
    expect(smtp.to(GRACE)).toHaveLength(0);
  });

  it("a change of the feedback alone is saved and audited, but is not a new grade: no e-mail", async () => {
    const before = await traces();
    expect(
      await saveGrade({
        levelCode: BIO,
        assignmentId: lab,
        studentId: liamId,
        score: "9",
        feedback: "Neat drawing. Label the nucleus.",
      }),
    ).toMatchObject({ ok: true });
    const after = await traces();
    expect(after).toMatchObject({
      audits: before.audits + 1,
      jobs: before.jobs,
      feedback: "Neat drawing. Label the nucleus.",
    });
    const [entry] = await queryRows<{ detail: Record<string, unknown> }>(
      sql`select detail from audit_log where action = 'grade.changed' order by id desc limit 1`,
    );
    expect(entry!.detail).toMatchObject({ assignmentId: lab, studentId: liamId, old: 9, new: 9, feedback: "changed" });
    await settle();
    expect(smtp.to(GRACE)).toHaveLength(0);
  });

  it("a real change still reaches the family", async () => {
    expect(await saveGrade({ levelCode: BIO, assignmentId: lab, studentId: liamId, score: "8" })).toMatchObject({
      ok: true,
    });
    await settle();
    expect(smtp.to(GRACE).map((m) => m.mail.subject)).toEqual(["New grade in Biology: Lab 1 · Demo High School"]);
  });
});
