import { execFileSync } from "node:child_process";
import path from "node:path";
import { DEMO_STUDENTS } from "../lib/db/demo-school";
import { CODES, expect, issueReportLink, signIn, test } from "./fixtures";

// The gradebook's first pieces (issue 19) as users meet them: an admin sets the year's terms, a
// teacher weighs categories and excuses a grade from the keyboard, and the student sees the term
// grade with "Why this grade". World History (HIST-P4, David Chen's) and Liam (stu-02, enrolled
// there); everything is put back at the end so other specs see the demo as it was.

const CLASS = "HIST-P4";
const STUDENT = DEMO_STUDENTS[1]!; // stu-02
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

test.describe.configure({ mode: "serial" });

test("terms, weighted categories and an excused grade reach the student's Why this grade", async ({ browser }) => {
  test.slow();
  const admin = await (await browser.newContext()).newPage();
  await signIn(admin, CODES.admin);
  await admin.goto("/admin?tab=terms");
  // Demo work is due 14 and 5 days ago and in a week: the first term holds the first, the second the rest.
  await admin.getByLabel("Name of term 1").fill("Early autumn");
  await admin.getByLabel("First day of term 1").fill(day(-90));
  await admin.getByLabel("Last day of term 1").fill(day(-8));
  await admin.getByLabel("Name of term 2").fill("Late autumn");
  await admin.getByLabel("First day of term 2").fill(day(-9));
  await admin.getByLabel("Last day of term 2").fill(day(90));
  await admin.getByRole("button", { name: "Save terms" }).click();
  await expect(
    admin.getByText('"Early autumn" and "Late autumn" overlap: a day can be in only one term.'),
  ).toBeVisible();
  // What was typed stays after a refusal; one date fixed and saved.
  await expect(admin.getByLabel("Name of term 2")).toHaveValue("Late autumn");
  await admin.getByLabel("First day of term 2").fill(day(-7));
  await admin.getByRole("button", { name: "Save terms" }).click();
  await expect(admin.getByText("2 terms saved")).toBeVisible();

  const teacher = await (await browser.newContext()).newPage();
  await signIn(teacher, CODES.otherInstructor);
  await teacher.goto(`/level/${CLASS}/update?tab=grades`);
  await teacher.getByRole("link", { name: "Grading settings" }).click();
  await teacher.getByLabel("Weighted categories").check();
  await teacher.getByLabel("Weight of Homework (%)").fill("60");
  await teacher.getByLabel("Weight of Quiz (%)").fill("30");
  await teacher.getByRole("button", { name: "Save grading settings" }).click();
  await expect(teacher.getByText("Category weights must total 100 % (they total 90 %).")).toBeVisible();
  await expect(teacher.getByLabel("Weighted categories")).toBeChecked();
  await teacher.getByLabel("Weight of Quiz (%)").fill("40");
  await teacher.getByRole("button", { name: "Save grading settings" }).click();
  await expect(teacher.getByText("Grading settings saved")).toBeVisible();

  // The grid opens on today's term (Late autumn); Chapter 1 exercises was due in Early autumn.
  await teacher.goto(`/level/${CLASS}/update?tab=grades`);
  const terms = teacher.getByRole("navigation", { name: "Term" });
  await expect(terms.getByRole("link", { name: "Late autumn" })).toHaveAttribute("aria-current", "page");
  await expect(teacher.getByRole("columnheader", { name: "Late autumn grade" })).toBeVisible();
  await terms.getByRole("link", { name: "Early autumn" }).click();
  await expect(teacher.getByRole("columnheader", { name: "Early autumn grade" })).toBeVisible();
  await teacher.waitForLoadState("networkidle"); // the grid's keys work once it has hydrated
  const cell = teacher.getByRole("button", { name: new RegExp(`^${STUDENT.name}, Chapter 1 exercises:`) });
  const total = teacher.getByRole("cell", { name: `${STUDENT.name}, Early autumn grade:`, exact: false });
  await expect(total).toHaveText(/^\d+% [A-F][+-]?/); // graded before it is excused
  await expect(teacher.getByTestId("class-average-row")).toContainText(/\d+%/);
  await cell.focus();
  await teacher.keyboard.press("e");
  await expect(cell).toHaveAccessibleName(/, excused$/);
  await expect(cell.getByText("Excused")).toBeVisible();
  // The student's term grade follows at once: nothing of theirs counts in Early autumn now.
  await expect(total).toHaveText("—");
  // Another student's piece marked missing with M.
  const names = await teacher.getByRole("rowheader").allTextContents();
  const other = names.find((n) => n !== STUDENT.name && n !== "Class average")!;
  const otherCell = teacher.getByRole("button", { name: new RegExp(`^${other}, Chapter 1 exercises:`) });
  await otherCell.focus();
  await teacher.keyboard.press("m");
  await expect(otherCell).toHaveAccessibleName(/, missing$/);
  await teacher.screenshot({ path: "test-results/grade-grid-term.png", fullPage: true });

  // The teacher's final word and a comment for the report card, on Term grades.
  await teacher.goto(`/level/${CLASS}/update/term-grades`);
  await teacher.getByRole("navigation", { name: "Term" }).getByRole("link", { name: "Early autumn" }).click();
  await teacher.getByLabel(`Override percent for ${STUDENT.name}`).fill("88");
  await teacher.getByLabel(`Reason for ${STUDENT.name}'s override`).fill("Re-sat the chapter test");
  await teacher.getByLabel(`Reason for ${STUDENT.name}'s override`).press("Enter");
  await expect(teacher.getByText("Override saved")).toBeVisible();
  const firstName = STUDENT.name.split(" ")[0]!;
  const comment = teacher.getByLabel(`Report-card comment for ${STUDENT.name}`);
  await comment.fill("{first name} kept a careful notebook all term.");
  await comment.press("Enter");
  await expect(teacher.getByText("Comment saved")).toBeVisible();
  // Every student's grade on this page, to find again in the PDF.
  const shown = new Map<string, string>();
  for (const row of await teacher.getByTestId("term-grade-row").all()) {
    const name = (await row.getByRole("rowheader").textContent())!.trim();
    const grade = (await row.getByRole("cell").first().textContent())!.trim();
    shown.set(name, grade.match(/^\d+% ([A-F][+-]?)/)?.[1] ?? "—");
  }
  expect(shown.get(STUDENT.name)).toBe("B+");

  const student = await (await browser.newContext()).newPage();
  await signIn(student, STUDENT.code);
  await student.goto(`/level/${CLASS}?tab=grades`);
  const panel = student.getByTestId("term-grade");
  await expect(panel.getByRole("heading", { name: "Late autumn" })).toBeVisible();
  await panel.getByRole("link", { name: "Early autumn" }).click();
  await expect(panel.getByRole("heading", { name: "Early autumn" })).toBeVisible();
  await panel.getByText("Why this grade").click();
  // The term's one graded piece is excused: nothing counts, and the why says so.
  await expect(panel.getByText("No graded work yet").first()).toBeVisible();
  await expect(panel.getByTestId("why-this-grade")).toContainText("Excused: Chapter 1 exercises");
  await expect(panel.getByTestId("why-this-grade")).toContainText("Nothing graded yet in Homework, Quiz");
  // Only the term's work is listed under it.
  await expect(student.getByTestId("grade-item").filter({ hasText: "Quiz 1 reflection" })).toHaveCount(0);
  await panel.getByRole("link", { name: "Whole year" }).click();
  await expect(panel.getByRole("heading", { name: "Whole year" })).toBeVisible();
  await panel.getByText("Why this grade").click();
  await expect(panel.getByTestId("why-this-grade")).toContainText(/Weighted categories: [\d.]+\s%/);
  await expect(panel.getByTestId("why-this-grade")).toContainText("Quiz (weight 40 %)");
  await expect(student.getByTestId("grade-item").filter({ hasText: "Quiz 1 reflection" })).toHaveCount(1);
  await student.screenshot({ path: "test-results/term-grade.png", fullPage: true });

  // The admin publishes Early autumn and downloads World History's report cards: real text, one
  // student per page, the student's name and the term. Grades of the term are then locked.
  await admin.reload();
  await admin.getByRole("button", { name: "Publish report cards for Early autumn" }).click();
  await expect(admin.getByText("Early autumn published: its report cards are out and its grades locked")).toBeVisible();
  await admin.getByLabel("Report cards of Early autumn for").selectOption(`class:${CLASS}`);
  const [download] = await Promise.all([
    admin.waitForEvent("download"),
    admin.getByRole("button", { name: "Download PDF of Early autumn" }).click(),
  ]);
  const pdf = path.join(test.info().outputDir, "report-cards.pdf");
  await download.saveAs(pdf);
  const text = execFileSync("pdftotext", ["-layout", pdf, "-"], { encoding: "utf8" });
  expect(text).toContain("Report card — Early autumn");
  // Each student's page (pages are split by form feeds) has their name and the letter Term grades showed.
  const pages = text.split("\f");
  for (const [name, letter] of shown) {
    const page = pages.find((p) => p.includes(name));
    expect(page, name).toBeDefined();
    expect(page!, name).toMatch(new RegExp(`(^|\\s)${letter.replace(/[+]/g, "\\+")}(\\s|$)`, "m"));
  }
  const own = pages.find((p) => p.includes(STUDENT.name))!;
  expect(own.replace(/\s+/g, " ")).toContain(`${firstName} kept a careful notebook all term.`);
  execFileSync("pdftoppm", [
    "-r",
    "60",
    "-f",
    "1",
    "-l",
    "1",
    "-png",
    pdf,
    path.join(test.info().outputDir, "report-card-page"),
  ]);

  // A parent with the school's report-card link sees the same letter and why.
  const parent = await (await browser.newContext()).newPage();
  await parent.goto(await issueReportLink(browser, STUDENT.code));
  const card = parent
    .getByTestId("report-published")
    .filter({ hasText: "World History" })
    .or(parent.getByTestId("report-class").filter({ hasText: "World History" }).getByTestId("report-published"));
  await expect(card.first()).toContainText("Early autumn report card");
  await expect(card.first()).toContainText("88% · B+");
  await expect(card.first()).toContainText(`${firstName} kept a careful notebook all term.`);
  await card.first().getByText("Why this grade").click();
  await expect(card.first()).toContainText("Overridden by the teacher: 88 %");
  await expect(card.first()).toContainText("Excused: Chapter 1 exercises");
  await parent.screenshot({ path: "test-results/report-link-published.png", fullPage: true });
  await teacher.goto(`/level/${CLASS}/update?tab=grades`);
  await teacher.getByRole("navigation", { name: "Term" }).getByRole("link", { name: "Early autumn" }).click();
  await expect(
    teacher.getByRole("note").filter({ hasText: "Early autumn is published, so its grades are locked." }),
  ).toBeVisible();
  await teacher.waitForLoadState("networkidle"); // the grid's keys work once it has hydrated
  await cell.focus();
  await teacher.keyboard.press("e");
  // The refusal comes as a toast (a list item), besides the page's note; the mark stays.
  await expect(
    teacher.locator("li", { hasText: "Early autumn is published, so its grades are locked." }).first(),
  ).toBeVisible();
  await expect(cell).toHaveAccessibleName(/, excused$/);
  await admin.getByRole("button", { name: "Unlock for Early autumn" }).click();
  await expect(admin.getByText("Early autumn unlocked: teachers can change its grades again")).toBeVisible();

  // Put the demo back: the marks off (E and M again), no override or comment, total points, no terms.
  await cell.focus();
  await teacher.keyboard.press("e");
  await expect(cell).not.toHaveAccessibleName(/excused/);
  await otherCell.focus();
  await teacher.keyboard.press("m");
  await expect(otherCell).not.toHaveAccessibleName(/missing/);
  await teacher.goto(`/level/${CLASS}/update/term-grades`);
  await teacher.getByRole("navigation", { name: "Term" }).getByRole("link", { name: "Early autumn" }).click();
  await teacher.getByLabel(`Override percent for ${STUDENT.name}`).fill("");
  await teacher.getByLabel(`Override percent for ${STUDENT.name}`).press("Enter");
  await expect(teacher.getByText("Override removed")).toBeVisible();
  await teacher.getByLabel(`Report-card comment for ${STUDENT.name}`).fill("");
  await teacher.getByLabel(`Report-card comment for ${STUDENT.name}`).press("Enter");
  await expect(teacher.getByText("Comment removed")).toBeVisible();
  await teacher.goto(`/level/${CLASS}/update/grading`);
  await teacher.getByLabel("Total points").check();
  await teacher.getByRole("button", { name: "Save grading settings" }).click();
  await expect(teacher.getByText("Grading settings saved")).toBeVisible();
  await admin.reload();
  await admin.getByLabel("Remove Early autumn").check();
  await admin.getByLabel("Remove Late autumn").check();
  await admin.getByRole("button", { name: "Save terms" }).click();
  await expect(admin.getByText("0 terms saved")).toBeVisible();
});
