import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { simpleParser, type ParsedMail } from "mailparser";

import { DEMO_STUDENTS } from "../lib/db/demo-school";
import { dateInTimeZone, previousSchoolDays } from "../lib/domain/dates";
import { formatDay } from "../lib/domain/format";
import { CODES, expect, signIn, test } from "./fixtures";

// Issue 20 as a family meets it: a teacher marks a student absent on the roll call; once the mark
// has settled (two seconds in the end-to-end server), the linked parent's bell counts it, the list
// says what happened, and its link opens the child's report card. The parent marks it read.
// Biology (BIO-P2, David Chen's) and Liam (stu-02), Grace Johnson's son.

const STUDENT = DEMO_STUDENTS[1]!;
// The demo's last school day (it has every class's records): notices are only for recent days.
const DAY = previousSchoolDays(dateInTimeZone(new Date(), "UTC"), 1)[0]!;
// Where the end-to-end server's SMTP server writes what it receives (scripts/e2e-server.mjs).
const MAIL_DIR =
  process.env.E2E_MAIL_DIR ?? path.join(os.tmpdir(), `portal-e2e-mail-${process.env.E2E_PORT ?? "3100"}`);

async function mailsTo(address: string): Promise<ParsedMail[]> {
  const files = fs.existsSync(MAIL_DIR) ? fs.readdirSync(MAIL_DIR).sort() : [];
  const mails = await Promise.all(files.map(async (f) => simpleParser(fs.readFileSync(path.join(MAIL_DIR, f)))));
  return mails.filter((m) => (Array.isArray(m.to) ? m.to : [m.to]).some((t) => t?.text.includes(address)));
}

test("an absence reaches the linked parent's bell after it settles, and links to the child", async ({ browser }) => {
  const parent = await (await browser.newContext()).newPage();
  await signIn(parent, CODES.parent);
  const bell = parent.getByTestId("notification-bell");
  const before = Number((await bell.getAttribute("aria-label"))!.match(/(\d+) unread/)?.[1] ?? 0);

  const teacher = await (await browser.newContext()).newPage();
  await signIn(teacher, CODES.otherInstructor);
  await teacher.goto(`/level/BIO-P2/update?tab=attendance&day=${DAY}`);
  const row = teacher.getByTestId("roll-call-student").filter({ hasText: STUDENT.name });
  const was = (await row.locator('[role="radio"][aria-checked="true"]').getAttribute("aria-label")) ?? "Present";
  await teacher.waitForLoadState("networkidle"); // the roll call's taps work once it has hydrated
  await row.getByRole("radio", { name: was === "Absent" ? "Late" : "Absent" }).click();
  await expect(teacher.getByTestId("roll-call-note")).toContainText(`Attendance updated for ${STUDENT.name}`);

  // The settling delay, then the worker: the bell counts one more.
  await expect(async () => {
    await parent.reload();
    await expect(bell).toHaveAccessibleName(`Notifications, ${before + 1} unread`, { timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  await bell.click();
  await expect(parent.getByRole("heading", { name: "Notifications" })).toBeVisible();
  const item = parent.getByTestId("notification").filter({
    hasText: `${STUDENT.name} was marked ${was === "Absent" ? "late" : "absent"} in Biology on ${formatDay(DAY)}`,
  });
  await expect(item).toHaveCount(1);
  expect(
    (await new AxeBuilder({ page: parent }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze())
      .violations,
  ).toEqual([]);
  await parent.screenshot({ path: "test-results/notifications.png", fullPage: true });
  await item.getByRole("link").click();
  await expect(parent).toHaveURL(/\/children\/\d+$/);
  await expect(parent.getByRole("heading", { name: `Report card: ${STUDENT.name}` })).toBeVisible();
  const childUrl = parent.url();

  // The same notice by e-mail (Grace's default for absences: immediately), through a real SMTP server.
  const title = `${STUDENT.name} was marked ${was === "Absent" ? "late" : "absent"} in Biology on ${formatDay(DAY)}`;
  let mail: ParsedMail | undefined;
  await expect(async () => {
    mail = (await mailsTo("grace.johnson@example.com")).find((m) => m.subject?.startsWith(title));
    expect(mail).toBeDefined();
  }).toPass({ timeout: 10_000 });
  expect(mail!.headerLines.find((h) => h.key === "list-unsubscribe-post")?.line).toBe(
    "List-Unsubscribe-Post: List-Unsubscribe=One-Click",
  );
  const link = mail!.text!.match(/Open in the portal: (\S+)/)![1]!;
  expect(link).toBe(childUrl);
  await parent.goto("/notifications");
  await parent.goto(link);
  await expect(parent.getByRole("heading", { name: `Report card: ${STUDENT.name}` })).toBeVisible();

  await parent.goto("/notifications");
  await parent.getByRole("button", { name: "Mark all as read" }).click();
  // The page and its header are rendered again: nothing new, the bell says so.
  await expect(bell).toHaveAccessibleName("Notifications, none unread");
  await expect(item.getByText("New", { exact: true })).toHaveCount(0);
  await parent.reload();
  await expect(bell).toHaveAccessibleName("Notifications, none unread");

  // Put the demo back: Liam's mark of that day as it was.
  await row.getByRole("radio", { name: was }).click();
  await expect(teacher.getByTestId("roll-call-note")).toContainText(`Attendance updated for ${STUDENT.name}`);
});
