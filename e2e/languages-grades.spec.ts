import type { Browser, Page } from "@playwright/test";
import { axeViolations, unmarkedText } from "./language-walk";
import { CODES, expect, gotoHydrated, signIn, test } from "./fixtures";

// Issue 31, the teacher's grade screens: the dashboard's Grades and Summary tabs, grading settings
// and term grades in the reader's language. Ms. Rivera (teach-rivera) and her Algebra I, read only:
// nothing is saved (the refusals shown are the server's and the grid's own checks).
// The server runs with PSEUDO_LOCALES=on (scripts/e2e-server.mjs), so the walk can ask for en-XA.

const CLASS = "ALG1-P1";
const BASE = () => test.info().project.use.baseURL ?? "http://localhost:3100";

/** Rivera signed in, then her browser's language cookie set as the switcher sets it. */
async function teacherIn(browser: Browser, locale: string, width = 1280): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  await signIn(page, CODES.instructor);
  await context.addCookies([{ name: "portal_locale", value: locale, url: BASE() }]);
  return page;
}

/** None of these English words is on the screen (exact text, or a pattern). */
async function noEnglish(page: Page, words: (string | RegExp)[]): Promise<void> {
  for (const word of words)
    await expect(page.getByText(word, typeof word === "string" ? { exact: true } : {}), String(word)).toHaveCount(0);
}

test.describe("a teacher in Spanish", () => {
  test("the Grades tab, the Summary, grading settings and term grades are in Spanish", async ({ browser }) => {
    test.setTimeout(180_000);
    const page = await teacherIn(browser, "es");

    // Grades: the grid, its help, the footer, the simple gradebook and Add Grade.
    await gotoHydrated(page, `/level/${CLASS}/update?tab=grades`);
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    const tab = page.getByTestId("grades-tab");
    await expect(tab.getByRole("group", { name: "Vista de las calificaciones" })).toBeVisible();
    await expect(tab.getByRole("button", { name: "Cuadrícula de calificaciones" })).toBeVisible();
    for (const link of ["Calificaciones del período", "Configuración de las calificaciones", "Exportar CSV"])
      await expect(tab.getByRole("link", { name: link })).toBeVisible();
    await expect(tab.getByRole("columnheader", { name: "Estudiante" })).toBeVisible();
    await expect(tab.getByRole("columnheader", { name: /^Calificación (de |del año)/ })).toBeVisible();
    await expect(tab.getByRole("rowheader", { name: "Promedio de la clase" })).toBeVisible();
    await expect(tab.getByTestId("grades-footer")).toHaveText(/^\d+ estudiantes? · \d+ tareas? · \d+ calificacio/);
    await expect(tab.getByText(/^En una celda:/)).toBeVisible();
    // A score out of range is refused by the grid itself, before anything is sent.
    await tab.locator("[data-cell='0:0']").click();
    const editor = tab.getByRole("textbox", { name: /^Puntuación de / });
    await editor.fill("100000");
    await editor.press("Enter");
    await expect(page.getByText(/^Por favor, escriba una puntuación válida entre 0 y /).first()).toBeVisible();
    await noEnglish(page, [
      "Grade grid",
      "Simple gradebook",
      "Term grades",
      "Grading settings",
      "Export CSV",
      "Add Grade",
      "Student",
      "Class average",
      "Year grade",
      /grades entered$/,
      /^On a cell:/,
      /^Please enter a valid score/,
    ]);
    await tab.getByRole("button", { name: "Libro de calificaciones sencillo" }).click();
    await expect(page.getByTestId("gradebook").getByRole("textbox").first()).toHaveAccessibleName(/^Puntuación de /);
    await tab.getByRole("button", { name: "Agregar calificación" }).click();
    const dialog = page.getByRole("dialog", { name: "Agregar calificación" });
    await expect(dialog.getByLabel("Estudiante")).toBeVisible();
    await expect(dialog.getByLabel("Tarea")).toBeVisible();
    await expect(dialog.getByLabel("Puntuación")).toBeVisible();
    await expect(dialog.getByLabel("Comentarios (opcional)")).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Guardar la calificación" })).toBeVisible();
    await dialog.getByRole("button", { name: "Cancelar" }).click();
    await expect(dialog).toBeHidden();

    // Summary: the cards, the table's headings, the status, the why and the activity.
    await gotoHydrated(page, `/level/${CLASS}/update?tab=summary`);
    const summary = page.getByTestId("summary-tab");
    for (const card of ["Total de estudiantes", "Calificación promedio", "Asistencia promedio"])
      await expect(summary.getByText(card, { exact: true })).toBeVisible();
    await expect(summary.getByRole("columnheader", { name: /^Calificación · / })).toBeVisible();
    await expect(summary.getByRole("columnheader", { name: /^Asistencia · / })).toBeVisible();
    await expect(summary.getByRole("heading", { name: "Actividad reciente" })).toBeVisible();
    await expect(summary.getByText("Por qué esta calificación").first()).toBeVisible();
    await summary.getByText("Por qué esta calificación").first().click();
    await expect(summary.locator(".summary-why li").first()).toHaveText(
      /^(Puntos totales|Categorías ponderadas|Todavía no hay trabajos calificados)/,
    );
    await noEnglish(page, [
      "Total students",
      "Average grade",
      "Average attendance",
      "Recent activity",
      "Why this grade",
      "Excellent",
      "Good",
      "Needs Attention",
      /^Grade · /,
      /^Attendance · /,
      /counted points$/,
      /^Total points: /,
      / submitted “/,
      / was graded on “/,
    ]);

    // Grading settings: the form, and the server's refusal of a weight that is not a percent.
    await gotoHydrated(page, `/level/${CLASS}/update/grading`);
    await expect(page.getByRole("heading", { level: 1, name: "Configuración de las calificaciones" })).toBeVisible();
    await expect(page).toHaveTitle(/Configuración de las calificaciones/);
    await expect(page.getByRole("group", { name: "Cómo se obtiene la calificación del período" })).toBeVisible();
    await page.getByLabel("Categorías ponderadas").check();
    const weight = page.getByRole("textbox", { name: /^Peso de / }).first();
    await weight.fill("abc");
    await page.getByRole("button", { name: "Guardar la configuración de las calificaciones" }).click();
    await expect(page.getByText("Los pesos son porcentajes, como 25 o 12,5")).toBeVisible();
    await noEnglish(page, [
      "Grading settings",
      "How the term grade is made",
      "Total points",
      "Weighted categories",
      "Categories",
      "Late work",
      "Save grading settings",
      "Back to grades",
      "Weights are percents such as 25 or 12.5",
    ]);

    // Term grades: the table, the why lines.
    await gotoHydrated(page, `/level/${CLASS}/update/term-grades`);
    await expect(page.getByRole("heading", { level: 1, name: "Calificaciones del período" })).toBeVisible();
    await expect(page).toHaveTitle(/Calificaciones del período/);
    for (const heading of ["Estudiante", "Calificación", "Por qué"])
      await expect(page.getByRole("columnheader", { name: heading, exact: true })).toBeVisible();
    await page.getByTestId("term-grade-row").first().getByText("Por qué").click();
    await expect(page.getByTestId("term-grade-row").first().locator("li").first()).toHaveText(
      /^(Puntos totales|Categorías ponderadas|Todavía no hay trabajos calificados)/,
    );
    await noEnglish(page, ["Term grades", "Student", "Grade", "Why", "Back to grades", /^Total points: /]);
    await page.context().close();
  });

  test("the Spanish and right-to-left grade screens fit a phone and a desktop, and axe finds nothing (screenshots in test-results/)", async ({
    browser,
  }) => {
    test.setTimeout(240_000);
    for (const locale of ["es", "ar-XB"])
      for (const width of [375, 1280]) {
        const page = await teacherIn(browser, locale, width);
        for (const [name, path] of [
          ["grades", `/level/${CLASS}/update?tab=grades`],
          ["summary", `/level/${CLASS}/update?tab=summary`],
          ["grading", `/level/${CLASS}/update/grading`],
          ["term-grades", `/level/${CLASS}/update/term-grades`],
        ] as const) {
          await gotoHydrated(page, path);
          await page.screenshot({ path: `test-results/grades-${locale}-${name}-${width}.png`, fullPage: true });
          expect(await sidewaysScroll(page), `${locale} ${name} at ${width}px`).toBeLessThanOrEqual(0);
          if (width === 1280) expect(await axeViolations(page), `axe, ${locale} ${name}`).toEqual([]);
        }
        await page.context().close();
      }
  });
});

test.describe("every grade screen comes from the catalog", () => {
  test("pseudo-locale walk: the Grades tab (both views, Add Grade), the Summary, grading settings and term grades", async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const page = await teacherIn(browser, "en-XA");
    const found: Record<string, string[]> = {};
    const walk = async (where: string, root: string, skip: string[] = []) => {
      const bad = await unmarkedText(page, { root, skip });
      if (bad.length) found[where] = bad;
    };
    await gotoHydrated(page, `/level/${CLASS}/update?tab=grades`);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.getByTestId("grade-grid")).toBeVisible();
    await walk("grades tab, grid", "[data-testid=grades-tab]");
    await page.getByRole("button", { name: /Simple gradebook/ }).click();
    await expect(page.getByTestId("gradebook")).toBeVisible();
    await walk("grades tab, simple gradebook", "[data-testid=grades-tab]");
    await page.getByRole("button", { name: /Add Grade/ }).click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await walk("Add Grade", "[role=dialog]");
    await page.keyboard.press("Escape");

    await gotoHydrated(page, `/level/${CLASS}/update?tab=summary`);
    await page.locator(".summary-why summary").first().click();
    // "Message guardians" is the messaging screens' (translated with them), not the Summary's own.
    await walk("summary tab", "[data-testid=summary-tab]", ["[data-testid=summary-tab] section > div > button"]);

    for (const path of ["grading", "term-grades"]) {
      await gotoHydrated(page, `/level/${CLASS}/update/${path}`);
      if (path === "term-grades") await page.getByTestId("term-grade-row").first().locator("summary").click();
      await walk(path, "main");
    }
    await page.context().close();
    expect(found).toEqual({});
  });
});

async function sidewaysScroll(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}
