import { sql } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { newCalendarFeedAction } from "@/app/calendar/actions";
import { GET as feedRoute } from "@/app/calendar/feed/[token]/route";
import { POST as unsubscribeRoute } from "@/app/api/unsubscribe/[token]/route";
import { createAnnouncement } from "@/app/level/[levelCode]/update/announcement-actions";
import { createAssignment } from "@/app/level/[levelCode]/update/assignment-actions";
import { saveGrade } from "@/app/level/[levelCode]/update/grade-actions";
import { setAttendance } from "@/app/level/[levelCode]/update/attendance-actions";
import { setGradeMark } from "@/app/level/[levelCode]/update/grade-actions";
import { previewGuardianMessage, sendGuardianMessage } from "@/app/level/[levelCode]/update/message-actions";
import { savePreferencesAction } from "@/app/notifications/actions";
import { idle } from "@/lib/action-result";
import { db, queryRows } from "@/lib/db/client";
import { DEMO_STUDENTS } from "@/lib/db/demo-school";
import { addDays, dateInTimeZone } from "@/lib/domain/dates";
import { resetEnvCache } from "@/lib/env";
import { enqueue } from "@/lib/jobs/queue";
import { DIGEST_RUN } from "@/lib/notify/digest";
import { loadPreferences } from "@/lib/notify/preferences";
import { seedDemo, userIdByCode } from "./support/fixtures";
import { form } from "./support/form";
import { signInAs } from "./support/session";
import { ORIGIN, settle, useTestSmtp } from "./support/mail";
import { useTestDatabase } from "./support/test-db";

// Issue 27, item 5: what families are told is true. Each case went wrong on main: paper-graded
// students' parents told work was missing, no way to leave a student out, replies to no one, a
// late grade judged by its raw percent, an M mark that told nobody, work entered after its due
// date that told nobody, an unsubscribe that emptied the bell, a digest link that turned off what
// the digest did not contain, a switch to "immediately" that dropped what was waiting, and
// calendar events ending when they start. Real SMTP on loopback (tests/support/smtp.ts).

useTestDatabase();
const smtp = useTestSmtp({}, ["MESSAGE_REPLY_TO"]);
const GRACE = "grace.johnson@example.com";
const today = dateInTimeZone(new Date(), "UTC");
const [ava, liam, , , fifth] = DEMO_STUDENTS as unknown as { code: string; name: string }[];
const ids: Record<string, number> = {};

const noticesOf = (userId: number, kind: string) =>
  queryRows<{ title: string; detail: string | null; student_id: number }>(
    sql`select title, detail, student_id from notifications where user_id = ${userId} and kind = ${kind} order by id`,
  );
async function newAssignment(levelCode: string, title: string, due: Date): Promise<number> {
  await signInAs("teach-chen");
  expect(
    await createAssignment(
      idle,
      form({ levelCode, title, description: "Details in class.", maxScore: 10, dueDate: due.toISOString() }),
    ),
  ).toMatchObject({ ok: true });
  const [row] = await queryRows<{ id: number }>(sql`select id from assignments where title = ${title}`);
  return row!.id;
}
async function choose(code: string, prefs: Record<string, string | number>): Promise<void> {
  await signInAs(code);
  const defaults = {
    attendance: "immediately",
    work: "daily",
    grade: "daily",
    announcement: "daily",
    report_card: "immediately",
    comment: "immediately",
    message: "immediately",
    threshold: 70,
  };
  expect(await savePreferencesAction(idle, form({ ...defaults, ...prefs }))).toMatchObject({ ok: true });
}
const tokenOf = (header: string) => header.slice(header.lastIndexOf("/") + 1, -1);
const oneClick = (token: string) =>
  unsubscribeRoute(
    new Request(`${ORIGIN}/api/unsubscribe/${token}`, {
      method: "POST",
      body: "List-Unsubscribe=One-Click",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    }),
    { params: Promise.resolve({ token }) },
  );

beforeAll(async () => {
  await seedDemo();
  for (const [k, code] of Object.entries({
    ava: ava!.code,
    liam: liam!.code,
    fifth: fifth!.code,
    grace: "parent-johnson",
    rosa: "parent-garcia",
    chen: "teach-chen",
  }))
    ids[k] = await userIdByCode(code);
});
beforeEach(async () => {
  smtp.messages.length = 0;
  await queryRows(sql`delete from notification_preferences`);
  // Nothing earlier waits for a digest or a job: each case reads only what it caused.
  await settle();
  await queryRows(sql`update notifications set digested_at = now() where digest is not null and digested_at is null`);
});

describe("teacher messages", () => {
  it("'not handed in' leaves out work graded on paper and excused work; unticked students' families get nothing; replies go to the teacher", async () => {
    process.env.MESSAGE_REPLY_TO = "teacher";
    resetEnvCache();
    const lab = await newAssignment("BIO-P2", "Osmosis lab", new Date(Date.now() + 86_400_000));
    await signInAs("teach-chen");
    // Ava handed hers in on paper (graded, nothing uploaded); the fifth student is excused.
    expect(await saveGrade({ levelCode: "BIO-P2", assignmentId: lab, studentId: ids.ava!, score: "9" })).toMatchObject({
      ok: true,
    });
    expect(
      await setGradeMark({ levelCode: "BIO-P2", assignmentId: lab, studentId: ids.fifth!, mark: "excused" }),
    ).toMatchObject({ ok: true });
    const target = { kind: "not_submitted", assignmentId: lab };
    const preview = await previewGuardianMessage({ levelCode: "BIO-P2", target });
    expect(preview.ok).toBe(true);
    const picked = preview.ok ? preview.data!.picked.map((s) => s.id) : [];
    expect(picked).toContain(ids.liam);
    expect(picked).not.toContain(ids.ava);
    expect(picked).not.toContain(ids.fifth);

    // The teacher unticks everyone but Liam; an id the target does not pick is not added.
    const sent = await sendGuardianMessage({
      levelCode: "BIO-P2",
      target,
      text: "Please hand in the osmosis lab by Friday.",
      studentIds: [ids.liam!, ids.ava!],
    });
    expect(sent).toEqual({ ok: true, message: "Message sent to 1 guardian(s) of 1 student(s)" });
    const got = await queryRows<{ user_id: number; student_id: number }>(
      sql`select user_id, student_id from notifications where kind = 'message'`,
    );
    expect(got).toEqual([{ user_id: ids.grace, student_id: ids.liam }]);
    await settle();
    const [mail] = smtp.to(GRACE);
    expect(mail!.mail.text).toContain("Please hand in the osmosis lab by Friday.");
    expect(mail!.mail.replyTo?.text).toBe("david.chen@demo.school");
    expect(await sendGuardianMessage({ levelCode: "BIO-P2", target, text: "Hello", studentIds: [] })).toMatchObject({
      ok: false,
      message: "Tick at least one student",
    });

    process.env.MESSAGE_REPLY_TO = "off";
    resetEnvCache();
    smtp.messages.length = 0;
    await sendGuardianMessage({ levelCode: "BIO-P2", target, text: "A second note.", studentIds: [ids.liam!] });
    await settle();
    expect(smtp.to(GRACE)[0]!.mail.replyTo).toBeUndefined();
  });
});

describe("notices", () => {
  it("a low-grade notice uses the late-adjusted percent that counts", async () => {
    await queryRows(sql`update levels set late_per_day_percent = 10, late_floor_percent = 50 where code = 'BIO-P2'`);
    await choose("parent-johnson", { grade: "immediately", threshold: 85 });
    const quiz = await newAssignment("BIO-P2", "Cell quiz", new Date(Date.now() + 86_400_000));
    await signInAs("teach-chen");
    await setGradeMark({ levelCode: "BIO-P2", assignmentId: quiz, studentId: ids.liam!, mark: "late" });
    await saveGrade({ levelCode: "BIO-P2", assignmentId: quiz, studentId: ids.liam!, score: "9" }); // 90 %, late: 81 % counts
    await settle();
    const mails = smtp.to(GRACE);
    expect(mails.map((m) => m.mail.subject)).toEqual(["New grade in Biology: Cell quiz · Classroom Portal"]);
    expect(mails[0]!.mail.text).toContain(`${liam!.name}: 9 / 10 on “Cell quiz”, late: 90 % kept, 81 %.`);
    await queryRows(
      sql`update levels set late_per_day_percent = null, late_floor_percent = null where code = 'BIO-P2'`,
    );
  });

  it("a teacher's M mark tells the family the work is missing, once it has settled", async () => {
    const report = await newAssignment("BIO-P2", "Field report", new Date(Date.now() + 3 * 86_400_000));
    await signInAs("teach-chen");
    expect(
      await setGradeMark({ levelCode: "BIO-P2", assignmentId: report, studentId: ids.fifth!, mark: "missing" }),
    ).toMatchObject({ ok: true });
    await settle();
    expect(await noticesOf(ids.rosa!, "work")).toEqual([
      {
        title: "Missing work in Biology: Field report",
        detail: expect.stringContaining(`has not handed in “Field report”, due `) as unknown,
        student_id: ids.fifth,
      },
    ]);
    // A mark taken back before it settled tells nobody.
    await setGradeMark({ levelCode: "BIO-P2", assignmentId: report, studentId: ids.liam!, mark: "missing" });
    await setGradeMark({ levelCode: "BIO-P2", assignmentId: report, studentId: ids.liam!, mark: "none" });
    await settle();
    expect((await noticesOf(ids.grace!, "work")).filter((n) => n.title.includes("Field report"))).toEqual([]);
  });

  it("work entered after its due date is checked a day later instead of never", async () => {
    const old = await newAssignment("BIO-P2", "Last week's worksheet", new Date(Date.now() - 5 * 86_400_000));
    const [job] = await queryRows<{ due_in_hours: number }>(
      sql`select round(extract(epoch from run_at - now()) / 3600)::int as due_in_hours from jobs where dedupe_key = ${`missing:${old}`}`,
    );
    expect(job).toEqual({ due_in_hours: 24 });
    await settle();
    const about = (await noticesOf(ids.grace!, "work")).filter((n) => n.title.includes("Last week's worksheet"));
    expect(about.map((n) => n.student_id).sort()).toEqual([ids.ava, ids.liam].sort());
  });
});

describe("unsubscribing and digests", () => {
  it("one-click unsubscribe stops the e-mail; the notice still reaches the bell", async () => {
    await signInAs("teach-chen");
    await queryRows(sql`delete from attendance where student_id = ${ids.liam} and level_code = 'BIO-P2'`);
    expect(
      await setAttendance({ levelCode: "BIO-P2", studentId: ids.liam!, date: addDays(today, -1), status: "absent" }),
    ).toMatchObject({ ok: true });
    await settle();
    const [mail] = smtp.to(GRACE);
    expect((await oneClick(tokenOf(mail!.header("List-Unsubscribe")!))).status).toBe(200);
    expect((await loadPreferences(ids.grace!)).attendance.delivery).toBe("portal");
    smtp.messages.length = 0;
    await setAttendance({ levelCode: "BIO-P2", studentId: ids.liam!, date: addDays(today, -2), status: "absent" });
    await settle();
    expect(smtp.to(GRACE)).toHaveLength(0);
    expect((await noticesOf(ids.grace!, "attendance")).length).toBe(2);
  });

  it("a digest's unsubscribe link turns off only what that digest contained", async () => {
    await signInAs("teach-chen");
    await createAnnouncement(idle, form({ levelCode: "BIO-P2", title: "Lab coats", content: "Bring one on Monday." }));
    await settle();
    const day = addDays(today, 30);
    await enqueue(db(), { kind: DIGEST_RUN, dedupeKey: `digest:daily:${day}`, payload: { period: "daily", day } });
    await settle();
    const [digest] = smtp.to(GRACE);
    expect(digest!.mail.text).toContain("Lab coats");
    expect((await oneClick(tokenOf(digest!.header("List-Unsubscribe")!))).status).toBe(200);
    const prefs = await loadPreferences(ids.grace!);
    expect(prefs.announcement.delivery).toBe("portal");
    expect(prefs.grade.delivery).toBe("daily"); // no grade was in it
  });

  it("switching from the digest to 'immediately' sends what was waiting", async () => {
    await signInAs("teach-chen");
    await createAnnouncement(idle, form({ levelCode: "BIO-P2", title: "Quiz moved", content: "Now on Thursday." }));
    await settle();
    expect(smtp.to(GRACE)).toHaveLength(0); // waiting for the daily digest
    await choose("parent-johnson", { announcement: "immediately" });
    await settle();
    // One per child in the class (Ava and Liam), as "immediately" sends them.
    expect(smtp.to(GRACE).map((m) => m.mail.subject)).toEqual([
      "New announcement in Biology: Quiz moved · Classroom Portal",
      "New announcement in Biology: Quiz moved · Classroom Portal",
    ]);
  });
});

describe("calendar feeds", () => {
  it("due dates are moments: no DTEND equal to DTSTART (RFC 5545 §3.8.2.2)", async () => {
    await signInAs(ava!.code);
    const res = await newCalendarFeedAction();
    if (!res.ok) throw new Error(res.message);
    const token = new URL(res.data!.url).pathname.split("/").pop()!;
    const text = await (
      await feedRoute(new Request(`http://localhost/calendar/feed/${token}`), { params: Promise.resolve({ token }) })
    ).text();
    const events = text.split("BEGIN:VEVENT").slice(1);
    expect(events.length).toBeGreaterThan(0);
    for (const e of events) {
      const start = /^DTSTART[^:]*:(.+)$/m.exec(e)?.[1];
      const end = /^DTEND[^:]*:(.+)$/m.exec(e)?.[1];
      expect(start).toBeDefined();
      expect(end === undefined || end > start!, e).toBe(true);
    }
  });
});
