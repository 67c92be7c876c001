import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { PortalServer, TEST_CODE_KEY } from "../scripts/lib/portal-server";

// A class of 120 (the demo's have ~15) on a generated school of its own: the grade and
// attendance grids render a window of rows, and must still behave as one long table — every
// student reachable by keyboard and by scrolling, saves landing in the right row, totals over
// the whole class, and nothing for axe to object to.
const STUDENTS = 120;
const CLASS = "ALG-P1-001"; // the generator's first class
let server: PortalServer;
let dir: string;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-e2e-large-"));
  const gen = spawnSync(
    "npx",
    [
      "tsx",
      "--conditions=react-server",
      "scripts/generate-school.ts",
      "--students",
      String(STUDENTS),
      "--classes",
      "1",
      "--assignments",
      "12",
      "--days",
      "30",
    ],
    { env: { ...process.env, DATABASE_URL: "", DATA_DIR: dir, CODE_KEY: TEST_CODE_KEY }, encoding: "utf8" },
  );
  if (gen.status !== 0) throw new Error(`db:generate failed: ${gen.stderr}`);
  server = new PortalServer(
    { engine: "PGlite", env: { DATABASE_URL: "", DATA_DIR: dir }, location: dir, cleanup: async () => {} },
    "3107",
  );
  await server.start();
});

test.afterAll(async () => {
  await server?.stop();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

async function openAsTeacher(page: Page, tab: string) {
  const cookie = await server.signIn("gen-teach-0001");
  const [name, ...value] = cookie.split("=");
  await page.context().addCookies([{ name: name!, value: value.join("="), url: server.base }]);
  await page.goto(`${server.base}/level/${CLASS}/update?tab=${tab}`);
  return cookie;
}

const focusedCell = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute("data-cell"));

/**
 * ArrowDown `presses` times from the focused cell, each press once the last has moved the focus
 * (or hit the last row), at a person's pace rather than Playwright's: 120 presses in a few ms on a
 * busy CI machine outran the row window's render, and a press on a row not yet rendered is lost.
 */
async function walkDown(page: Page, presses: number) {
  for (let i = 0; i < presses; i++) {
    const before = await focusedCell(page);
    await page.keyboard.press("ArrowDown");
    await expect.poll(() => focusedCell(page), { timeout: 2_000 }).not.toBe(i < STUDENTS - 1 ? before : "__none__");
  }
}

test("grade grid: the server sends a window of rows; keyboard and scrolling reach all 120 students; a save lands in its row", async ({
  page,
}) => {
  const cookie = await openAsTeacher(page, "grades");
  const html = await (await fetch(`${server.base}/level/${CLASS}/update?tab=grades`, { headers: { cookie } })).text();
  const serverRows = (html.match(/<tr data-row="/g) ?? []).length;
  expect(serverRows).toBeGreaterThan(10);
  expect(serverRows).toBeLessThan(STUDENTS / 2);

  const grid = page.getByTestId("grade-grid");
  await expect(grid.locator('[data-cell="0:0"]')).toBeVisible();
  await expect(grid.locator("table")).toHaveAttribute("aria-rowcount", String(STUDENTS + 1));
  expect(await grid.locator("tbody tr[data-row]").count()).toBeLessThan(STUDENTS / 2);
  // The box scrolls through the height of every row, rendered or not.
  const { scrollHeight, rowHeight } = await grid.evaluate((box) => ({
    scrollHeight: box.scrollHeight,
    rowHeight: box.querySelector("tbody tr[data-row]")!.getBoundingClientRect().height,
  }));
  expect(scrollHeight).toBeGreaterThan(STUDENTS * rowHeight);

  // Arrow keys walk down past the rendered rows to the last student.
  await grid.locator('[data-cell="0:0"]').focus();
  await walkDown(page, STUDENTS + 5);
  expect(await focusedCell(page)).toBe(`${STUDENTS - 1}:0`);
  const last = grid.locator(`[data-cell="${STUDENTS - 1}:0"]`);
  await expect(last).toBeInViewport();
  const lastName = (await grid.locator(`tr[data-row="${STUDENTS - 1}"] th`).textContent())!;

  // Edit the last student's first score; it survives a reload, in the same student's row.
  await page.keyboard.press("Enter");
  await page.keyboard.press("Control+A");
  await page.keyboard.type("3.5");
  await page.keyboard.press("Enter");
  await expect(last).toHaveText("3.5");
  await page.waitForLoadState("networkidle");
  await page.reload();
  await expect(grid.locator('[data-cell="0:0"]')).toBeVisible(); // streamed in, laid out
  await grid.evaluate((box) => (box.scrollTop = box.scrollHeight));
  await expect(grid.locator(`tr[data-row="${STUDENTS - 1}"] th`)).toHaveText(lastName);
  await expect(grid.locator(`[data-cell="${STUDENTS - 1}:0"]`)).toHaveText("3.5");

  // Scrolling away from the focused cell keeps it, so the keyboard carries on where it was.
  await grid.locator(`[data-cell="${STUDENTS - 1}:0"]`).focus();
  await grid.evaluate((box) => (box.scrollTop = 0));
  await expect(grid.locator('[data-cell="0:0"]')).toBeVisible();
  await page.keyboard.press("ArrowUp");
  expect(await focusedCell(page)).toBe(`${STUDENTS - 2}:0`);
  await expect(grid.locator(`[data-cell="${STUDENTS - 2}:0"]`)).toBeInViewport();

  // The footer counts the whole class, not the rendered rows.
  await expect(page.getByTestId("grades-footer")).toContainText(`${STUDENTS} students`);

  const axe = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  expect(axe.violations.map((v) => v.id)).toEqual([]);
});

test("attendance grid: keyboard reaches the last student, a cell is set there, and day totals count the whole class", async ({
  page,
}) => {
  await openAsTeacher(page, "attendance&view=grid"); // the multi-day grid (a school day opens the roll call)
  const grid = page.getByTestId("attendance-grid");
  await expect(grid.locator('[data-cell="0:0"]')).toBeVisible();
  expect(await grid.locator("tbody tr[data-row]").count()).toBeLessThan(STUDENTS / 2);

  // Every student has a record on every generated day (homeroom), so each day's totals add up to the class.
  const summary = (await page.getByTestId("day-summary").first().textContent())!;
  const total = [...summary.matchAll(/[PALE](\d+)/g)].reduce((n, m) => n + Number(m[1]), 0);
  expect(total).toBe(STUDENTS);

  await grid.locator('[data-cell="0:0"]').focus();
  await walkDown(page, STUDENTS);
  expect(await focusedCell(page)).toBe(`${STUDENTS - 1}:0`);
  const cell = grid.locator(`[data-cell="${STUDENTS - 1}:0"]`);
  await expect(cell).toBeInViewport();
  const name = (await grid
    .locator(`tr[data-row="${STUDENTS - 1}"] th div`)
    .first()
    .textContent())!;
  await page.keyboard.press("Enter");
  await page.getByRole("menuitem", { name: /Excused/ }).click();
  await expect(cell).toHaveText("E");
  await expect(page.getByText(`Attendance updated for ${name}`)).toBeVisible();

  const axe = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  expect(axe.violations.map((v) => v.id)).toEqual([]);
});
