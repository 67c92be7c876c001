import type { Page } from "@playwright/test";
import { CODES, expect, issueReportLink, signIn, test } from "./fixtures";
import { ROLE_CODES, ROLES, SCREENS } from "./screens";

async function tabTo(page: Page, selector: string, max = 120) {
  for (let i = 0; i < max; i++) {
    if (await page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector)) return;
    await page.keyboard.press("Tab");
  }
  throw new Error(`could not reach ${selector} with the Tab key`);
}

test("keyboard only: sign in, grade a cell, mark attendance", async ({ page }) => {
  await page.goto("/");
  await page.keyboard.type(CODES.instructor); // the access-code field has focus
  await page.keyboard.press("Enter");
  await expect(page.getByRole("button", { name: "Logout" })).toBeVisible();

  await page.goto("/level/ALG1-P1/update?tab=grades");
  await expect(page.getByTestId("grade-grid").filter({ visible: true })).toBeVisible();
  await tabTo(page, '[data-cell="0:0"]');
  // Focus is visible: the browser's :focus-visible ring is drawn for keyboard focus.
  expect(await page.evaluate(() => document.activeElement?.matches(":focus-visible"))).toBe(true);
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowLeft");
  await page.keyboard.press("Enter");
  await page.keyboard.press("Control+A");
  await page.keyboard.type("7.5");
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("grade-grid").filter({ visible: true }).locator('[data-cell="0:0"]')).toHaveText("7.5");
  await expect(page.getByTestId("grade-grid").filter({ visible: true }).locator('[data-cell="0:0"]')).toBeFocused();
  await page.waitForLoadState("networkidle"); // the save's page refresh has finished
  await page.keyboard.press("Enter");
  await page.keyboard.type("1");
  await page.keyboard.press("Escape"); // cancels
  await expect(page.getByTestId("grade-grid").filter({ visible: true }).locator('[data-cell="0:0"]')).toHaveText("7.5");

  await page.goto("/level/ALG1-P1/update?tab=attendance&view=grid"); // the multi-day grid (a school day opens the roll call)
  await expect(page.getByTestId("attendance-grid").filter({ visible: true })).toBeVisible();
  await tabTo(page, '[data-cell="0:0"]');
  await page.keyboard.press("ArrowDown"); // to the second student
  const cell = page.getByTestId("attendance-grid").filter({ visible: true }).locator('[data-cell="1:0"]');
  await expect(cell).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("menu")).toBeVisible();
  // Radix moves focus into the menu in an effect after it appears; the arrows wait for that (one full
  // run, on a busy machine, chose Late instead of Excused here).
  await expect.poll(() => page.evaluate(() => document.activeElement?.closest('[role="menu"]') !== null)).toBe(true);
  for (
    let i = 0;
    i < 6 && !(await page.getByRole("menuitem", { name: /Excused/ }).evaluate((el) => el === document.activeElement));
    i++
  )
    await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Enter");
  await expect(cell).toHaveText("E");
  await expect(page.getByText(/^Attendance updated for /)).toBeVisible();
  await expect(cell).toBeFocused();
});

const WIDTHS = [375, 768, 1280] as const;
// Sample images for people to look at live in e2e/__screenshots__ (UPDATE_SCREENSHOTS=1 rewrites
// them); nothing compares against them, the assertions above and below are the check. Ordinary
// runs write theirs under test-results so the working tree stays clean.
const shots = process.env.UPDATE_SCREENSHOTS ? "e2e/__screenshots__" : "test-results/screenshots";

async function noPageScroll(page: Page) {
  const { scroll, width } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    width: window.innerWidth,
  }));
  expect(scroll, "the page must not scroll sideways").toBeLessThanOrEqual(width);
}

for (const width of WIDTHS) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test("sign-in, the student class page and the parent report card fit; screenshots", async ({ page, browser }) => {
      await page.goto("/");
      await noPageScroll(page);
      await signIn(page, CODES.student);
      await page.goto("/level/BIO-P2?tab=assignments");
      await expect(page.getByTestId("assignment-card").first()).toBeVisible();
      await noPageScroll(page);
      await page.screenshot({ path: `${shots}/class-page-${width}.png`, fullPage: false });

      await page.goto(await issueReportLink(browser, "stu-05"));
      await expect(page.getByRole("heading", { name: /Report card: / })).toBeVisible();
      await noPageScroll(page);
      await page.screenshot({ path: `${shots}/report-card-${width}.png`, fullPage: false });
    });

    test("the teacher grade grid scrolls inside its own box; screenshot", async ({ page }) => {
      await signIn(page, CODES.instructor);
      await page.goto("/level/ALG1-P1/update?tab=grades");
      await expect(page.getByTestId("grade-grid").filter({ visible: true })).toBeVisible();
      await noPageScroll(page);
      await page.screenshot({ path: `${shots}/grades-grid-${width}.png`, fullPage: false });
    });
  });
}

// Every screen of every role (e2e/screens.ts) on a phone: the page itself never scrolls sideways; wide
// tables scroll inside their own box. The message names each screen and how many pixels it overflows.
test.describe("every screen at 375 px", () => {
  test.use({ viewport: { width: 375, height: 800 } });
  for (const role of ROLES) {
    test(`${role}: no page scrolls sideways`, async ({ page }) => {
      test.slow();
      const code = ROLE_CODES[role];
      if (code) await signIn(page, code);
      const overflowing: string[] = [];
      for (const screen of SCREENS[role]) {
        await screen.open(page);
        await page.waitForLoadState("networkidle");
        const over = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        if (over > 0) overflowing.push(`${screen.name}: +${over} px`);
      }
      expect(overflowing, "pages that scroll sideways at 375 px").toEqual([]);
    });
  }
});

test("modals keep focus inside and give it back when closed", async ({ page }) => {
  await signIn(page, CODES.student);
  await page.goto("/level/BIO-P2?tab=updates");
  const opener = page.getByRole("button", { name: "Add Response" }).first();
  await opener.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Add Response" });
  await expect(dialog).toBeVisible();
  for (let i = 0; i < 12; i++) {
    await page.keyboard.press("Tab");
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  }
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
});

// The hand-in dialog (issue 39): "Attach files" and "Take a photo" are labels shown for visually
// hidden file inputs, so the ring must be drawn on the label; "Take a photo" is for phones, and on
// a wider screen it must not be a tab stop nobody can see. Every stop is walked until focus wraps.
for (const width of [375, 1280] as const) {
  test(`hand-in dialog at ${width} px: every tab stop is visible and shows its focus ring`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await signIn(page, "stu-10");
    await page.goto("/level/BIO-P2?tab=assignments");
    await page
      .getByTestId("assignment-card")
      .filter({ hasText: "Project proposal" })
      .getByRole("button", { name: /Submit Response|Resubmit/ })
      .click();
    await expect(page.getByRole("dialog", { name: "Project proposal" })).toBeVisible();
    const stops: { name: string; visible: boolean; ring: boolean }[] = [];
    for (let i = 0; i < 40; i++) {
      await page.keyboard.press("Tab");
      const stop = await page.evaluate(() => {
        const el = document.activeElement as HTMLElement;
        if (el.dataset.walked) return null; // back at the first stop
        el.dataset.walked = "1";
        const input = el instanceof HTMLInputElement ? el : null;
        const label = (el as HTMLInputElement).labels?.[0];
        const own = el.getBoundingClientRect();
        // A visually hidden input is seen through its label: that must be visible and ringed.
        const shown = input && (own.width <= 1 || own.height <= 1) && input.labels?.[0] ? input.labels[0] : el;
        const box = shown.getBoundingClientRect();
        const style = getComputedStyle(shown);
        return {
          name: (el.getAttribute("aria-label") ?? label?.textContent ?? el.textContent ?? "").trim(),
          visible: box.width > 1 && box.height > 1 && style.visibility !== "hidden",
          ring: (style.outlineStyle !== "none" && parseFloat(style.outlineWidth) > 0) || style.boxShadow !== "none",
        };
      });
      if (!stop) break;
      stops.push(stop);
      if (stop.name === "Attach files") await page.screenshot({ path: `${shots}/hand-in-dialog-${width}.png` });
    }
    expect(
      stops.filter((s) => !s.visible || !s.ring),
      `stops: ${JSON.stringify(stops)}`,
    ).toEqual([]);
    const names = stops.map((s) => s.name);
    expect(names).toContain("Attach files");
    if (width === 375) expect(names).toContain("Take a photo");
    else expect(names).not.toContain("Take a photo");
  });
}
