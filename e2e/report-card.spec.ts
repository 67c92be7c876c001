import type { Browser, Page } from "@playwright/test";
import { CODES, expect, gotoHydrated, signIn, test } from "./fixtures";

// Issue 39, items 15 and 18, on the family's report card screen (/children/<id>; the report-card
// link and the parent portal show the same component): one decimal mark per reader, counts that
// agree with their words, the attendance of the term the grade is for, and in a right-to-left
// language a mirrored card whose arrows point the way the page reads.

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const baseURL = () => test.info().project.use.baseURL ?? "http://localhost:3100";

/** The parent's own language, as they choose it on their settings page. */
async function chooseLanguage(page: Page, locale: "en" | "es"): Promise<void> {
  await gotoHydrated(page, "/notifications/settings");
  await page.getByRole("combobox", { name: /^(Language|Idioma)$/ }).selectOption(locale);
  await page.getByRole("button", { name: /^(Save language|Guardar el idioma)$/ }).click();
  await expect(page.getByText(locale === "es" ? "Idioma guardado." : "Language saved.")).toBeVisible();
}

/** The parent's first child's report card, in `locale`: their own choice, or a pseudo-locale's cookie. */
async function childCard(browser: Browser, locale: "en" | "es" | "ar-XB", width = 1280): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  await signIn(page, CODES.parent);
  // A pseudo-locale's cookie wins over the account's language here (PSEUDO_LOCALES=on).
  if (locale === "ar-XB") await context.addCookies([{ name: "portal_locale", value: locale, url: baseURL() }]);
  else await chooseLanguage(page, locale);
  await gotoHydrated(page, "/");
  await page.getByTestId("child-card").first().click();
  await expect(page.getByRole("tablist")).toBeVisible();
  return page;
}

async function setUpTerms(browser: Browser): Promise<Page> {
  const admin = await (await browser.newContext()).newPage();
  await signIn(admin, CODES.admin);
  await gotoHydrated(admin, "/admin?tab=terms");
  await admin.getByLabel("Name of term 1").fill("Otoño");
  await admin.getByLabel("First day of term 1").fill(day(-90));
  await admin.getByLabel("Last day of term 1").fill(day(-8));
  await admin.getByLabel("Name of term 2").fill("Invierno");
  await admin.getByLabel("First day of term 2").fill(day(-7));
  await admin.getByLabel("Last day of term 2").fill(day(90));
  await admin.getByRole("button", { name: "Save terms" }).click();
  await expect(admin.getByText("2 terms saved")).toBeVisible();
  await admin.reload();
  await admin.getByRole("button", { name: "Publish report cards for Otoño" }).click();
  await expect(admin.getByText("Otoño published: its report cards are out and its grades locked")).toBeVisible();
  return admin;
}

async function putTermsBack(admin: Page): Promise<void> {
  await admin.reload();
  await admin.getByRole("button", { name: "Unlock for Otoño" }).click();
  await expect(admin.getByText("Otoño unlocked: teachers can change its grades again")).toBeVisible();
  await admin.reload();
  await admin.getByLabel("Remove Otoño").check();
  await admin.getByLabel("Remove Invierno").check();
  await admin.getByRole("button", { name: "Save terms" }).click();
  await expect(admin.getByText("0 terms saved")).toBeVisible();
}

test("the report card in Spanish and right to left: numbers, words, the term's attendance, mirrored", async ({
  browser,
}) => {
  test.setTimeout(420_000);
  const admin = await setUpTerms(browser);
  try {
    const es = await childCard(browser, "es");
    const bio = es.getByTestId("report-class").filter({ hasText: "Biology" });
    // The grade and the attendance beside it are the same term's, and say which.
    await expect(bio).toContainText("Calificación (Invierno)");
    await expect(bio).toContainText("Asistencia (Invierno)");
    // Counted points with the reader's decimal mark, like the percents beside them.
    const points = bio.locator("dt", { hasText: "Puntos contados" }).locator("xpath=following-sibling::dd");
    await expect(points).toHaveText(/^(—|\d+,\d\d\/\d+,\d\d)$/);
    await expect(bio).not.toContainText(/\d\.\d/);
    // The published term's counts: each word agrees with its number.
    const published = bio.getByTestId("report-published");
    await expect(published).toContainText("Boleta de calificaciones de Otoño");
    const counts = (await published.textContent())!;
    const pairs = [...counts.matchAll(/(\d+) (presentes?|ausentes?|llegadas? tarde|justificadas?)/g)];
    expect(pairs).toHaveLength(4);
    for (const [, n, word] of pairs) expect(word!.split(" ")[0]!.endsWith("s"), `${n} ${word}`).toBe(n !== "1");
    // The class hour is "Hora", the grading term "período": two words for two things.
    await expect(bio).toContainText("Hora 2");
    await es.screenshot({ path: "test-results/report-card-es.png", fullPage: true });
    // Back to English for the other specs that share this server's database.
    await chooseLanguage(es, "en");
    await es.context().close();

    for (const width of [375, 1280]) {
      const rtl = await childCard(browser, "ar-XB", width);
      await expect(rtl.locator("html")).toHaveAttribute("dir", "rtl");
      const card = rtl.getByTestId("report-class").filter({ hasText: "Biology" });
      // Mirrored: the letter sits at the left end of the card's heading row, the class name at the right.
      const name = await card.getByRole("heading", { name: "Biology" }).boundingBox();
      const letter = await card.getByLabel(/Letter grade|No letter grade/).boundingBox();
      expect(letter!.x + letter!.width).toBeLessThan(name!.x);
      // A letter grade reads left to right even there: the "+" of "C+" after the "C", not before it.
      const order = await rtl.getByLabel(/Letter grade [A-F][+-]/).evaluateAll((badges) =>
        badges.map((badge) => {
          const text = badge.querySelector("bdi")?.firstChild ?? badge.firstChild!;
          const x = (i: number) => {
            const range = document.createRange();
            range.setStart(text, i);
            range.setEnd(text, i + 1);
            return range.getBoundingClientRect().x;
          };
          return x(0) < x(1);
        }),
      );
      expect(order.length).toBeGreaterThan(0);
      expect(order.every(Boolean)).toBe(true);
      // The back link's arrow points right, the way back in a right-to-left page.
      const arrow = rtl.locator("[data-arrow]").first();
      await expect(arrow).toHaveText("←");
      expect(await arrow.evaluate((e) => getComputedStyle(e).scale)).toBe("-1 1");
      expect(
        await rtl.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
      ).toBeLessThanOrEqual(0);
      await rtl.screenshot({ path: `test-results/report-card-rtl-${width}.png`, fullPage: true });
      await rtl.context().close();
    }
    // Left to right, the arrow is as written.
    const en = await childCard(browser, "en");
    const arrow = en.locator("[data-arrow]").first();
    expect(await arrow.evaluate((e) => getComputedStyle(e).scale)).not.toBe("-1 1");
    await en.context().close();
  } finally {
    await putTermsBack(admin);
  }
});
