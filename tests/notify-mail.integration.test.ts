import { sql } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { sendTestMailAction } from "@/app/admin/mail-actions";
import { setTermPublishedAction } from "@/app/admin/term-actions";
import { POST as unsubscribeRoute } from "@/app/api/unsubscribe/[token]/route";
import { createAnnouncement } from "@/app/level/[levelCode]/update/announcement-actions";
import { createAssignment } from "@/app/level/[levelCode]/update/assignment-actions";
import { saveGrade } from "@/app/level/[levelCode]/update/grade-actions";
import { previewGuardianMessage, sendGuardianMessage } from "@/app/level/[levelCode]/update/message-actions";
import { setAttendance } from "@/app/level/[levelCode]/update/attendance-actions";
import { savePreferencesAction } from "@/app/notifications/actions";
import { unsubscribeAction } from "@/app/unsubscribe/actions";
import { idle } from "@/lib/action-result";
import { db, queryRows } from "@/lib/db/client";
import { DEMO_STUDENTS } from "@/lib/db/demo-school";
import { addDays, dateInTimeZone } from "@/lib/domain/dates";
import { formatDay } from "@/lib/domain/format";
import { resetEnvCache } from "@/lib/env";
import { enqueue, runDueJobs } from "@/lib/jobs/queue";
import { HANDLERS } from "@/lib/jobs/worker";
import { msg } from "@/lib/i18n/message";
import { render } from "@/lib/i18n/render";
import { mailSettings } from "@/lib/mail/transport";
import { unsubscribeToken } from "@/lib/mail/unsubscribe";
import { DIGEST_RUN } from "@/lib/notify/digest";
import { loadPreferences } from "@/lib/notify/preferences";
import { seedDemo, userIdByCode } from "./support/fixtures";
import { form } from "./support/form";
import { signInAs } from "./support/session";
import { ORIGIN, settle, useTestSmtp } from "./support/mail";
import { useTestDatabase } from "./support/test-db";

// Issue 20's e-mail, end to end below the browser: events go through the queue to a real SMTP
// server on loopback; the tests read what arrives as a mail client would (both parts, headers),
// use the one-click unsubscribe as a mail provider would (a POST, no cookie), and check that each
// person's choices (immediately, digest, off, threshold) decide what they get, and that nothing
// reaches anyone but the student and the guardians linked to them.

useTestDatabase();
const smtp = useTestSmtp({ SCHOOL_NAME: "Demo High School" });
const today = dateInTimeZone(new Date(), "UTC");
const [ava, liam, maya] = [DEMO_STUDENTS[0]!, DEMO_STUDENTS[1]!, DEMO_STUDENTS[2]!];
const ids: Record<string, number> = {};

beforeAll(async () => {
  await seedDemo();
  for (const [k, code] of Object.entries({
    ava: ava.code,
    liam: liam.code,
    maya: maya.code,
    grace: "parent-johnson",
    ken: "parent-kim",
    admin: "admin-demo",
    chen: "teach-chen",
  }))
    ids[k] = await userIdByCode(code);
  // Grace Johnson (Ava's and Liam's mother) is also Maya's guardian here: three children.
  await queryRows(
    sql`insert into guardian_links (parent_id, student_id, relationship, source) values (${ids.grace}, ${ids.maya}, 'guardian', 'admin')`,
  );
});
beforeEach(async () => {
  smtp.messages.length = 0;
  await queryRows(sql`delete from notification_preferences`);
  await signInAs("admin-demo");
});

describe("immediate e-mail and one-click unsubscribe", () => {
  it("an absence reaches the linked parent by e-mail with both parts, the school, the link and RFC 8058 headers; unsubscribing stops that event for her only", async () => {
    expect(
      await setAttendance({ levelCode: "BIO-P2", studentId: ids.liam!, date: addDays(today, -1), status: "absent" }),
    ).toMatchObject({ ok: true });
    expect(smtp.to("grace.johnson@example.com")).toHaveLength(0); // still settling
    await settle();

    const [mail] = smtp.to("grace.johnson@example.com");
    expect(mail).toBeDefined();
    expect(mail!.mail.subject).toBe(
      `${liam.name} was marked absent in Biology on ${formatDay(addDays(today, -1))} · Demo High School`,
    );
    expect(mail!.mail.from?.text).toContain("portal@demo.school");
    expect(mail!.mail.text).toContain("Demo High School");
    expect(mail!.mail.text).toContain(`${ORIGIN}/children/${ids.liam}`);
    expect(mail!.mail.html).toContain(`href="${ORIGIN}/children/${ids.liam}"`);
    const listUnsubscribe = mail!.header("List-Unsubscribe")!;
    expect(listUnsubscribe).toMatch(new RegExp(`^<${ORIGIN}/api/unsubscribe/[^>]+>$`));
    expect(mail!.header("List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");
    // The student gets their own, linking to the class's attendance; the admin who marked it gets nothing.
    expect(smtp.to(liam.email)[0]!.mail.text).toContain(`${ORIGIN}/level/BIO-P2?tab=attendance`);
    expect(smtp.to("alex.morgan@demo.school")).toHaveLength(0);

    // A mail provider's one-click POST: no cookie, the RFC's body.
    const token = listUnsubscribe.slice(listUnsubscribe.lastIndexOf("/") + 1, -1);
    const res = await unsubscribeRoute(
      new Request(`${ORIGIN}/api/unsubscribe/${token}`, {
        method: "POST",
        body: "List-Unsubscribe=One-Click",
        headers: { "content-type": "application/x-www-form-urlencoded" },
      }),
      { params: Promise.resolve({ token }) },
    );
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("Absences and tardies");
    // The e-mail stops; the bell keeps telling her (issue 27).
    expect(
      await queryRows(
        sql`select user_id, event, delivery from notification_preferences where delivery in ('off', 'portal')`,
      ),
    ).toEqual([{ user_id: ids.grace, event: "attendance", delivery: "portal" }]);
    expect((await loadPreferences(ids.grace!)).announcement.delivery).toBe("daily"); // her other choices stay

    smtp.messages.length = 0;
    await setAttendance({ levelCode: "BIO-P2", studentId: ids.liam!, date: addDays(today, -2), status: "late" });
    await settle();
    expect(smtp.to("grace.johnson@example.com")).toHaveLength(0);
    expect(smtp.to(liam.email)).toHaveLength(1); // Liam did not unsubscribe
  });

  it("a forged or altered unsubscribe link changes nothing", async () => {
    const forged = `${ids.ken}.attendance.${"A".repeat(32)}`;
    const res = await unsubscribeRoute(new Request(`${ORIGIN}/api/unsubscribe/${forged}`, { method: "POST" }), {
      params: Promise.resolve({ token: forged }),
    });
    expect(res.status).toBe(404);
    expect(await unsubscribeAction("1.attendance.x")).toMatchObject({ ok: false });
    expect(await queryRows(sql`select 1 from notification_preferences`)).toEqual([]);
  });
});

const GRACE = "grace.johnson@example.com";
const allOff = {
  attendance: "off",
  work: "off",
  grade: "off",
  announcement: "off",
  report_card: "off",
  comment: "off",
  message: "off",
  threshold: 70,
};
async function choose(code: string, prefs: Record<string, string | number>): Promise<void> {
  await signInAs(code);
  expect(await savePreferencesAction(idle, form(prefs))).toMatchObject({ ok: true });
  await signInAs("admin-demo");
}
async function newAssignment(levelCode: string, title: string, due: Date): Promise<number> {
  expect(
    await createAssignment(
      idle,
      form({ levelCode, title, description: "Details in class.", maxScore: 10, dueDate: due.toISOString() }),
    ),
  ).toMatchObject({ ok: true });
  const [row] = await queryRows<{ id: number }>(sql`select id from assignments where title = ${title}`);
  return row!.id;
}
const noticesOf = (userId: number) =>
  queryRows<{ kind: string; title: string; detail: string | null; digest: string | null }>(
    sql`select kind, title, detail, digest from notifications where user_id = ${userId} order by id`,
  );

describe("digests", () => {
  it("a daily digest is one e-mail for a parent of three, grouping every child and class, with the feedback line and what is coming up, and no grade in the subject", async () => {
    await choose("parent-johnson", {
      attendance: "daily",
      work: "daily",
      grade: "daily",
      announcement: "off",
      report_card: "immediately",
      comment: "immediately",
      message: "immediately",
      threshold: 70,
    });
    const day = addDays(today, -3);
    await setAttendance({ levelCode: "GEO-P3", studentId: ids.ava!, date: day, status: "absent" });
    await setAttendance({ levelCode: "HIST-P4", studentId: ids.liam!, date: day, status: "late" });
    await setAttendance({ levelCode: "ALG1-P1", studentId: ids.maya!, date: day, status: "absent" });
    const quiz = await newAssignment("ALG1-P1", "Fractions quiz", new Date(Date.now() + 5 * 86_400_000));
    expect(
      await saveGrade({
        levelCode: "ALG1-P1",
        assignmentId: quiz,
        studentId: ids.maya!,
        score: "3.5",
        feedback: "Show your working on each step.\nSee me on Friday.",
      }),
    ).toMatchObject({ ok: true });
    await newAssignment("GEO-P3", "Angles worksheet", new Date(Date.now() + 30 * 3_600_000)); // due tomorrow: coming up
    await settle();
    expect(smtp.to(GRACE)).toHaveLength(0); // she reads these in the digest

    await enqueue(db(), {
      kind: DIGEST_RUN,
      dedupeKey: `digest:daily:${today}`,
      payload: { period: "daily", day: today },
    });
    await settle();
    const mails = smtp.to(GRACE);
    expect(mails).toHaveLength(1);
    const { mail } = mails[0]!;
    for (const name of [ava.name, liam.name, maya.name]) expect(mail.text).toContain(`== ${name} ==`);
    for (const cls of ["Geometry", "World History", "Algebra I"]) expect(mail.text).toContain(cls);
    expect(mail.text).toContain(`${maya.name}: 3.5 / 10 (35 %) on “Fractions quiz”.`);
    expect(mail.text).toContain("Teacher's feedback: Show your working on each step.");
    expect(mail.text).not.toContain("See me on Friday"); // the feedback's first line only
    expect(mail.text).toMatch(/Coming up\n- Angles worksheet \(Geometry\), due /);
    expect(mail.html).toContain(`<h2 style="font-size:16px;margin:20px 0 4px">${ava.name}</h2>`);
    expect(mail.subject).toBe(`Your daily summary for ${formatDay(today)} · Demo High School`);
    expect(mail.subject).not.toMatch(/%|\d+(\.\d+)? ?\/ ?\d+/);
    expect(mails[0]!.header("List-Unsubscribe")).toContain("/api/unsubscribe/");

    // The same run again (a retry, a second process) sends nothing more; the items were digested.
    await enqueue(db(), {
      kind: DIGEST_RUN,
      dedupeKey: `digest:daily:${today}:again`,
      payload: { period: "daily", day: today },
    });
    await settle();
    expect(smtp.to(GRACE)).toHaveLength(1);
    expect(
      await queryRows(
        sql`select 1 from notifications where user_id = ${ids.grace} and digest = 'daily' and digested_at is null`,
      ),
    ).toEqual([]);
  });
});

describe("choices", () => {
  it("a recipient with everything off gets nothing, in the portal or by e-mail, while the student still does", async () => {
    await choose("parent-johnson", allOff);
    const before = (await noticesOf(ids.grace!)).length;
    await setAttendance({ levelCode: "BIO-P2", studentId: ids.liam!, date: addDays(today, -4), status: "absent" });
    await createAnnouncement(idle, form({ levelCode: "BIO-P2", title: "Lab safety", content: "Goggles on Monday." }));
    await settle();
    expect((await noticesOf(ids.grace!)).length).toBe(before);
    expect(smtp.to(GRACE)).toHaveLength(0);
    expect(smtp.to(liam.email).map((m) => m.mail.subject)).toContain(
      `${liam.name} was marked absent in Biology on ${formatDay(addDays(today, -4))} · Demo High School`,
    );
  });

  it("a grade is news only below each recipient's own threshold", async () => {
    await choose("parent-johnson", {
      attendance: "immediately",
      work: "daily",
      grade: "immediately",
      announcement: "daily",
      report_card: "immediately",
      comment: "immediately",
      message: "immediately",
      threshold: 40,
    });
    const lab = await newAssignment("BIO-P2", "Cell diagram", new Date(Date.now() + 3 * 86_400_000));
    await saveGrade({ levelCode: "BIO-P2", assignmentId: lab, studentId: ids.liam!, score: "5" }); // 50 %
    await settle();
    expect(smtp.to(GRACE)).toHaveLength(0); // 50 % is not below her 40 %
    expect((await noticesOf(ids.liam!)).filter((n) => n.kind === "grade").map((n) => n.title)).toEqual([
      "New grade in Biology: Cell diagram",
    ]); // below Liam's default 70 %
    await saveGrade({ levelCode: "BIO-P2", assignmentId: lab, studentId: ids.ava!, score: "3.95" }); // 39.5 % rounds to 40 %: not below
    await settle();
    expect(smtp.to(GRACE)).toHaveLength(0);
    await saveGrade({ levelCode: "BIO-P2", assignmentId: lab, studentId: ids.ava!, score: "3.94" }); // 39 %, a correction within the delay: one notice
    await settle();
    expect(smtp.to(GRACE).map((m) => m.mail.subject)).toEqual([
      "New grade in Biology: Cell diagram · Demo High School",
    ]);
    expect(smtp.to(GRACE)[0]!.mail.text).toContain(`${ava.name}: 3.94 / 10 (39 %)`);
  });
});

describe("events", () => {
  it("missing work: at the due time, students who handed nothing in (and their guardians) hear of it once; a graded student does not", async () => {
    const due = new Date(Date.now() - 60_000);
    const essay = await newAssignment("HIST-P4", "Source analysis", due);
    await saveGrade({ levelCode: "HIST-P4", assignmentId: essay, studentId: ids.maya!, score: "8" }); // handed in on paper
    await settle();
    await settle();
    const about = await queryRows<{ user_id: number; student_id: number }>(
      sql`select user_id, student_id from notifications where kind = 'work' and title = 'Missing work in World History: Source analysis'`,
    );
    const enrolled = await queryRows<{ student_id: number }>(
      sql`select student_id from student_enrollment where level_code = 'HIST-P4'`,
    );
    expect(new Set(about.map((r) => r.student_id))).toEqual(
      new Set(enrolled.map((e) => e.student_id).filter((id) => id !== ids.maya)),
    );
    expect(about.filter((r) => r.user_id === ids.grace).map((r) => r.student_id)).toEqual([ids.liam]);
    expect(about.filter((r) => r.user_id === ids.ken)).toEqual([]); // Ken's child is not in World History
  });

  it("a new announcement reaches the class's students and their guardians, not the poster", async () => {
    await signInAs("teach-chen");
    expect(
      await createAnnouncement(
        idle,
        form({ levelCode: "HIST-P4", title: "Museum trip", content: "Bring a **packed lunch** on Thursday." }),
      ),
    ).toMatchObject({ ok: true });
    await settle();
    const rows = await queryRows<{ user_id: number; student_id: number; detail: string }>(
      sql`select user_id, student_id, detail from notifications where title = 'New announcement in World History: Museum trip'`,
    );
    expect(
      rows
        .filter((r) => r.user_id === ids.grace)
        .map((r) => r.student_id)
        .sort(),
    ).toEqual([ids.liam, ids.maya].sort());
    expect(rows.some((r) => r.user_id === ids.chen)).toBe(false);
    expect(rows[0]!.detail).toContain("Bring a **packed lunch** on Thursday.");
  });

  it("a published term tells every enrolled student and their guardians that the report card is ready", async () => {
    await queryRows(
      sql`insert into school_terms (title, type, start_date, end_date) values ('Autumn', 'term', ${addDays(today, -90)}, ${addDays(today, -1)})`,
    );
    const [{ id } = { id: 0 }] = await queryRows<{ id: number }>(
      sql`select id from school_terms where title = 'Autumn'`,
    );
    expect(await setTermPublishedAction(idle, form({ termId: id, publish: "on" }))).toMatchObject({ ok: true });
    await settle();
    const titles = (await noticesOf(ids.grace!))
      .filter((n) => n.kind === "report_card")
      .map((n) => n.title)
      .sort();
    expect(titles).toEqual([
      `${ava.name}'s Autumn report card is ready`,
      `${liam.name}'s Autumn report card is ready`,
      `${maya.name}'s Autumn report card is ready`,
    ]);
    expect((await noticesOf(ids.liam!)).filter((n) => n.kind === "report_card").map((n) => n.title)).toEqual([
      "Your Autumn report card is ready",
    ]);
    expect(smtp.to(GRACE).filter((m) => m.mail.subject?.includes("report card is ready"))).toHaveLength(3);
    await setTermPublishedAction(idle, form({ termId: id, publish: "off" }));
  });
});

describe("teacher messages", () => {
  it("previews and sends to the guardians of students who have not handed in, only for the class's own teacher, audited", async () => {
    const [a] = await queryRows<{ id: number }>(
      sql`select id from assignments where level_code = 'BIO-P2' order by id limit 1`,
    );
    await queryRows(
      sql`delete from assignment_submissions where assignment_id = ${a!.id} and student_id = ${ids.liam}`,
    ); // Liam has not handed it in
    await queryRows(sql`delete from grades where assignment_id = ${a!.id} and student_id = ${ids.liam}`); // nor on paper
    // Handed in: submitted, graded (on paper) or excused (issue 27).
    const subs = await queryRows<{ student_id: number }>(
      sql`select student_id from assignment_submissions where assignment_id = ${a!.id}
          union select student_id from grades where assignment_id = ${a!.id}
          union select student_id from grade_marks where assignment_id = ${a!.id} and excused`,
    );
    const enrolled = await queryRows<{ student_id: number }>(
      sql`select student_id from student_enrollment where level_code = 'BIO-P2'`,
    );
    const missing = enrolled.filter((e) => !subs.some((s) => s.student_id === e.student_id));

    await signInAs("teach-rivera"); // not Biology's teacher
    expect(
      await previewGuardianMessage({ levelCode: "BIO-P2", target: { kind: "not_submitted", assignmentId: a!.id } }),
    ).toMatchObject({ ok: false });
    await signInAs("teach-chen");
    const preview = await previewGuardianMessage({
      levelCode: "BIO-P2",
      target: { kind: "not_submitted", assignmentId: a!.id },
    });
    expect(preview).toMatchObject({ ok: true, data: { students: missing.length } });
    expect(
      await sendGuardianMessage({ levelCode: "BIO-P2", target: { kind: "below", percent: 101 }, text: "Hi" }),
    ).toMatchObject({ ok: false });
    expect(
      await sendGuardianMessage({
        levelCode: "BIO-P2",
        target: { kind: "not_submitted", assignmentId: a!.id },
        text: "x".repeat(1001),
      }),
    ).toMatchObject({ ok: false });
    const sent = await sendGuardianMessage({
      levelCode: "BIO-P2",
      target: { kind: "not_submitted", assignmentId: a!.id },
      text: "Please remind your child to hand in the lab report by Friday.",
    });
    expect(sent.message).toMatch(/^Message sent to \d+ guardian\(s\) of \d+ student\(s\)$/);
    const got = await queryRows<{ user_id: number; student_id: number }>(
      sql`select user_id, student_id from notifications where kind = 'message'`,
    );
    // Guardians only, of exactly the students who had not handed in.
    expect(got.every((r) => r.user_id !== r.student_id)).toBe(true);
    expect(new Set(got.map((r) => r.student_id)).size).toBeLessThanOrEqual(missing.length);
    expect(got.every((r) => missing.some((m) => m.student_id === r.student_id))).toBe(true);
    expect(
      await queryRows(sql`select detail->>'guardians' as guardians from audit_log where action = 'guardians.messaged'`),
    ).toEqual([{ guardians: String((preview as { data: { guardians: number } }).data.guardians) }]);
    expect(got).toContainEqual({ user_id: ids.grace, student_id: ids.liam });
    await settle();
    const [mail] = smtp.to(GRACE);
    expect(mail!.mail.subject).toBe(`Message from David Chen about ${liam.name} (Biology) · Demo High School`);
    expect(mail!.mail.text).toContain("Please remind your child to hand in the lab report by Friday.");
  });
});

describe("what changes after a notice was written", () => {
  const link = (on: boolean) =>
    queryRows(
      sql`update guardian_links set removed_at = ${on ? null : sql`now()`} where parent_id = ${ids.grace} and student_id = ${ids.maya}`,
    );
  // One digest e-mail per person, period and day (its key): these runs are of days the digest test above did not use.
  const runDaily = async (day: string) => {
    await enqueue(db(), { kind: DIGEST_RUN, dedupeKey: `digest:daily:${day}`, payload: { period: "daily", day } });
    await settle();
  };

  it("a guardian unlinked before the digest is not told about that child in it", async () => {
    await link(true);
    await choose("parent-johnson", {
      attendance: "daily",
      work: "off",
      grade: "off",
      announcement: "off",
      report_card: "off",
      comment: "off",
      message: "off",
      threshold: 70,
    });
    // Notices are for recent days only (today − 7 … tomorrow); days the tests above did not use.
    await setAttendance({ levelCode: "GEO-P3", studentId: ids.ava!, date: today, status: "absent" });
    await setAttendance({ levelCode: "ALG1-P1", studentId: ids.maya!, date: today, status: "absent" });
    await settle();
    await link(false);
    await runDaily(addDays(today, 1));
    const [mail] = smtp.to(GRACE);
    expect(mail!.mail.text).toContain(`== ${ava.name} ==`);
    expect(mail!.mail.text).not.toContain(maya.name);
    await link(true);
  });

  it("an immediate e-mail still waiting when the guardian is unlinked is not sent", async () => {
    (globalThis as { __allowConsoleError?: boolean }).__allowConsoleError = true; // the refused attempt is logged
    smtp.refuse(true);
    await setAttendance({ levelCode: "ALG1-P1", studentId: ids.maya!, date: addDays(today, 1), status: "absent" });
    await queryRows(sql`update jobs set run_at = now() where state = 'queued'`);
    await runDueJobs(HANDLERS, 1000); // the notice, then its e-mails' first attempts (refused)
    await runDueJobs(HANDLERS, 1000);
    expect(
      await queryRows(
        sql`select payload->>'to' as to from jobs where kind = 'mail.send' and state = 'queued' order by id`,
      ),
    ).toEqual([{ to: GRACE }, { to: maya.email }]);
    await link(false);
    smtp.refuse(false);
    await settle();
    await settle();
    expect(smtp.to(GRACE)).toHaveLength(0);
    expect(smtp.to(maya.email)).toHaveLength(1); // Maya's own is still hers
    await link(true);
  });

  it("unsubscribing from the daily summary keeps what was waiting out of it; moving an event to weekly moves its items", async () => {
    await choose("parent-johnson", {
      attendance: "daily",
      work: "off",
      grade: "daily",
      announcement: "off",
      report_card: "off",
      comment: "off",
      message: "off",
      threshold: 70,
    });
    await setAttendance({ levelCode: "BIO-P2", studentId: ids.ava!, date: today, status: "absent" });
    await settle();
    expect(
      await queryRows(
        sql`select digest from notifications where user_id = ${ids.grace} and digested_at is null and digest is not null`,
      ),
    ).toEqual([{ digest: "daily" }]);
    // Weekly: the waiting absence waits for Friday's e-mail instead.
    await choose("parent-johnson", {
      attendance: "weekly",
      work: "off",
      grade: "daily",
      announcement: "off",
      report_card: "off",
      comment: "off",
      message: "off",
      threshold: 70,
    });
    expect(
      await queryRows(
        sql`select digest from notifications where user_id = ${ids.grace} and digested_at is null and digest is not null`,
      ),
    ).toEqual([{ digest: "weekly" }]);
    await choose("parent-johnson", {
      attendance: "daily",
      work: "off",
      grade: "daily",
      announcement: "off",
      report_card: "off",
      comment: "off",
      message: "off",
      threshold: 70,
    });
    // The summary's one-click link, posted twice (a mail provider retrying): off, and one audit entry.
    const token = unsubscribeToken(ids.grace!, "digest-daily");
    for (let i = 0; i < 2; i++) {
      const res = await unsubscribeRoute(
        new Request(`${ORIGIN}/api/unsubscribe/${token}`, { method: "POST", body: "List-Unsubscribe=One-Click" }),
        { params: Promise.resolve({ token }) },
      );
      expect(res.status).toBe(200);
    }
    expect(
      await queryRows(
        sql`select detail->'events' as events from audit_log where action = 'notifications.unsubscribed' and detail->>'scope' = 'digest-daily'`,
      ),
    ).toEqual([{ events: ["attendance", "grade"] }]);
    await runDaily(addDays(today, 2));
    expect(smtp.to(GRACE)).toHaveLength(0);
  });
});

describe("delivery", () => {
  it("an e-mail the server refuses is retried, then delivered once", async () => {
    smtp.refuse(true);
    (globalThis as { __allowConsoleError?: boolean }).__allowConsoleError = true; // the worker logs each failed attempt
    await setAttendance({ levelCode: "BIO-P2", studentId: ids.liam!, date: addDays(today, -5), status: "absent" });
    await queryRows(sql`update jobs set run_at = now() where state = 'queued'`);
    await runDueJobs(HANDLERS, 1000);
    expect(smtp.to(liam.email)).toHaveLength(0);
    expect(
      await queryRows(sql`select attempts, state from jobs where kind = 'mail.send' and state <> 'done'`),
    ).toContainEqual({ attempts: 1, state: "queued" });
    smtp.refuse(false);
    await settle();
    await settle();
    expect(smtp.to(liam.email)).toHaveLength(1);
  });

  it("an admin's test e-mail arrives; a bad address or a teacher is refused", async () => {
    expect(await sendTestMailAction(idle, form({ to: "it@demo.school" }))).toMatchObject({
      ok: true,
      message: "Test e-mail sent to it@demo.school",
    });
    expect(smtp.to("it@demo.school")[0]!.mail.subject).toBe("Test e-mail · Demo High School");
    expect(await sendTestMailAction(idle, form({ to: "not an address" }))).toMatchObject({ ok: false });
    await signInAs("teach-chen");
    expect(await sendTestMailAction(idle, form({ to: "x@demo.school" }))).toMatchObject({ ok: false });
    expect(smtp.to("x@demo.school")).toHaveLength(0);
  });

  it("nobody hears about a student but the student and the guardians linked to them", async () => {
    // Every notification written by every test above: its recipient is the student it is about, or a guardian linked now.
    const strays = await queryRows(sql`
      select n.user_id, n.student_id, n.kind from notifications n
      where n.student_id is not null and n.user_id <> n.student_id
        and not exists (select 1 from guardian_links g where g.parent_id = n.user_id and g.student_id = n.student_id and g.removed_at is null)`);
    expect(strays).toEqual([]);
    // An unlinked guardian is told nothing from then on.
    await queryRows(
      sql`update guardian_links set removed_at = now() where parent_id = ${ids.grace} and student_id = ${ids.maya}`,
    );
    await setAttendance({ levelCode: "ALG1-P1", studentId: ids.maya!, date: addDays(today, -6), status: "absent" });
    await settle();
    expect(smtp.to(GRACE)).toHaveLength(0);
    expect(smtp.to(maya.email)).toHaveLength(1);
  });

  it("an address on file that names several people gets no e-mail (the bell still has it)", async () => {
    await queryRows(sql`update users set email = 'ken.kim@example.com, someone@elsewhere.test' where id = ${ids.ken}`);
    const lucas = await userIdByCode(DEMO_STUDENTS[3]!.code); // Ken Kim's child
    await setAttendance({ levelCode: "ALG1-P1", studentId: lucas, date: addDays(today, -6), status: "absent" });
    await settle();
    expect(
      smtp.messages.filter((m) => m.envelopeTo.some((to) => to.includes("elsewhere") || to.includes("ken.kim"))),
    ).toEqual([]);
    expect((await noticesOf(ids.ken!)).some((n) => n.kind === "attendance")).toBe(true);
  });

  it("with SMTP set but PORTAL_URL unset, no e-mail is queued and /admin says why (issue 28 item 11)", async () => {
    delete process.env.PORTAL_URL;
    resetEnvCache();
    const mailJobs = async () =>
      (await queryRows<{ n: number }>(sql`select count(*)::int as n from jobs where kind = 'mail.send'`))[0]!.n;
    try {
      const before = { jobs: await mailJobs(), sent: smtp.messages.length };
      await setAttendance({ levelCode: "BIO-P2", studentId: ids.liam!, date: today, status: "absent" });
      await settle();
      expect((await noticesOf(ids.grace!)).some((n) => n.title.endsWith(formatDay(today)))).toBe(true);
      expect({ jobs: await mailJobs(), sent: smtp.messages.length }).toEqual(before);
      expect(mailSettings()).toMatchObject({ enabled: false, offReason: msg("admin.mailOff.noPortalUrl") });
      expect(render(msg("admin.mailOff.noPortalUrl"), "en")).toMatch(/PORTAL_URL is not set/);
    } finally {
      process.env.PORTAL_URL = ORIGIN;
      resetEnvCache();
    }
  });

  it("with e-mail off, notifications still reach the portal and no e-mail is queued", async () => {
    delete process.env.SMTP_URL;
    resetEnvCache();
    try {
      await setAttendance({ levelCode: "BIO-P2", studentId: ids.liam!, date: addDays(today, -7), status: "absent" });
      await settle();
      expect((await noticesOf(ids.grace!)).some((n) => n.title.endsWith(formatDay(addDays(today, -7))))).toBe(true);
      expect(await queryRows(sql`select 1 from jobs where kind = 'mail.send' and state = 'queued'`)).toEqual([]);
      expect(smtp.messages).toHaveLength(0);
    } finally {
      process.env.SMTP_URL = smtp.url;
      resetEnvCache();
    }
  });
});
