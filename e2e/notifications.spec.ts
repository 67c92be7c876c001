import AxeBuilder from "@axe-core/playwright";
import { DEMO_STUDENTS } from "../lib/db/demo-school";
import { CODES, expect, signIn, test } from "./fixtures";

// Issue 20 as a family meets it: a teacher marks a student absent on the roll call; once the mark
// has settled (two seconds in the end-to-end server), the linked parent's bell counts it, the list
// says what happened, and its link opens the child's report card. The parent marks it read.
// Biology (BIO-P2, David Chen's) and Liam (stu-02), Grace Johnson's son.

const STUDENT = DEMO_STUDENTS[1]!;
const DAY = "2031-03-04"; // a Tuesday no other spec uses

test("an absence reaches the linked parent's bell after it settles, and links to the child", async ({ browser }) => {
  const parent = await (await browser.newContext()).newPage();
  await signIn(parent, CODES.parent);
  const bell = parent.getByTestId("notification-bell");
  const before = Number((await bell.getAttribute("aria-label"))!.match(/(\d+) unread/)?.[1] ?? 0);

  const teacher = await (await browser.newContext()).newPage();
  await signIn(teacher, CODES.otherInstructor);
  await teacher.goto(`/level/BIO-P2/update?tab=attendance&day=${DAY}`);
  await teacher.getByTestId("roll-call-student").filter({ hasText: STUDENT.name }).getByRole("radio", { name: "Absent" }).click();
  await expect(teacher.getByTestId("roll-call-note")).toContainText(`Attendance updated for ${STUDENT.name}`);

  // The settling delay, then the worker: the bell counts one more.
  await expect(async () => {
    await parent.reload();
    await expect(bell).toHaveAccessibleName(`Notifications, ${before + 1} unread`, { timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  await bell.click();
  await expect(parent.getByRole("heading", { name: "Notifications" })).toBeVisible();
  const item = parent.getByTestId("notification").filter({ hasText: `${STUDENT.name} was marked absent in Biology on Tue, Mar 4, 2031` });
  await expect(item).toHaveCount(1);
  expect((await new AxeBuilder({ page: parent }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze()).violations).toEqual([]);
  await parent.screenshot({ path: "test-results/notifications.png", fullPage: true });
  await item.getByRole("link").click();
  await expect(parent).toHaveURL(/\/children\/\d+$/);
  await expect(parent.getByRole("heading", { name: `Report card: ${STUDENT.name}` })).toBeVisible();

  await parent.goto("/notifications");
  await parent.getByRole("button", { name: "Mark all as read" }).click();
  // The page and its header are rendered again: nothing new, the bell says so.
  await expect(bell).toHaveAccessibleName("Notifications, none unread");
  await expect(item.getByText("New", { exact: true })).toHaveCount(0);
  await parent.reload();
  await expect(bell).toHaveAccessibleName("Notifications, none unread");

  // Put the demo back: Liam present again on that day.
  await teacher.getByTestId("roll-call-student").filter({ hasText: STUDENT.name }).getByRole("radio", { name: "Present" }).click();
  await expect(teacher.getByTestId("roll-call-note")).toContainText(`Attendance updated for ${STUDENT.name}`);
});
