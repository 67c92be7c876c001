import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { CODES, expect, gotoHydrated, noahSignsIn, signIn, test } from "./fixtures";

// Issue 39, item 3: an admin removes a school-account link and blocks the account from linking
// again (a Radix confirmation with the choice), the account is then refused at sign-in, and the
// admin lifts the block on the person's page. Noah Kim's account at the test provider is used only
// here (scripts/oidc-test-provider.mjs), so the other sign-in specs are not affected.

const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"];

async function axeFindings(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(" | ")}`);
}

test("an admin removes a link and blocks the account; it is refused until she lifts the block", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  // Noah's first sign-in links his school account by his verified e-mail.
  const noah = await noahSignsIn(browser);
  await expect(noah.getByText("Noah Kim").first()).toBeVisible();
  await noah.context().close();

  await signIn(page, CODES.admin);
  await gotoHydrated(page, "/admin/sign-in");
  await page
    .getByTestId("sign-in-link-row")
    .filter({ hasText: "Noah Kim" })
    .getByRole("link", { name: "Noah Kim" })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: "Noah Kim" })).toBeVisible();
  const personPage = page.url();

  await page.getByRole("button", { name: "Remove Demo School link of Noah Kim" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Remove this sign-in link?" });
  await expect(confirm).toContainText("Noah Kim is signed out everywhere.");
  const block = confirm.getByRole("checkbox", { name: "Block this account from linking again" });
  await expect(block).not.toBeChecked();
  await expect(confirm.getByRole("button", { name: "Cancel" })).toBeFocused();
  expect(await axeFindings(page), "axe, the remove confirmation").toEqual([]);
  await page.screenshot({ path: test.info().outputPath("remove-confirmation.png") });
  await block.check();
  await confirm.getByRole("button", { name: "Remove link" }).click();

  await expect(page.getByTestId("sign-in-link-row")).toHaveCount(0);
  const blocked = page.getByTestId("sign-in-block-row");
  await expect(blocked).toHaveCount(1);
  await expect(blocked).toContainText("noah.kim@students.demo.school");
  await expect(page.getByRole("heading", { name: "Blocked school accounts" })).toBeVisible();
  expect(await axeFindings(page), "axe, the person's page with a block").toEqual([]);
  await page.screenshot({ path: test.info().outputPath("person-with-block.png"), fullPage: true });

  // Noah is refused, with what to do, and no link comes back.
  const refused = await noahSignsIn(browser);
  await expect(refused.getByRole("dialog", { name: "Sign In" }).getByRole("alert")).toHaveText(
    "This school account has been blocked from signing in to the portal. Ask the school office.",
  );
  await refused.context().close();
  await gotoHydrated(page, personPage);
  await expect(page.getByTestId("sign-in-link-row")).toHaveCount(0);

  // The admin lifts the block, after confirming; Noah signs in again and is linked again.
  await page.getByRole("button", { name: "Lift block Demo School account noah.kim@students.demo.school" }).click();
  const lift = page.getByRole("alertdialog", { name: "Lift this block?" });
  expect(await axeFindings(page), "axe, the lift confirmation").toEqual([]);
  await lift.getByRole("button", { name: "Lift block" }).click();
  await expect(page.getByTestId("sign-in-block-row")).toHaveCount(0);
  const again = await noahSignsIn(browser);
  await expect(again.getByText("Noah Kim").first()).toBeVisible();
  await again.context().close();
  await page.reload();
  await expect(page.getByTestId("sign-in-link-row")).toHaveCount(1);
});

test("the confirmation reads in Spanish", async ({ page, context, browser }) => {
  // Noah's link (made again if the test above did not run).
  await (await noahSignsIn(browser)).context().close();
  await signIn(page, CODES.admin);
  await context.addCookies([
    { name: "portal_locale", value: "es", url: test.info().project.use.baseURL ?? "http://localhost:3100" },
  ]);
  await gotoHydrated(page, "/admin/sign-in");
  await page
    .getByRole("button", { name: /^Quitar vínculo de Demo School de / })
    .first()
    .click();
  const confirm = page.getByRole("alertdialog", { name: "¿Quitar este vínculo de inicio de sesión?" });
  await expect(confirm.getByRole("checkbox", { name: "Impedir que esta cuenta se vuelva a vincular" })).toBeVisible();
  await expect(confirm.getByRole("button", { name: "Quitar vínculo" })).toBeVisible();
  await confirm.getByRole("button", { name: "Cancelar" }).click();
  await expect(confirm).toHaveCount(0);
});
