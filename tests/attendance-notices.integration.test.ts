import { sql } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { markRollCall, setAttendance } from "@/app/level/[levelCode]/update/attendance-actions";
import { markNotificationsReadAction } from "@/app/notifications/actions";
import { getSessionUser } from "@/lib/auth/session";
import { queryRows } from "@/lib/db/client";
import { DEMO_INSTRUCTORS, DEMO_STUDENTS } from "@/lib/db/demo-school";
import { addDays, dateInTimeZone } from "@/lib/domain/dates";
import { formatDay } from "@/lib/domain/format";
import { runDueJobs } from "@/lib/jobs/queue";
import { HANDLERS } from "@/lib/jobs/worker";
import { listNotifications } from "@/lib/notify/notifications";
import { seedDemo, userIdByCode } from "./support/fixtures";
import { form } from "./support/form";
import { signInAs } from "./support/session";
import { useTestDatabase } from "./support/test-db";

// Absence and tardy notices (issue 20): the student and the guardians linked to them hear of a
// mark that is still absent or late when the settling delay is over; a corrected mark sends
// nothing; nobody else hears anything; a notice is never made twice.

useTestDatabase();
const BIO = "BIO-P2"; // David Chen's; Liam (stu-02) is enrolled, Grace Johnson is his linked guardian
let liam: number;
let grace: number;
let ken: number;
// Notices are for recent days (lib/notify/attendance NOTICE_PAST_DAYS); the tests' school is on UTC.
const today = dateInTimeZone(new Date(), "UTC");
const [D1, D2, D3] = [addDays(today, -1), addDays(today, -2), addDays(today, -3)];

/** The settling delay is over: every waiting job is due, and the worker runs. */
async function settle(): Promise<void> {
  await queryRows(sql`update jobs set run_at = now() where state = 'queued'`);
  await runDueJobs(HANDLERS);
}
const noticesOf = (userId: number) =>
  queryRows<{ title: string; href: string }>(
    sql`select title, href from notifications where user_id = ${userId} order by id`,
  );

beforeAll(async () => {
  await seedDemo();
  liam = await userIdByCode(DEMO_STUDENTS[1]!.code);
  grace = await userIdByCode("parent-johnson");
  ken = await userIdByCode("parent-kim");
});
// The class's teacher marks (each test may sign in as someone else afterwards).
beforeEach(() => signInAs(DEMO_INSTRUCTORS[1].code));

describe("attendance notices", () => {
  it("a mark corrected within the settling delay sends nothing", async () => {
    expect(await setAttendance({ levelCode: BIO, studentId: liam, date: D1, status: "absent" })).toMatchObject({
      ok: true,
    });
    const [job] = await queryRows<{ due_in_s: number }>(
      sql`select extract(epoch from (run_at - now()))::int as due_in_s from jobs where kind = 'attendance.notice'`,
    );
    expect(job!.due_in_s).toBeGreaterThan(590); // NOTIFY_SETTLE_SECONDS, 10 minutes by default
    await setAttendance({ levelCode: BIO, studentId: liam, date: D1, status: "present" });
    await settle();
    expect(await queryRows(sql`select 1 from notifications`)).toEqual([]);
  });

  it("an absence that stands reaches the student and the linked guardian once, and nobody else", async () => {
    expect(await markRollCall({ levelCode: BIO, studentId: liam, date: D2, status: "absent" })).toMatchObject({
      ok: true,
    });
    await settle();
    const title = `${DEMO_STUDENTS[1]!.name} was marked absent in Biology on ${formatDay(D2)}`;
    expect(await noticesOf(liam)).toEqual([{ title, href: `/level/${BIO}?tab=attendance` }]);
    expect(await noticesOf(grace)).toEqual([{ title, href: `/children/${liam}` }]);
    expect(await noticesOf(ken)).toEqual([]); // a parent, but not Liam's
    expect(await noticesOf(await userIdByCode(DEMO_INSTRUCTORS[1].code))).toEqual([]); // who marked it
    // Marked late afterwards: the job runs again, the notice is not made twice.
    await setAttendance({ levelCode: BIO, studentId: liam, date: D2, status: "late" });
    await settle();
    expect(await noticesOf(grace)).toHaveLength(1);
  });

  it("a guardian whose link was removed hears nothing more", async () => {
    await queryRows(
      sql`update guardian_links set removed_at = now() where parent_id = ${grace} and student_id = ${liam}`,
    );
    await setAttendance({ levelCode: BIO, studentId: liam, date: D3, status: "late" });
    await settle();
    expect(await noticesOf(grace)).toHaveLength(1);
    expect((await noticesOf(liam)).map((n) => n.title)).toContain(
      `${DEMO_STUDENTS[1]!.name} was marked late in Biology on ${formatDay(D3)}`,
    );
    await queryRows(
      sql`update guardian_links set removed_at = null where parent_id = ${grace} and student_id = ${liam}`,
    );
  });

  it("a mark of a day long past, or in the future, is record-keeping: nobody is told", async () => {
    const before = await queryRows(sql`select id from jobs`);
    expect(
      await setAttendance({ levelCode: BIO, studentId: liam, date: addDays(today, -8), status: "absent" }),
    ).toMatchObject({ ok: true });
    expect(
      await setAttendance({ levelCode: BIO, studentId: liam, date: addDays(today, 2), status: "absent" }),
    ).toMatchObject({ ok: true });
    expect(await queryRows(sql`select id from jobs`)).toEqual(before);
    expect(
      await setAttendance({ levelCode: BIO, studentId: liam, date: addDays(today, -7), status: "absent" }),
    ).toMatchObject({ ok: true });
    expect(await queryRows(sql`select id from jobs`)).toHaveLength(before.length + 1);
    await setAttendance({ levelCode: BIO, studentId: liam, date: addDays(today, -7), status: "present" });
    await settle();
  });

  it("shows in the bell's count and is marked read by its owner only", async () => {
    await signInAs("parent-johnson");
    expect((await getSessionUser())!.unread).toBe(1);
    expect((await listNotifications(grace)).map((n) => n.read)).toEqual([false]);
    await signInAs("parent-kim");
    expect(
      await markNotificationsReadAction({ ok: true }, form({ id: String((await listNotifications(grace))[0]!.id) })),
    ).toEqual({ ok: true, message: "0 notifications marked read" });
    await signInAs("parent-johnson");
    expect((await getSessionUser())!.unread).toBe(1);
    expect(await markNotificationsReadAction({ ok: true }, form({ id: "all" }))).toEqual({
      ok: true,
      message: "1 notification marked read",
    });
    expect((await getSessionUser())!.unread).toBe(0);
  });
});
