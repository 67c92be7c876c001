import { expect, test as base, type Browser, type Page } from "@playwright/test";

export const E2E_SESSION_SECRET = process.env.E2E_SESSION_SECRET ?? "e2e-only-session-secret-0123456789abcdef";

export const CODES = {
  admin: "admin-demo",
  instructor: "teach-rivera",
  otherInstructor: "teach-chen",
  student: "stu-01",
  unenrolledStudent: "stu-30",
  parent: "parent-johnson",
} as const;

export async function signIn(page: Page, code: string): Promise<void> {
  await page.goto("/");
  const dialog = page.getByRole("dialog", { name: "Sign In" });
  await dialog.getByLabel("Access Code").fill(code);
  await dialog.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByRole("button", { name: "Logout" })).toBeVisible();
}

export const test = base.extend<{ loginAs: (role: keyof typeof CODES) => Promise<void> }>({
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
  await page.goto(`/admin?tab=students&q=${encodeURIComponent(studentCode)}`);
  await page
    .getByRole("link", { name: /^Guardians of/ })
    .first()
    .click();
  await page.getByRole("button", { name: "Issue link" }).click();
  const url = (await page.getByTestId("new-report-link").textContent())!.trim();
  await context.close();
  return url;
}
