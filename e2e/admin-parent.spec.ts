import { CODES, expect, issueReportLink, test } from "./fixtures";

test.describe("admin dashboard", () => {
  test("admin sees the tabs with counts, views a class's students, searches and edits a student", async ({
    page,
    loginAs,
  }) => {
    await loginAs("admin");
    await page.getByRole("link", { name: "Admin Dashboard" }).click();
    await expect(page.getByRole("link", { name: /^Classes \(\d+\)$/ })).toBeVisible();
    await expect(page.getByRole("link", { name: /^Students \(\d+\)$/ })).toBeVisible();
    await expect(page.getByRole("link", { name: /^Parents \(\d+\)$/ })).toBeVisible();

    const bio = page.getByTestId("admin-class-row").filter({ hasText: "BIO-P2" });
    await bio.getByRole("button", { name: /View Students/ }).click();
    const modal = page.getByRole("dialog", { name: "Students in Biology" });
    await expect(modal.getByTestId("class-student-stat").first()).toBeVisible();
    await expect(modal.getByRole("columnheader", { name: "Total days" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(bio.getByRole("link", { name: /View Class/ })).toHaveAttribute("href", "/level/BIO-P2/update");

    await page.getByRole("link", { name: /^Students \(/ }).click();
    await page.getByLabel("Search by name, username, email or code").fill("stu-05");
    await page.getByRole("button", { name: "Search" }).click();
    const row = page.getByTestId("admin-student-row");
    await expect(row).toHaveCount(1);
    await expect(row).toContainText("Sofia Garcia");
    await row.getByRole("button", { name: "Show Classes" }).click();
    await expect(row.getByTestId("student-classes")).toHaveText("Biology, Geometry");
    await row.getByRole("button", { name: /^Edit/ }).click();
    const edit = page.getByRole("dialog", { name: "Edit Sofia Garcia" });
    await edit.getByLabel("Username").fill("liam.okafor");
    await edit.getByRole("button", { name: "Save Changes" }).click();
    await expect(edit.getByRole("alert")).toHaveText("That username is already taken.");
    await edit.getByLabel("Username").fill("sofia.g");
    await edit.getByLabel("Date of birth (optional)").fill("2011-06-01");
    await edit.getByRole("button", { name: "Save Changes" }).click();
    await expect(edit).toBeHidden();
    await expect(row).toContainText("@sofia.g");
  });

  test("admin creates a class for an instructor, who then sees it on their home page", async ({
    page,
    loginAs,
    browser,
  }) => {
    await loginAs("admin");
    await page.goto("/admin");
    await page.getByRole("button", { name: "New Class" }).click();
    const dialog = page.getByRole("dialog", { name: "New Class" });
    await dialog.getByLabel("Code").fill("ART-P6");
    await dialog.getByLabel("Name").fill("Studio Art");
    await dialog.getByLabel("Period").fill("6");
    await dialog.getByLabel("Teacher").selectOption({ label: "Elena Rivera" });
    await dialog.getByRole("button", { name: "Create Class" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId("admin-class-row").filter({ hasText: "ART-P6" })).toContainText("Elena Rivera");

    const other = await browser.newPage();
    await other.goto("/");
    await other.getByLabel("Access Code").fill("teach-rivera");
    await other.getByRole("button", { name: "Sign In" }).click();
    await expect(other.getByTestId("class-card").filter({ hasText: "Studio Art" })).toHaveAttribute(
      "href",
      "/level/ART-P6/update",
    );
    await other.close();
  });

  test("other roles are refused with the spec's message", async ({ page, loginAs }) => {
    await page.goto("/admin");
    await expect(page.getByText("Please log in to access this page")).toBeVisible();
    await loginAs("instructor");
    await page.goto("/admin");
    await expect(page.getByText("Access Denied. Only administrators can access this page.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Go to Home" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Try Again" })).toHaveCount(0);
  });
});

test.describe("parent access", () => {
  test("admin prints letters for a class; a letter's link opens that report card with no session; withdrawn, it opens nothing", async ({
    page,
    loginAs,
    browser,
  }) => {
    await loginAs("admin");
    await page.goto("/admin?tab=parents");
    await page.getByLabel("For").selectOption({ label: "Biology (BIO-P2)" });
    await page.getByRole("button", { name: "Print letters" }).click();
    await expect(page.getByRole("heading", { name: "Parent letters: Biology" })).toBeVisible();
    const letter = page.getByTestId("parent-letter").filter({ hasText: "Ava Johnson's report card" });
    await expect(letter).toHaveCount(1);
    await expect(letter.locator("svg")).toBeVisible(); // the QR code
    await expect(letter.getByTestId("letter-code")).toHaveText("parent-johnson");
    const url = (await letter.getByTestId("report-link").textContent())!.trim();
    expect(url).toMatch(/\/r\/[A-Za-z0-9_-]{32}$/);
    await page.screenshot({ path: "test-results/parent-letters.png", fullPage: false });

    const stranger = await browser.newContext();
    const anon = await stranger.newPage();
    await anon.goto(url);
    await expect(anon.getByRole("heading", { name: "Report card: Ava Johnson" })).toBeVisible();
    await expect(anon.getByRole("button", { name: "Logout" })).toHaveCount(0);
    await expect(anon.locator("body")).not.toContainText(/stu-01|555|@example/);

    await page.goto("/admin?tab=students&q=stu-01");
    await page.getByRole("link", { name: "Guardians of Ava Johnson" }).click();
    const active = page.getByTestId("report-link-row").filter({ hasText: "Active" });
    await expect(active).toHaveCount(1);
    await active.getByRole("button", { name: /Withdraw/ }).click();
    await expect(page.getByTestId("report-link-row").filter({ hasText: "Active" })).toHaveCount(0);

    await anon.reload();
    await expect(
      anon.getByText("This link does not open a report card. It may have expired or been withdrawn."),
    ).toBeVisible();
    await expect(anon.getByText("Ava Johnson")).toHaveCount(0);
    await stranger.close();
  });

  test("the phone lookup says only that a number is on file; the letter's code signs the parent in to both children and no one else", async ({
    page,
  }) => {
    await page.goto("/parent");
    await page.getByLabel("Parent phone number").fill("(555) 201 0001"); // stored as 555-201-0001
    await expect(page.getByTestId("search-digits")).toHaveText("5552010001");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page.getByTestId("number-on-file")).toContainText("This number is on file");
    await expect(page.locator("main")).not.toContainText(/Ava|Liam|Johnson/);
    await page.getByLabel("Access Code").fill(CODES.parent);
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId("class-card")).toHaveCount(0);
    await expect(page.getByTestId("child-card")).toHaveText([/Ava Johnson/, /Liam Okafor/]);
    await page.getByTestId("child-card").first().click();
    await expect(page.getByRole("heading", { name: /Report card: Ava/ })).toBeVisible();
    await page.goto("/children/999999");
    await expect(page.getByText("You can only see the report cards of your own children.")).toBeVisible();
  });

  test("a report card opened from its link: summary, details and back to the list", async ({ page, browser }) => {
    await page.goto(await issueReportLink(browser, "stu-04"));
    await expect(page.getByRole("heading", { name: "Report card: Noah Kim" })).toBeVisible();
    const first = page.getByTestId("report-class").first();
    await expect(first).toContainText(/\d+\.\d%/);
    const className = (await first.locator("h3").textContent())!;
    await first.getByRole("button", { name: /View Details/ }).click();
    await expect(page.getByRole("tab", { name: "Details" })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("tabpanel", { name: "Details" }).getByTestId("report-details")).toContainText(
      className,
    );

    // Printing: every class on its own page. The print-only block is not in the page until the
    // browser says it prints (it used to be most of the page's HTML on every visit).
    const classes = await page.locator("#report-class option").count(); // the Details tab lists every class
    await expect(page.getByTestId("report-print")).toHaveCount(0);
    await page.emulateMedia({ media: "print" });
    await page.evaluate(() => window.dispatchEvent(new Event("beforeprint")));
    await expect(page.getByTestId("report-print").getByTestId("report-details")).toHaveCount(classes);
    await expect(page.getByTestId("report-print").getByTestId("report-details").first()).toBeVisible();
    await page.evaluate(() => window.dispatchEvent(new Event("afterprint")));
    await page.emulateMedia({ media: "screen" });
    await expect(page.getByTestId("report-print")).toHaveCount(0);
  });

  test("a short number shows the exact message", async ({ page }) => {
    await page.goto("/parent");
    await page.getByLabel("Parent phone number").fill("555-12");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Please" })).toHaveText(
      "Please enter a valid phone number (at least 7 digits)",
    );
    await page.getByLabel("Parent phone number").fill("");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Please" })).toHaveText("Please enter a phone number");
  });
});
