import type { Locator, Page } from "@playwright/test";
import { EXTRA_PORT } from "../playwright.config";
import { FEEDBACK_CLASS, FEEDBACK_STUDENTS } from "../tests/support/feedback-class-data";
import { axeViolations } from "./language-walk";
import { CODES, expect, gotoHydrated, signIn, test } from "./fixtures";

// Issue 44, the grading queue as a teacher uses it on a Sunday evening: five handed-in essays
// graded with the keyboard only, and the work never lost when the network drops. The essays are
// the writing class of the suite's second server (scripts/e2e-extra-data.ts), posted on return.

const BASE = `http://localhost:${EXTRA_PORT}`;
const QUEUE_OF = `/level/${FEEDBACK_CLASS.code}/update?tab=assignments`;

test.use({ baseURL: BASE });
test.describe.configure({ mode: "serial", timeout: 180_000 });

async function openQueue(page: Page) {
  await gotoHydrated(page, QUEUE_OF);
  await page.getByRole("link", { name: "Grade one by one" }).click();
  await expect(page.getByRole("heading", { level: 1, name: FEEDBACK_CLASS.essay })).toBeVisible();
}

/** axe clean in English and Spanish, and no sideways scroll at 375 px, on the page as it is. */
async function axeOn(page: Page, screen: string) {
  expect(await axeViolations(page), `axe on ${screen}`).toEqual([]);
  await noSidewaysScroll(page, screen);
  await page.context().addCookies([{ name: "portal_locale", value: "es", url: BASE }]);
  await page.reload();
  await expect(page.getByRole("heading", { level: 2, name: "Calificación" })).toBeVisible();
  expect(await axeViolations(page), `axe on ${screen} (es)`).toEqual([]);
  await noSidewaysScroll(page, `${screen} (es)`);
  await page.context().addCookies([{ name: "portal_locale", value: "en", url: BASE }]);
  await page.reload();
}

async function noSidewaysScroll(page: Page, screen: string) {
  await page.setViewportSize({ width: 375, height: 800 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth), `width of ${screen}`).toBeLessThanOrEqual(
    375,
  );
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** Presses Tab until the element is focused (the keyboard only), at most 60 times. */
async function tabTo(page: Page, target: Locator) {
  for (let i = 0; i < 60; i++) {
    await page.keyboard.press("Tab");
    if (await target.evaluate((el) => el === document.activeElement)) return;
  }
  throw new Error("never reached by Tab");
}

// Thesis 4/3/2/1 and Evidence 6/4.5/3/1.5 (tests/support/feedback-class-data.ts): the level keys
// pressed for each essay, and the score they make.
const PLAN: [thesis: string, evidence: string, total: string][] = [
  ["1", "1", "10"],
  ["2", "2", "7.5"],
  ["3", "3", "5"],
  ["2", "4", "4.5"],
  ["4", "1", "7"],
];

test("a teacher grades five essays with the keyboard only, using the rubric, and returns them; the student sees it all", async ({
  page,
  browser,
}) => {
  const ana = FEEDBACK_STUDENTS[0]!;
  await signIn(page, CODES.instructor);
  await openQueue(page);
  await expect(page.getByTestId("queue-left")).toHaveText("5 still to grade");
  await axeOn(page, "the grading queue");
  for (const [i, [thesis, evidence, total]] of PLAN.entries()) {
    const student = FEEDBACK_STUDENTS[i]!;
    await expect(page.getByRole("heading", { level: 2, name: student.name })).toBeVisible();
    // The student opens with the keyboard on the rubric's first criterion.
    await expect(page.getByRole("radiogroup", { name: "Thesis" }).getByRole("radio").first()).toBeFocused();
    await page.keyboard.press(thesis);
    if (i === 1) {
      // Half a rubric is not a score: refused, said, and the queue stays on this student.
      await page.keyboard.press("Control+Enter");
      await expect(page.getByTestId("queue-save-state")).toHaveText(
        "Choose a level for every criterion of the rubric, or none of them.",
      );
      await expect(page.getByRole("heading", { level: 2, name: student.name })).toBeVisible();
    }
    await page.keyboard.press("Tab"); // the criterion's comment
    if (i === 0) await page.keyboard.type("Clear claim.");
    await page.keyboard.press("Tab"); // the next criterion
    await page.keyboard.press(evidence);
    await expect(page.getByLabel("Score (out of 10)")).toHaveValue(total);
    if (i === 0) {
      await tabTo(page, page.getByLabel("Feedback", { exact: true }));
      await page.keyboard.type("A strong argument.");
    }
    if (i === 0) await page.screenshot({ path: "test-results/grading-queue-rubric.png", fullPage: true });
    await page.keyboard.press("Control+Enter");
    if (i < PLAN.length - 1)
      await expect(page.getByRole("heading", { level: 2, name: FEEDBACK_STUDENTS[i + 1]!.name })).toBeVisible();
  }
  await expect(page.getByTestId("queue-save-state")).toHaveText("Saved");
  await expect(page.getByTestId("queue-left")).toHaveText("Everyone has a grade");
  await expect(page.getByText("Draft: not returned to the student yet")).toBeVisible();

  // Drafts: Ana sees no score, feedback or rubric level yet.
  const student = await (await browser.newContext({ baseURL: BASE })).newPage();
  await signIn(student, ana.code);
  const grades = `/level/${FEEDBACK_CLASS.code}?tab=grades`;
  const work = `/level/${FEEDBACK_CLASS.code}?tab=assignments`;
  await gotoHydrated(student, grades);
  await expect(student.getByText("No grades available")).toBeVisible();
  await expect(student.getByText("A strong argument.")).toHaveCount(0);
  await gotoHydrated(student, work);
  const card = student.getByTestId("assignment-card").filter({ hasText: FEEDBACK_CLASS.essay });
  await expect(card).toContainText("Rubric");
  await expect(card).not.toContainText("Chosen");
  await expect(card).not.toContainText("Clear claim.");

  // A private comment to Ana, beside her essay.
  await gotoHydrated(page, page.url().replace(/student=\d+/, "") + "&filter=all");
  await expect(page.getByRole("heading", { level: 2, name: ana.name })).toBeVisible();
  await page.getByLabel("Your comment").fill("See me about your sources.");
  await page.getByRole("button", { name: "Post" }).click();
  await expect(page.getByTestId("comment-thread")).toContainText("See me about your sources.");

  // Return all five, from the keyboard.
  await tabTo(page, page.getByRole("button", { name: /Return all/ }));
  await page.keyboard.press("Enter");
  await expect(page.getByText("Draft: not returned to the student yet")).toHaveCount(0);

  await student.reload();
  await card.getByText("Rubric", { exact: true }).click();
  await expect(card).toContainText("Excellent (4 pts) — Chosen");
  await expect(card).toContainText("Clear claim.");
  await card.getByRole("button", { name: /Private comments/ }).click();
  await expect(student.getByRole("dialog")).toContainText("See me about your sources.");
  await student.keyboard.press("Escape");
  await gotoHydrated(student, grades);
  const essay = student.getByRole("listitem").filter({ hasText: FEEDBACK_CLASS.essay });
  await expect(essay).toContainText("10/10");
  await expect(essay).toContainText("A strong argument.");
  await student.screenshot({ path: "test-results/grading-queue-student.png", fullPage: true });
  await student.context().close();
});

test("work typed while the network is down stays on the screen, unsaved, until it is saved", async ({
  page,
  context,
}) => {
  await signIn(page, CODES.instructor);
  await openQueue(page);
  const first = FEEDBACK_STUDENTS[0]!.name;
  await expect(page.getByRole("heading", { level: 2, name: first })).toBeVisible();
  const url = page.url();
  await page.getByLabel("Score (out of 10)").fill("7");
  await expect(page.getByTestId("queue-save-state")).toHaveText("Not saved yet");
  await context.setOffline(true);
  await page.keyboard.press("Control+Enter");
  await expect(page.getByTestId("queue-save-state")).toHaveText(/Not saved: the connection dropped/);
  // Still this student, with what was typed.
  expect(page.url()).toBe(url);
  await expect(page.getByLabel("Score (out of 10)")).toHaveValue("7");
  await page.screenshot({ path: "test-results/grading-queue-offline.png", fullPage: true });
  await context.setOffline(false);
  await page.getByRole("button", { name: "Try again" }).click();
  await expect(page.getByTestId("queue-save-state")).toHaveText("Saved");
  // Saved for real: read again from the server (everyone is graded by now, so the queue opens on
  // the first of the class again).
  await page.reload();
  await expect(page.getByRole("heading", { level: 2, name: first })).toBeVisible();
  await expect(page.getByLabel("Score (out of 10)")).toHaveValue("7");
});
