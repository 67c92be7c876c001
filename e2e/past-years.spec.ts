import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { EXTRA_PORT } from "../playwright.config";
import { CODES, expect, signIn, test } from "./fixtures";

// Issue 41, what people see of past years: a parent reads last year's report card under Past years,
// a concluded class opens read-only, and /past and /records are axe clean in English and Spanish.
// Last year needs a closed school year with a published term, which no screen of this suite makes,
// so this spec runs on the suite's second server (playwright.config.ts EXTRA_PORT), whose data
// scripts/e2e-extra-data.ts prepares; the shared server's demo school is left as it was.

const BASE = `http://localhost:${EXTRA_PORT}`;

test.use({ baseURL: BASE });
test.describe.configure({ mode: "serial", timeout: 120_000 });

async function axeClean(page: Page, screen: string) {
  await page.waitForLoadState("networkidle");
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"])
    .analyze();
  const findings = results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(" | ")}`);
  expect(findings, `axe on ${screen}`).toEqual([]);
  expect(await page.locator("h1").count(), `one h1 on ${screen}`).toBe(1);
  // Nothing scrolls sideways on a phone (decision 025).
  await page.setViewportSize({ width: 375, height: 800 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth), `width of ${screen}`).toBeLessThanOrEqual(
    375,
  );
  await page.setViewportSize({ width: 1280, height: 900 });
}

test("a parent reads last year's report card under Past years", async ({ page }) => {
  await signIn(page, CODES.parent);
  await page.getByRole("link", { name: "Past years" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Past years" })).toBeVisible();
  const ava = page.getByRole("region", { name: "Past years of Ava Johnson" });
  await expect(ava.getByRole("heading", { name: /2024–2025/ })).toBeVisible();
  await expect(ava.getByText("Pre-Algebra")).toBeVisible();
  await axeClean(page, "/past");
  await page.screenshot({ path: "test-results/past-years-parent.png", fullPage: true });

  await ava.getByRole("link", { name: "Ava Johnson's record of every year" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Record: Ava Johnson" })).toBeVisible();
  const last = page.getByRole("region", { name: "2024–2025 (closed)" });
  const card = last.getByTestId("record-card");
  await expect(card).toContainText("Spring 2025");
  await expect(card).toContainText("B");
  await expect(card).toContainText("85%");
  await expect(last).toContainText("3 present, 1 absent, 0 late, 0 excused");
  await axeClean(page, "/records");
  await page.screenshot({ path: "test-results/past-years-record.png", fullPage: true });

  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download the transcript (PDF)" }).click();
  expect((await download).suggestedFilename()).toBe("transcript-Ava-Johnson.pdf");

  // The same pages in Spanish.
  await page.context().addCookies([{ name: "portal_locale", value: "es", url: BASE }]);
  await page.goto("/past");
  await expect(page.getByRole("heading", { level: 1, name: "Años anteriores" })).toBeVisible();
  await axeClean(page, "/past (es)");
  await page.getByRole("link", { name: "Expediente de Ava Johnson de todos los años" }).click();
  await expect(page.getByRole("region", { name: "2024–2025 (cerrado)" }).getByTestId("record-card")).toContainText(
    "85 %",
  );
  await axeClean(page, "/records (es)");
  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: "test-results/past-years-record-es-375.png", fullPage: true });
});

test("a concluded class opens read-only for its student and its teacher", async ({ page }) => {
  await signIn(page, CODES.student);
  await page.goto("/level/PREALG-2025?tab=assignments");
  await expect(page.getByTestId("concluded-banner")).toContainText("2024–2025 is closed");
  await expect(page.getByTestId("assignment-card")).toContainText("Fractions quiz");
  await expect(page.getByRole("button", { name: /Submit Response|Resubmit/ })).toHaveCount(0);
  await page.goto("/level/PREALG-2025?tab=updates");
  await expect(page.getByRole("button", { name: /Add Response/i })).toHaveCount(0);

  await page.context().clearCookies();
  await signIn(page, CODES.instructor);
  // Not on this year's home; under Past years, and its dashboard offers nothing to change.
  await expect(page.getByText("Pre-Algebra")).toHaveCount(0);
  await page.getByRole("link", { name: "Past years" }).click();
  await page.getByRole("link", { name: /Pre-Algebra/ }).click();
  await expect(page.getByTestId("concluded-banner")).toBeVisible();
  await page.goto("/level/PREALG-2025/update?tab=grades");
  await expect(page.getByTestId("grades-tab")).toContainText("17");
  await expect(page.getByRole("button", { name: "Add Grade" })).toHaveCount(0);
  await expect(page.locator("[data-cell]")).toHaveCount(0);
  await page.screenshot({ path: "test-results/past-years-concluded-grades.png", fullPage: true });
  await axeClean(page, "a concluded class's grades");
  await page.goto("/level/PREALG-2025/update?tab=attendance");
  await expect(page.getByTestId("attendance-student").first()).toBeVisible();
  await expect(page.getByRole("button", { name: /Add New|Mark all/ })).toHaveCount(0);
  await expect(page.locator("[data-cell]")).toHaveCount(0);
  await axeClean(page, "a concluded class's attendance");
});
