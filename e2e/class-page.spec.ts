import { CODES, expect, test } from "./fixtures";

test.describe("class page", () => {
  test("a student responds to an announcement and sees it listed", async ({ page, loginAs }) => {
    await loginAs("student");
    await page.getByRole("link", { name: /Biology/ }).click();
    await expect(page).toHaveURL(/\/level\/BIO-P2$/);
    await expect(page.getByRole("heading", { level: 1, name: "Biology" })).toBeVisible();
    for (const tile of ["Average", "Completed", "Attendance rate"])
      await expect(page.getByText(tile, { exact: true })).toBeVisible();

    const card = page.getByRole("article").filter({ hasText: "Unit test next Friday" });
    await expect(card.getByTestId("response-count")).toHaveText("0 responses");
    await card.getByRole("button", { name: "Add Response" }).click();
    const dialog = page.getByRole("dialog", { name: "Add Response" });
    await dialog.getByLabel("Title").fill("Calculator?");
    await dialog.getByLabel("Your Response").fill("May we bring a calculator to the test?");
    await expect(dialog.getByLabel("Your Response")).toHaveAttribute("rows", "4");
    await dialog.getByRole("button", { name: "Submit Response" }).click();
    await expect(dialog).toBeHidden();
    await expect(card.getByTestId("response-count")).toHaveText("1 response");
    await expect(card).toContainText("Ava Johnson: Calculator?");
    await expect(card).toContainText("May we bring a calculator to the test?");
  });

  test("a student submits, is told when too short, resubmits and sees the history", async ({ page, loginAs }) => {
    await loginAs("student");
    await page.goto("/level/BIO-P2");
    await page.getByRole("link", { name: "Assignments" }).click();
    await expect(page).toHaveURL(/\?tab=assignments$/);
    const card = page.getByTestId("assignment-card").filter({ hasText: "Reading journal" });
    await expect(card).toContainText("Pending");
    await expect(card).toContainText("No due date");
    await card.getByRole("button", { name: "Submit Response" }).click();

    const dialog = page.getByRole("dialog", { name: "Reading journal" });
    await expect(dialog).toContainText("Minimum 10 characters");
    const box = dialog.getByLabel("Your Response");
    await box.fill("  too short ".slice(0, 11)); // "  too short" → 9 characters once trimmed
    await expect(dialog.getByText("Response must be at least 10 characters.")).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Submit Response" })).toBeDisabled();
    await expect(dialog).toContainText("9 characters"); // what the rule counts, not the spaces it trims

    await box.fill("Journal: I read chapter three tonight.");
    await dialog.getByRole("button", { name: "Submit Response" }).click();
    await expect(page.getByText("Submission sent successfully!", { exact: true })).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(card).toContainText("Submitted");

    await card.getByRole("button", { name: "Resubmit" }).click();
    await page
      .getByRole("dialog", { name: "Reading journal" })
      .getByLabel("Your Response")
      .fill("Journal: I also read chapter four.");
    await page
      .getByRole("dialog", { name: "Reading journal" })
      .getByRole("button", { name: "Submit Response" })
      .click();
    await expect(page.getByRole("dialog", { name: "Reading journal" })).toBeHidden();

    await card.getByRole("button", { name: "History" }).click();
    const history = page.getByRole("dialog", { name: "History: Reading journal" });
    await expect(history.getByRole("listitem")).toHaveCount(2);
    await expect(history.getByRole("listitem").nth(0)).toContainText("Submission #2");
    await expect(history.getByRole("listitem").nth(0)).toContainText("chapter four");
    await expect(history.getByRole("listitem").nth(1)).toContainText("Submission #1");

    // The tab lives in the URL: reload keeps it, back returns to the previous tab.
    await page.keyboard.press("Escape");
    await page.reload();
    await expect(page.getByRole("link", { name: "Assignments" })).toHaveAttribute("aria-current", "page");
    await page.getByRole("link", { name: "Grades" }).click();
    await expect(page).toHaveURL(/\?tab=grades$/); // each tab is rendered by the server: wait for it
    await expect(page.getByRole("link", { name: "Grades" })).toHaveAttribute("aria-current", "page");
    await page.goBack();
    await expect(page.getByRole("link", { name: "Assignments" })).toHaveAttribute("aria-current", "page");
  });

  test("a student sees their grades and attendance", async ({ page, loginAs }) => {
    await loginAs("student");
    await page.goto("/level/BIO-P2?tab=grades");
    await expect(page.getByTestId("grade-item").first()).toBeVisible();
    await expect(page.getByTestId("grade-item").first()).toContainText(/\d+(\.\d+)?\/\d+/);
    await expect(page.getByTestId("grade-item").first()).toContainText(/Letter grade|[ABCDF]/);
    await page.getByRole("link", { name: "Attendance" }).click();
    await expect(page.getByTestId("attendance-row")).toHaveCount(20);
    await expect(page.getByTestId("attendance-row").first()).toContainText("BIO-P2");
  });

  test("a student not enrolled gets Access Denied, an unknown class Class Not Found", async ({ page, loginAs }) => {
    await loginAs("student");
    await page.goto("/level/ALG1-P1");
    await expect(page.getByRole("heading", { name: "Access Denied" })).toBeVisible();
    await expect(
      page.getByText("You are not enrolled in this class. Please contact your teacher to get access."),
    ).toBeVisible();
    await page.getByRole("link", { name: "Return to Home" }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.goto("/level/NO-SUCH-CLASS");
    await expect(page.getByRole("heading", { name: "Class Not Found" })).toBeVisible();
    await expect(page.getByText("The requested class could not be found.")).toBeVisible();
  });

  test("an instructor sees the Students tab with codes blurred until hovered or focused", async ({ page, loginAs }) => {
    await loginAs("instructor");
    await page.goto("/level/ALG1-P1?tab=students");
    await expect(page.getByRole("heading", { name: /Students in this Class/ })).toBeVisible();
    const badge = page.getByTestId("code-badge").first();
    await expect(badge).toHaveCSS("filter", /blur/);
    await badge.focus();
    await expect(badge).toHaveCSS("filter", "none");
    await page.getByRole("heading", { name: /Students in this Class/ }).click();
    await expect(badge).toHaveCSS("filter", /blur/);
    await badge.hover();
    await expect(badge).toHaveCSS("filter", "none");
  });

  test("a student's page never carries access codes or a Students tab", async ({ page, loginAs }) => {
    await loginAs("student");
    const html = await (await page.request.get("/level/BIO-P2?tab=students")).text();
    expect(html).not.toContain(CODES.student);
    expect(html).not.toMatch(/stu-\d\d/);
    await page.goto("/level/BIO-P2?tab=students");
    await expect(
      page.getByRole("navigation", { name: "Class sections" }).getByRole("link", { name: "Students" }),
    ).toHaveCount(0);
  });
});
