import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { sendTestMailAction } from "@/app/admin/mail-actions";
import { POST as unsubscribeRoute } from "@/app/api/unsubscribe/[token]/route";
import { createAnnouncement, createAssignment, saveGrade } from "@/app/level/[levelCode]/update/actions";
import { previewGuardianMessage, sendGuardianMessage } from "@/app/level/[levelCode]/update/message-actions";
import { setAttendance } from "@/app/level/[levelCode]/update/roster-actions";
import { savePreferencesAction } from "@/app/notifications/actions";
import { unsubscribeAction } from "@/app/unsubscribe/actions";
import { queryRows } from "@/lib/db/client";
import { DEMO_STUDENTS } from "@/lib/db/demo-school";
import { addDays, dateInTimeZone } from "@/lib/domain/dates";
import { formatDay } from "@/lib/domain/format";
import { resetEnvCache } from "@/lib/env";
import { enqueue, runDueJobs } from "@/lib/jobs/queue";
import { HANDLERS } from "@/lib/jobs/worker";
import { closeMail } from "@/lib/mail/transport";
import { loadPreferences } from "@/lib/notify/preferences";
import { seedDemo, userIdByCode } from "./support/fixtures";
import { form } from "./support/form";
import { signInAs } from "./support/session";
import { startTestSmtp, type TestSmtp } from "./support/smtp";
import { useTestDatabase } from "./support/test-db";

// Issue 20's e-mail, end to end below the browser: events go through the queue to a real SMTP
// server on loopback; the tests read what arrives as a mail client would (both parts, headers),
// use the one-click unsubscribe as a mail provider would (a POST, no cookie), and check that each
// person's choices (immediately, digest, off, threshold) decide what they get, and that nothing
// reaches anyone but the student and the guardians linked to them.

useTestDatabase();
let smtp: TestSmtp;
const ORIGIN = "https://portal.test";
const today = dateInTimeZone(new Date(), "UTC");
const [ava, liam, maya] = [DEMO_STUDENTS[0]!, DEMO_STUDENTS[1]!, DEMO_STUDENTS[2]!];
const ids: Record<string, number> = {};

/** Every waiting job is due now (the settling delays are over), and the worker runs until none is left. */
async function settle(): Promise<void> {
  for (let i = 0; i < 5; i++) {
    await queryRows(sql`update jobs set run_at = now() where state = 'queued'`);
    if ((await runDueJobs(HANDLERS, 1000)) === 0) break;
  }
}
const mailTo = (address: string) => smtp.messages.filter((m) => m.envelopeTo.includes(address));

beforeAll(async () => {
  smtp = await startTestSmtp();
  process.env.SMTP_URL = smtp.url;
  process.env.MAIL_FROM = "Demo School <portal@demo.school>";
  process.env.PORTAL_URL = ORIGIN;
  process.env.SCHOOL_NAME = "Demo High School";
  resetEnvCache();
  await seedDemo();
  for (const [k, code] of Object.entries({ ava: ava.code, liam: liam.code, maya: maya.code, grace: "parent-johnson", ken: "parent-kim", admin: "admin-demo", chen: "teach-chen" })) ids[k] = await userIdByCode(code);
  // Grace Johnson (Ava's and Liam's mother) is also Maya's guardian here: three children.
  await queryRows(sql`insert into guardian_links (parent_id, student_id, relationship, source) values (${ids.grace}, ${ids.maya}, 'guardian', 'admin')`);
});
afterAll(async () => {
  closeMail();
  await smtp.close();
  for (const k of ["SMTP_URL", "MAIL_FROM", "PORTAL_URL", "SCHOOL_NAME"]) delete process.env[k];
  resetEnvCache();
});
beforeEach(async () => {
  smtp.messages.length = 0;
  await queryRows(sql`delete from notification_preferences`);
  await signInAs("admin-demo");
});

describe("immediate e-mail and one-click unsubscribe", () => {
  it("an absence reaches the linked parent by e-mail with both parts, the school, the link and RFC 8058 headers; unsubscribing stops that event for her only", async () => {
    expect(await setAttendance({ levelCode: "BIO-P2", studentId: ids.liam!, date: addDays(today, -1), status: "absent" })).toMatchObject({ ok: true });
    expect(mailTo("grace.johnson@example.com")).toHaveLength(0); // still settling
    await settle();

    const [mail] = mailTo("grace.johnson@example.com");
    expect(mail).toBeDefined();
    expect(mail!.mail.subject).toBe(`${liam.name} was marked absent in Biology on ${formatDay(addDays(today, -1))} · Demo High School`);
    expect(mail!.mail.from?.text).toContain("portal@demo.school");
    expect(mail!.mail.text).toContain("Demo High School");
    expect(mail!.mail.text).toContain(`${ORIGIN}/children/${ids.liam}`);
    expect(mail!.mail.html).toContain(`href="${ORIGIN}/children/${ids.liam}"`);
    const listUnsubscribe = mail!.header("List-Unsubscribe")!;
    expect(listUnsubscribe).toMatch(new RegExp(`^<${ORIGIN}/api/unsubscribe/[^>]+>$`));
    expect(mail!.header("List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");
    // The student gets their own, linking to the class's attendance; the admin who marked it gets nothing.
    expect(mailTo(liam.email)[0]!.mail.text).toContain(`${ORIGIN}/level/BIO-P2?tab=attendance`);
    expect(mailTo("alex.morgan@demo.school")).toHaveLength(0);

    // A mail provider's one-click POST: no cookie, the RFC's body.
    const token = listUnsubscribe.slice(listUnsubscribe.lastIndexOf("/") + 1, -1);
    const res = await unsubscribeRoute(new Request(`${ORIGIN}/api/unsubscribe/${token}`, { method: "POST", body: "List-Unsubscribe=One-Click", headers: { "content-type": "application/x-www-form-urlencoded" } }), { params: Promise.resolve({ token }) });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("Absences and tardies");
    expect(await queryRows(sql`select user_id, event, delivery from notification_preferences where delivery = 'off'`)).toEqual([{ user_id: ids.grace, event: "attendance", delivery: "off" }]);
    expect((await loadPreferences(ids.grace!)).announcement.delivery).toBe("daily"); // her other choices stay

    smtp.messages.length = 0;
    await setAttendance({ levelCode: "BIO-P2", studentId: ids.liam!, date: addDays(today, -2), status: "late" });
    await settle();
    expect(mailTo("grace.johnson@example.com")).toHaveLength(0);
    expect(mailTo(liam.email)).toHaveLength(1); // Liam did not unsubscribe
  });

  it("a forged or altered unsubscribe link changes nothing", async () => {
    const forged = `${ids.ken}.attendance.${"A".repeat(32)}`;
    const res = await unsubscribeRoute(new Request(`${ORIGIN}/api/unsubscribe/${forged}`, { method: "POST" }), { params: Promise.resolve({ token: forged }) });
    expect(res.status).toBe(404);
    expect(await unsubscribeAction("1.attendance.x")).toMatchObject({ ok: false });
    expect(await queryRows(sql`select 1 from notification_preferences`)).toEqual([]);
  });
});

