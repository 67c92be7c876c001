import { expect, test } from "./fixtures";

// World History (HIST-P4) belongs to David Chen; these tests use it alone.
test.describe("attendance and students tabs", () => {
  test("take attendance for a new day, change a cell to L, refuse the same day again", async ({ page, loginAs }) => {
    await loginAs("otherInstructor");
    await page.goto("/level/HIST-P4/update?tab=attendance");
    // On a school day the tab opens the roll call; the multi-day grid is its "All days" link.
    await page.getByRole("navigation", { name: "Attendance views" }).getByRole("link", { name: "All days" }).click();
    const grid = page.getByTestId("attendance-grid").filter({ visible: true });
    await expect(grid).toBeVisible();
    // The grid shows 20 days at a time; the label counts them all.
    const windowLabel = page.getByTestId("attendance-window").filter({ visible: true });
    const daysBefore = Number((await windowLabel.textContent())!.match(/of (\d+)/)![1]);

    await page.getByRole("button", { name: "Add New" }).click();
    await page.getByLabel("Date", { exact: true }).fill("2031-03-03");
    await page.getByRole("button", { name: "Add Attendance for All" }).click();
    await expect(page.getByText("Attendance added for 2031-03-03")).toBeVisible();
    await expect(windowLabel).toContainText(`of ${daysBefore + 1}`);
    await expect(grid.locator("thead th").nth(2)).toHaveText("Mar 3, 2031");

    // The new day is the newest column: change the first student's cell to Late.
    const firstRow = page.getByTestId("attendance-student").filter({ visible: true }).first();
    const percent = firstRow.getByTestId("attendance-percent");
    const before = await percent.textContent();
    const cell = firstRow.locator('[data-cell="0:0"]');
    await expect(cell).toHaveText("P");
    await cell.click();
    await page.getByRole("menuitem", { name: /Late/ }).click();
    await expect(cell).toHaveText("L");
    await expect(page.getByText(/^Attendance updated for /)).toBeVisible();
    await expect(percent).not.toHaveText(before!);
    await expect(page.getByTestId("day-summary").first()).toContainText("L1");

    // The same day again: the exact message, nothing added.
    await page.getByRole("button", { name: "Add New" }).click();
    await page.getByLabel("Date", { exact: true }).fill("2031-03-03");
    await page.getByRole("button", { name: "Add Attendance for All" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Attendance already exists" })).toHaveText(
      "Attendance already exists for 2031-03-03. Please edit existing records.",
    );
    await expect(windowLabel).toContainText(`of ${daysBefore + 1}`);

    // After a reload the change is still there.
    await page.reload();
    await expect(
      page.getByTestId("attendance-student").filter({ visible: true }).first().locator('[data-cell="0:0"]'),
    ).toHaveText("L");
  });

  test("a long attendance history shows 20 days at a time; buttons and arrow keys move the window", async ({
    page,
    loginAs,
  }) => {
    await loginAs("instructor");
    await page.goto("/level/GEO-P3/update?tab=attendance");
    await page.getByRole("navigation", { name: "Attendance views" }).getByRole("link", { name: "All days" }).click();
    const grid = page.getByTestId("attendance-grid").filter({ visible: true });
    const windowLabel = page.getByTestId("attendance-window").filter({ visible: true });
    await page.getByRole("button", { name: "Add New" }).click();
    await page.getByLabel("Date", { exact: true }).fill("2031-04-07");
    await page.getByRole("button", { name: "Add Attendance for All" }).click();
    await expect(windowLabel).toContainText("days 2–21 of 21");
    await expect(grid.locator("thead th")).toHaveCount(2 + 20);
    const percent = await page.getByTestId("attendance-percent").filter({ visible: true }).first().textContent();

    await page.getByRole("button", { name: "← Earlier days" }).click();
    await expect(windowLabel).toContainText("days 1–1 of 21");
    await expect(grid.locator("thead th")).toHaveCount(2 + 1);
    // Totals count every day, whichever days are on screen.
    await expect(page.getByTestId("attendance-percent").filter({ visible: true }).first()).toHaveText(percent!);
    await page.getByRole("button", { name: "Later days →" }).click();
    await expect(windowLabel).toContainText("days 2–21 of 21");

    // Arrow past the oldest day on screen: the window moves and focus follows.
    await grid.locator('[data-cell="0:19"]').focus();
    await page.keyboard.press("ArrowRight");
    await expect(windowLabel).toContainText("days 1–1 of 21");
    await expect(grid.locator('[data-cell="0:0"]')).toBeFocused();
    await page.keyboard.press("ArrowLeft");
    await expect(windowLabel).toContainText("days 2–21 of 21");
    await expect(grid.locator('[data-cell="0:19"]')).toBeFocused();
  });

  test("add two existing students, create one, edit one, remove one", async ({ page, loginAs }) => {
    await loginAs("otherInstructor");
    await page.goto("/level/HIST-P4/update?tab=students");
    const rows = page.getByTestId("roster-row");
    const start = await rows.count();

    await page.getByRole("button", { name: "Add Students" }).click();
    const dialog = page.getByRole("dialog", { name: "Add Students" });
    await expect(dialog.getByRole("button", { name: "Add Selected (0)" })).toBeDisabled();
    await dialog.getByLabel("Search students").fill("Tariq");
    await dialog.getByRole("checkbox").first().check();
    await dialog.getByLabel("Search students").fill("Lena Fischer");
    await expect(dialog.getByText("Lena Fischer")).toBeVisible();
    await dialog.getByRole("checkbox").first().check();
    // An enrolled student is marked and cannot be picked.
    await dialog.getByLabel("Search students").fill("Liam");
    await expect(dialog.getByText("Already Enrolled")).toBeVisible();
    await expect(dialog.getByRole("checkbox").first()).toBeDisabled();
    await dialog.getByRole("button", { name: "Add Selected (2)" }).click();
    await expect(dialog.getByText("Successfully added 2 student(s) to the class!")).toBeVisible();
    await expect(dialog).toBeHidden(); // closes by itself after 1.5 s
    await expect(rows).toHaveCount(start + 2);

    await page.getByRole("button", { name: "Add Students" }).click();
    await dialog.getByRole("tab", { name: "Create New Student" }).click();
    await dialog.getByLabel("Name", { exact: true }).fill("Zara Quinn");
    await dialog.getByLabel("Username", { exact: true }).fill("zara.quinn");
    await dialog.getByLabel("Email (optional)").fill("zara@example.com");
    await dialog.getByRole("button", { name: "Create and Add" }).click();
    await expect(dialog.getByText("Successfully created and added Zara Quinn to the class!")).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId("new-code")).toHaveText(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    await expect(rows).toHaveCount(start + 3);

    await page.getByRole("button", { name: "Edit Zara Quinn" }).click();
    const edit = page.getByRole("dialog", { name: "Edit Zara Quinn" });
    await edit.getByLabel("Name", { exact: true }).fill("Zara Quinn-Lee");
    await edit.getByRole("button", { name: "Save Changes" }).click();
    await expect(edit).toBeHidden();
    await expect(rows.filter({ hasText: "Zara Quinn-Lee" })).toHaveCount(1);

    await page.getByRole("button", { name: "Remove Tariq Rahman" }).click();
    const confirm = page.getByRole("alertdialog");
    await expect(confirm).toContainText("Are you sure you want to remove this student from the class?");
    await confirm.getByRole("button", { name: "Remove" }).click();
    await expect(rows.filter({ hasText: "Tariq Rahman" })).toHaveCount(0);
    await expect(rows).toHaveCount(start + 2);
  });
});
