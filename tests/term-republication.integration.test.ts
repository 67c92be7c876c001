import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { setTermPublishedAction } from "@/app/admin/term-actions";
import { saveGrade } from "@/app/level/[levelCode]/update/grade-actions";
import { queryRows } from "@/lib/db/client";
import { DEMO_ADMIN, DEMO_INSTRUCTORS, DEMO_STUDENTS } from "@/lib/db/demo-school";
import { runDueJobs } from "@/lib/jobs/queue";
import { HANDLERS } from "@/lib/jobs/worker";
import { reportCardFor } from "@/lib/parent/portal";
import { seedDemo, userIdByCode } from "./support/fixtures";
import { form } from "./support/form";
import { signInAs } from "./support/session";
import { useTestDatabase } from "./support/test-db";

// Issue 27: unpublish → edit → publish again replaces the stored cards of the students whose card
// changed, with an audit entry old → new for each, and only their families hear of it again.

useTestDatabase();
const BIO = "BIO-P2"; // David Chen's; Liam (stu-02) is enrolled, Grace Johnson is his linked guardian
const idle = { ok: true } as const;
let term: number;
let liam: number;
let grace: number;
let assignment: number;

async function settle(): Promise<void> {
  await queryRows(sql`update jobs set run_at = now() where state = 'queued'`);
  await runDueJobs(HANDLERS);
}
const reportNotices = () =>
  queryRows<{ user_id: number; title: string }>(
    sql`select user_id, title from notifications where kind = 'report_card' order by id`,
  );
const publish = async (on: boolean) => {
  await signInAs(DEMO_ADMIN.code);
  return setTermPublishedAction(idle, form({ termId: term, publish: on ? "on" : "off" }));
};

beforeAll(async () => {
  await seedDemo();
  [{ id: term }] = (await queryRows<{ id: number }>(sql`insert into school_terms (title, type, start_date, end_date)
    values ('Fall', 'term', current_date - 300, current_date + 300) returning id`)) as [{ id: number }];
  liam = await userIdByCode(DEMO_STUDENTS[1]!.code);
  grace = await userIdByCode("parent-johnson");
  [{ id: assignment }] = (await queryRows<{ id: number }>(
    sql`select a.id from assignments a join grades g on g.assignment_id = a.id and g.student_id = ${liam}
        where a.level_code = ${BIO} order by a.id limit 1`,
  )) as [{ id: number }];
});

describe("publishing a term again", () => {
  it("tells every family the first time, then only the families whose card changed, with old → new in the audit log", async () => {
    expect(await publish(true)).toMatchObject({ ok: true });
    await settle();
    const first = await reportNotices();
    expect(first.map((n) => n.user_id)).toEqual(expect.arrayContaining([liam, grace]));
    const students = await queryRows<{ n: number }>(
      sql`select count(distinct student_id)::int as n from term_grade_records where term_id = ${term}`,
    );
    expect(students[0]!.n).toBeGreaterThan(5);

    // Unlock, change one of Liam's grades, publish again.
    expect(await publish(false)).toMatchObject({ ok: true });
    const before = (await reportCardFor(liam))!.classes.find((c) => c.code === BIO)!;
    await signInAs(DEMO_INSTRUCTORS[1].code);
    expect(await saveGrade({ levelCode: BIO, assignmentId: assignment, studentId: liam, score: "0" })).toMatchObject({
      ok: true,
    });
    const again = await publish(true);
    expect(again).toEqual({
      ok: true,
      message: "Fall published: its report cards are out and its grades locked (1 changed since it was last published)",
    });
    const log = await queryRows<{
      level_code: string;
      detail: { studentId: number; old: { percent: number }; new: { percent: number } };
    }>(sql`select level_code, detail from audit_log where action = 'term_grade.republished' order by id`);
    expect(log.map((l) => [l.level_code, l.detail.studentId])).toEqual([[BIO, liam]]);
    expect(log[0]!.detail.new.percent).toBeLessThan(log[0]!.detail.old.percent);
    const after = (await reportCardFor(liam))!.classes.find((c) => c.code === BIO)!;
    expect(after.published!.percent).toBe(log[0]!.detail.new.percent);
    expect(before.published).toBeUndefined(); // while unlocked, no published card was shown

    await settle();
    const second = (await reportNotices()).slice(first.length);
    // Liam and his guardians only: everyone else's card is unchanged.
    expect(new Set(second.map((n) => n.user_id))).toEqual(new Set([liam, grace]));
  });

  it("publishing with nothing changed tells nobody again", async () => {
    const count = (await reportNotices()).length;
    expect(await publish(false)).toMatchObject({ ok: true });
    expect(await publish(true)).toEqual({
      ok: true,
      message: "Fall published: its report cards are out and its grades locked",
    });
    await settle();
    expect(await reportNotices()).toHaveLength(count);
  });
});
