import { expect, test } from "@playwright/test";

// Issue 32: "Sign in with <label>" through a real OpenID provider (oidc-provider, started by
// scripts/e2e-server.mjs with the accounts in scripts/oidc-test-provider.mjs).

async function signInAtProvider(page: import("@playwright/test").Page, login: string) {
  await page.goto("/");
  const dialog = page.getByRole("dialog", { name: "Sign In" });
  await dialog.getByRole("link", { name: "Sign in with Demo School" }).click();
  // The provider's own login page.
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill("any password");
  await page.getByRole("button", { name: "Sign-in" }).click();
}

test("a teacher signs in with her school account and lands on her home", async ({ page }) => {
  await signInAtProvider(page, "elena");
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText("Elena Rivera").first()).toBeVisible();
  await expect(page.getByRole("dialog", { name: "Sign In" })).toHaveCount(0);
  // Her classes (Algebra I, Geometry) are on her home.
  await expect(page.getByText("Algebra I").first()).toBeVisible();
});

test("an account no portal user has is refused, with what to do", async ({ page }) => {
  await signInAtProvider(page, "stranger");
  const dialog = page.getByRole("dialog", { name: "Sign In" });
  await expect(dialog.getByRole("alert")).toHaveText(
    /No portal account matches this school account\. Ask the school office to put your school e-mail address on your portal account/,
  );
});

test("a student whose e-mail the provider has not verified is refused", async ({ page }) => {
  await signInAtProvider(page, "ava");
  const dialog = page.getByRole("dialog", { name: "Sign In" });
  await expect(dialog.getByRole("alert")).toHaveText(/e-mail address is not verified/);
  // The code field is still there for her.
  await expect(dialog.getByLabel("Access Code")).toBeVisible();
});

test("the school-account button is a plain link that works without JavaScript", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await signInAtProvider(page, "david");
  await expect(page.getByText("David Chen").first()).toBeVisible();
  await context.close();
});
