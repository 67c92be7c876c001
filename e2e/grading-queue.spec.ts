import type { Page } from "@playwright/test";
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

async function noSidewaysScroll(page: Page, screen: string) {
  await page.setViewportSize({ width: 375, height: 800 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth), `width of ${screen}`).toBeLessThanOrEqual(
    375,
  );
  await page.setViewportSize({ width: 1280, height: 900 });
}

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
