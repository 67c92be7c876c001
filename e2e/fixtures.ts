import { expect, test as base, type Browser, type Page, type Response } from "@playwright/test";

export const E2E_SESSION_SECRET = process.env.E2E_SESSION_SECRET ?? "e2e-only-session-secret-0123456789abcdef";

export const CODES = {
  admin: "admin-demo",
  instructor: "teach-rivera",
  otherInstructor: "teach-chen",
  student: "stu-01",
  unenrolledStudent: "stu-30",
  parent: "parent-johnson",
} as const;

/**
 * Waits until React has hydrated the page (components/hydration-marker.tsx sets
 * `<html data-hydrated>`): before that a click lands on server HTML with no handler attached, and
 * on a slow machine it is lost. Needed after every full navigation (goto, reload, a new tab);
 * client-side navigations keep the page hydrated.
 */
export async function hydrated(page: Page): Promise<void> {
  await page.locator("html[data-hydrated]").waitFor({ state: "attached", timeout: 60_000 });
}

/** Opens a URL and waits for the page to be interactive. */
export async function gotoHydrated(page: Page, url: string): Promise<Response | null> {
  const response = await page.goto(url);
  await hydrated(page);
  return response;
}

/**
 * Resolves once `text` has appeared anywhere on the page, even if only for a moment (a toast lasts
 * 3 s): the watch runs in the page from before the action that shows it. Start it, then act, then
 * await it.
 */
export function textAppears(page: Page, text: string): Promise<void> {
  return page
    .waitForFunction((t) => document.body.innerText.includes(t), text, { polling: "raf", timeout: 60_000 })
    .then(() => undefined);
}

const patched = new WeakSet<Page>();
/** goto/reload/goBack/goForward on this page wait for hydration when they load an HTML page. */
function waitForHydrationOnNavigation(page: Page): void {
  if (patched.has(page)) return;
  patched.add(page);
  for (const method of ["goto", "reload", "goBack", "goForward"] as const) {
    const original = page[method].bind(page) as (...args: unknown[]) => Promise<Response | null>;
    (page as unknown as Record<string, unknown>)[method] = async (...args: unknown[]) => {
      const response = await original(...args);
      // Only a page whose Next scripts ran will hydrate: not a route handler's printable HTML, not a
      // context without JavaScript (Next's inline scripts define self.__next_f as the page loads).
      const html = (response?.headers()["content-type"] ?? "").startsWith("text/html");
      if (html && (await page.evaluate(() => "__next_f" in self).catch(() => false))) await hydrated(page);
      return response;
    };
  }
}

export async function signIn(page: Page, code: string): Promise<void> {
  await gotoHydrated(page, "/");
  const dialog = page.getByRole("dialog", { name: "Sign In" });
  await dialog.getByLabel("Access Code").fill(code);
  await dialog.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByRole("button", { name: "Logout" })).toBeVisible();
}

export const test = base.extend<{ loginAs: (role: keyof typeof CODES) => Promise<void> }>({
  // Pages of contexts a test makes itself (browser.newContext()) wait for hydration too.
  browser: [
    async ({ browser }, use) => {
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (options) => {
        const context = await newContext(options);
        if (options?.javaScriptEnabled !== false) context.on("page", waitForHydrationOnNavigation);
        return context;
      };
      await use(browser);
    },
    { scope: "worker" },
  ],
  // Every page of the test's context (the `page` fixture and context.newPage()) waits for hydration
  // after a navigation, unless the test runs without JavaScript (nothing would ever hydrate).
  //
  // Every page of it also fails the test on a message its screen's catalog namespaces lack: the root
  // layout sends only the shared ones, and a page adds its own (components/page-messages.tsx).
  context: async ({ context, javaScriptEnabled }, use) => {
    if (javaScriptEnabled !== false) {
      context.pages().forEach(waitForHydrationOnNavigation);
      context.on("page", waitForHydrationOnNavigation);
    }
    const missing: string[] = [];
    const watch = (page: Page) =>
      page.on("console", (m) => {
        if (m.type() === "error" && m.text().includes("MISSING_MESSAGE")) missing.push(`${page.url()}: ${m.text()}`);
      });
    context.pages().forEach(watch);
    context.on("page", watch);
    await use(context);
    expect(missing, "messages missing from the page's catalog namespaces").toEqual([]);
  },
  loginAs: async ({ page }, use) => {
    await use((role) => signIn(page, CODES[role]));
  },
});

export { expect };

/**
 * A new report-card link for a student's first guardian, issued by an admin in a context of its
 * own (the admin's student page shows the address once). Returns the full URL.
 */
export async function issueReportLink(browser: Browser, studentCode: string): Promise<string> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, CODES.admin);
  await gotoHydrated(page, `/admin?tab=students&q=${encodeURIComponent(studentCode)}`);
  await page
    .getByRole("link", { name: /^Guardians of/ })
    .first()
    .click();
  await page.getByRole("button", { name: "Issue link" }).click();
  const url = (await page.getByTestId("new-report-link").textContent())!.trim();
  await context.close();
  return url;
}

/**
 * Noah Kim signs in with his school account (scripts/oidc-test-provider.mjs) in a browser of his
 * own, which links it by his verified e-mail if it is not linked yet; returns that page. His account
 * is used only for the link screens (e2e/oidc-links.spec.ts and the dialog walk).
 */
export async function noahSignsIn(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await gotoHydrated(page, "/");
  await page.getByRole("dialog", { name: "Sign In" }).getByRole("link", { name: "Sign in with Demo School" }).click();
  await page.locator('input[name="login"]').fill("noah");
  await page.locator('input[name="password"]').fill("any password");
  await page.getByRole("button", { name: "Sign-in" }).click();
  return page;
}
