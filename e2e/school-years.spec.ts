import type { Browser, Page } from "@playwright/test";
import { axeViolations, unmarkedText } from "./language-walk";
import { CODES, expect, gotoHydrated, signIn, test } from "./fixtures";
import { PortalServer, freePort, freshTarget, type Target } from "../scripts/lib/portal-server";

// The end of a school year (issue 41) from the admin's side: a year made around today, closed from
// /admin → Years after its preview, the next year started from it, and the concluded class gone
// from its teacher's home. A server of its own: closing a year concludes the demo school's classes,
// which every other spec uses. The Years tab's dialogs are walked here in the pseudo-locale for
// e2e/languages-dialogs.spec.ts (e2e/dialogs.ts WALKED_ON_OWN_SERVER), and the tab is checked
// with axe in English and Spanish, light and dark.

// One story in order: each test reads what the one before made.
test.describe.configure({ mode: "serial" });

let target: Target;
let server: PortalServer;
test.beforeAll(async () => {
  test.setTimeout(240_000);
  target = await freshTarget("");
  const port = await freePort();
  server = new PortalServer(target, port, undefined, { PSEUDO_LOCALES: "on", PORTAL_URL: `http://localhost:${port}` });
  await server.start();
});
test.afterAll(async () => {
  await server?.stop();
  await target?.cleanup();
});

const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const START = iso(Date.now() - 60 * DAY);
const END = iso(Date.now() + 200 * DAY);
const FIRST = Number(START.slice(0, 4));
const TITLE = `${FIRST}–${FIRST + 1}`;
const NEXT = `${FIRST + 1}–${FIRST + 2}`;
const DATA = ["Classroom Portal", "English", "Español"];

async function signedIn(browser: Browser, code: string, locale?: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: server.base });
  const page = await context.newPage();
  await signIn(page, code);
  if (locale) await context.addCookies([{ name: "portal_locale", value: locale, url: server.base }]);
  return page;
}
const yearRow = (page: Page, title: string) => page.getByTestId("year-row").filter({ hasText: title });

test("an admin makes a year, closes it after the preview and starts the next; the teacher's class is gone", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const teacher = await signedIn(browser, CODES.instructor);
  await gotoHydrated(teacher, "/");
  await expect(teacher.getByText("Algebra I", { exact: true }).first()).toBeVisible();

  const admin = await signedIn(browser, CODES.admin);
  await gotoHydrated(admin, "/admin?tab=years");
  await expect(admin.getByText("No school year yet. Create the first one below.")).toBeVisible();
  await admin.locator("#new-year-title").fill(TITLE);
  await admin.locator("#new-year-start").fill(START);
  await admin.locator("#new-year-end").fill(END);
  await admin.getByRole("button", { name: "Create year" }).click();
  await expect(admin.getByRole("status").filter({ hasText: `${TITLE} created.` })).toBeVisible();
  await expect(yearRow(admin, TITLE)).toContainText("current");
  await expect(yearRow(admin, TITLE)).toContainText("Open");

  // Closing shows what it concludes first: the demo school's four classes and their students.
  await yearRow(admin, TITLE)
    .getByRole("button", { name: `Close year ${TITLE}` })
    .click();
  const dialog = admin.getByRole("alertdialog", { name: `Close ${TITLE}?` });
  await expect(dialog.getByTestId("close-preview")).toContainText(/Closing concludes 4 classes with \d+ students\./);
  await expect(dialog).toContainText("No term is waiting for its report cards to be published.");
  await dialog.getByRole("button", { name: "Close the year" }).click();
  await expect(dialog).toBeHidden();
  await expect(yearRow(admin, TITLE)).toContainText("Closed");

  await gotoHydrated(teacher, "/");
  await expect(teacher.getByText("Algebra I", { exact: true })).toHaveCount(0);

  // The next year: the form starts from the closed year's dates a year later.
  await gotoHydrated(admin, "/admin?tab=years");
  await expect(admin.getByRole("heading", { name: `Start the next year from ${TITLE}` })).toBeVisible();
  await expect(admin.locator("#next-year-title")).toHaveValue(NEXT);
  await expect(admin.locator("#next-year-start")).toHaveValue(`${FIRST + 1}${START.slice(4)}`);
  await admin.getByRole("button", { name: "Create the year and its terms" }).click();
  await expect(admin.getByRole("status").filter({ hasText: `${NEXT} created with 0 terms.` })).toBeVisible();
  await expect(yearRow(admin, NEXT)).toContainText("Open");
  await expect(yearRow(admin, TITLE)).toContainText("Closed");
  await teacher.context().close();
  await admin.context().close();
});

test("the Years tab: axe finds nothing in English and Spanish, light and dark, and nothing scrolls sideways at 375 px", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const found: string[] = [];
  for (const [locale, heading] of [
    ["en", "School years"],
    ["es", "Años escolares"],
  ] as const) {
    const page = await signedIn(browser, CODES.admin, locale);
    for (const scheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await gotoHydrated(page, "/admin?tab=years");
      await expect(page.getByRole("heading", { name: heading, exact: true })).toBeVisible();
      found.push(...(await axeViolations(page)).map((v) => `${locale} ${scheme}: ${v}`));
    }
    // The close dialog with its preview, open.
    await yearRow(page, NEXT).getByRole("button").click();
    await expect(page.getByTestId("close-preview")).toBeVisible();
    found.push(...(await axeViolations(page)).map((v) => `${locale} close dialog: ${v}`));
    await page.keyboard.press("Escape");
    await page.setViewportSize({ width: 375, height: 900 });
    await gotoHydrated(page, "/admin?tab=years");
    const wide = await page.evaluate(() => document.documentElement.scrollWidth);
    if (wide > 375) found.push(`${locale}: the page is ${wide} px wide at 375 px`);
    await page.context().close();
  }
  expect(found).toEqual([]);
});

test("pseudo-locale walk (en-XA): the close and reopen dialogs have no text without the markers", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const page = await signedIn(browser, CODES.admin, "en-XA");
  const found: Record<string, string[]> = {};
  const walk = async (name: string, title: string) => {
    await gotoHydrated(page, "/admin?tab=years");
    await yearRow(page, title).getByRole("button").click();
    const dialog = page.getByRole("alertdialog");
    await expect(dialog).toBeVisible();
    if (name === "close year") await expect(page.getByTestId("close-preview")).toBeVisible();
    const bad = await unmarkedText(page, { data: DATA, root: "[role=alertdialog]" });
    if (bad.length) found[name] = bad;
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
  };
  await walk("close year", NEXT);
  await walk("reopen year", TITLE);
  await page.context().close();
  expect(found).toEqual({});
});
