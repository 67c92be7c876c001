import type { Browser, Page } from "@playwright/test";
import { unmarkedText } from "./language-walk";
import { CODES, expect, gotoHydrated, test } from "./fixtures";

// Issue 31, the staff side: a teacher reads the class dashboard in their own language. The demo's
// teacher is only read (the language comes from the portal_locale cookie, so the account is not
// changed); nothing here writes: the one action answer comes from a refused edit and a preview.
// The server runs with PSEUDO_LOCALES=on (scripts/e2e-server.mjs), so the walk can ask for en-XA.

const TEACHER = CODES.otherInstructor; // David Chen: Biology (BIO-P2) and World History
const DASHBOARD = "/level/BIO-P2/update";
const baseURL = () => test.info().project.use.baseURL ?? "http://localhost:3100";

async function teacherIn(browser: Browser, locale: string, width = 1280): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  await context.addCookies([{ name: "portal_locale", value: locale, url: baseURL() }]);
  const page = await context.newPage();
  await gotoHydrated(page, "/");
  const dialog = page.getByRole("dialog", { name: /Sign In|Iniciar sesión/ });
  await dialog.getByLabel(/Access Code|Código de acceso/).fill(TEACHER);
  await dialog.getByRole("button", { name: /Sign In|Iniciar sesión/ }).click();
  await expect(page.getByRole("button", { name: /Logout|Cerrar sesión/ })).toBeVisible();
  return page;
}

/** None of these English words of the spec is on the screen (exact text, or a pattern). */
async function noEnglish(page: Page, words: (string | RegExp)[]): Promise<void> {
  for (const word of words)
    await expect(page.getByText(word, typeof word === "string" ? { exact: true } : {}), String(word)).toHaveCount(0);
}

test.describe("a teacher in Spanish", () => {
  test("the dashboard's header, Updates, Assignments, Students, attendance grid and roll call are in Spanish", async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const page = await teacherIn(browser, "es");

    await gotoHydrated(page, `${DASHBOARD}?tab=updates`);
    await expect(page).toHaveTitle(/^Panel de la clase/);
    const sections = page.getByRole("navigation", { name: "Secciones del panel de la clase" });
    for (const tab of ["Resumen", "Anuncios", "Tareas", "Calificaciones", "Asistencia", "Estudiantes"])
      await expect(sections.getByRole("link", { name: tab, exact: true })).toBeVisible();
    await expect(page.getByRole("link", { name: /Volver a la página de la clase/ })).toBeVisible();
    await expect(page.getByText("Hora 2", { exact: false }).first()).toBeVisible();
    await expect(page.getByRole("button", { name: "Nuevo anuncio" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Editar todo" }).first()).toBeVisible();
    await expect(page.getByRole("button", { name: "Archivos" }).first()).toBeVisible();
    await noEnglish(page, ["Back to class page", "New Announcement", "Edit Full", "Files", "Delete", "Summary"]);

    // An action's refusal in Spanish: Edit Full with a title of spaces is refused by the server's
    // schema ("Title is required"), so nothing is written.
    await page.getByRole("button", { name: "Editar todo" }).first().click();
    const edit = page.getByRole("dialog", { name: "Editar anuncio" });
    await edit.getByLabel("Título").fill("   ");
    await edit.getByRole("button", { name: "Guardar cambios" }).click();
    await expect(edit.getByRole("alert")).toHaveText("El título es obligatorio");
    await edit.getByRole("button", { name: "Cancelar" }).click();

    await gotoHydrated(page, `${DASHBOARD}?tab=assignments`);
    await expect(page.getByRole("heading", { name: "Tareas" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Nueva tarea" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Calificar en bloque" }).first()).toBeVisible();
    await expect(page.getByTestId("managed-assignment").first()).toContainText("Puntuación máxima");
    await noEnglish(page, ["New Assignment", "Bulk Grade", "View Responses", "Message guardians", /Max score/]);
    // The preview of a message to guardians (a read): its description comes from the server.
    await page.getByRole("button", { name: "Escribir a los tutores" }).first().click();
    const message = page.getByRole("dialog", { name: /Escribir a los tutores: no entregaron/ });
    await message.getByLabel("Mensaje").fill("Recordatorio");
    await message.getByRole("button", { name: "Ver destinatarios" }).click();
    await expect(message.getByTestId("message-preview")).toContainText("estudiantes que no han entregado «");
    await message.getByRole("button", { name: "Cancelar" }).click();
    await page.getByRole("button", { name: "Nueva tarea" }).click();
    const form = page.getByRole("dialog", { name: "Nueva tarea" });
    for (const label of ["Título", "Puntuación máxima", "Fecha de entrega", "Categoría (opcional)"])
      await expect(form.getByLabel(label)).toBeVisible();
    await form.getByRole("button", { name: "Cancelar" }).click();

    await gotoHydrated(page, `${DASHBOARD}?tab=students`);
    await expect(page.getByRole("heading", { name: /^Estudiantes \(\d+\)$/ })).toBeVisible();
    for (const column of ["Estudiante", "Contacto", "Código", "Inscrito"])
      await expect(page.getByRole("columnheader", { name: column })).toBeVisible();
    await expect(page.getByRole("button", { name: "Agregar estudiantes" })).toBeVisible();
    await noEnglish(page, ["Add Students", "Contact", "Joined", "Edit", "Remove", "Print sign-in cards"]);
    await page.getByRole("button", { name: "Agregar estudiantes" }).click();
    const add = page.getByRole("dialog", { name: "Agregar estudiantes" });
    await expect(add.getByRole("tab", { name: "Crear estudiante nuevo" })).toBeVisible();
    await expect(add.getByLabel("Buscar estudiantes")).toBeVisible();
    await add.getByRole("button", { name: "Cerrar" }).click();

    await gotoHydrated(page, `${DASHBOARD}?tab=attendance&view=grid`);
    const grid = page.getByTestId("attendance-grid");
    await expect(grid.getByRole("rowheader", { name: "Resumen del día" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Agregar día" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Exportar CSV" })).toBeVisible();
    await expect(page.getByTestId("attendance-window")).toContainText(" de ");
    await noEnglish(page, ["Add New", "Export CSV", "Day summary", "Later days →", "% and totals count every day."]);

    // The roll call: its words come from the page (no catalog in the browser), letters and keys too.
    await gotoHydrated(page, `${DASHBOARD}?tab=attendance&view=roll`);
    await expect(page.getByRole("heading", { name: /^Pasar lista · / })).toBeVisible();
    const views = page.getByRole("navigation", { name: "Vistas de asistencia" });
    await expect(views.getByRole("link", { name: "Todos los días" })).toBeVisible();
    const roll = page.getByRole("list", { name: /^Pasar lista, / });
    const first = roll.getByRole("radiogroup").first();
    await expect(first.getByRole("radio")).toHaveText(["P", "A", "T", "J"]);
    for (const name of ["Presente", "Ausente", "Tarde", "Justificada"])
      await expect(first.getByRole("radio", { name })).toBeVisible();
    await expect(page.locator("#roll-call-keys")).toContainText("justificada");
    await expect(page.getByTestId("roll-call-totals")).toContainText("Sin marcar");
    await noEnglish(page, ["Previous day", "All days", "Unmarked", /One tap per student/, /^Roll call/]);

    // /teacher: the page's title and the class switcher's label.
    await gotoHydrated(page, "/teacher?class=BIO-P2&tab=students");
    await expect(page).toHaveTitle(/^Panel del docente/);
    await expect(page.getByLabel("Clase", { exact: true })).toBeVisible();
    await page.context().close();
  });

  test("the Spanish and right-to-left dashboards at 375 and 1280 px (screenshots in test-results/)", async ({
    browser,
  }) => {
    test.setTimeout(240_000);
    for (const locale of ["es", "ar-XB"])
      for (const width of [375, 1280]) {
        const page = await teacherIn(browser, locale, width);
        for (const tab of ["updates", "assignments", "students", "attendance&view=grid", "attendance&view=roll"]) {
          await gotoHydrated(page, `${DASHBOARD}?tab=${tab}`);
          await page.screenshot({
            path: `test-results/teacher-${locale}-${width}-${tab.replace(/\W/g, "-")}.png`,
            fullPage: true,
          });
        }
        await page.context().close();
      }
  });
});

test.describe("every dashboard tab of the teacher's own comes from the catalog", () => {
  test("pseudo-locale walk: Updates, Assignments, Students, the attendance grid, the roll call and their dialogs", async ({
    browser,
  }) => {
    test.setTimeout(240_000);
    const page = await teacherIn(browser, "en-XA");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    const found: Record<string, string[]> = {};
    const walk = async (where: string) => {
      // Data: the portal's name, and what the walk itself typed into a message.
      const bad = await unmarkedText(page, { data: ["Classroom Portal", "A reminder"] });
      if (bad.length) found[where] = bad;
    };
    for (const tab of ["updates", "assignments", "students", "attendance&view=grid", "attendance&view=roll"]) {
      await gotoHydrated(page, `${DASHBOARD}?tab=${tab}`);
      await expect(page.getByRole("navigation", { name: /Class dashboard sections/ })).toBeVisible();
      await walk(tab);
    }
    await gotoHydrated(page, "/teacher?class=BIO-P2&tab=students");
    await walk("/teacher");

    // Dialogs (the walk sees only what is visible).
    await gotoHydrated(page, `${DASHBOARD}?tab=updates`);
    await page.getByRole("button", { name: /New Announcement/ }).click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await walk("updates, new announcement");
    await gotoHydrated(page, `${DASHBOARD}?tab=assignments`);
    await page.getByRole("button", { name: /New Assignment/ }).click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await walk("assignments, new assignment");
    await gotoHydrated(page, `${DASHBOARD}?tab=assignments`);
    await page
      .getByRole("button", { name: /Bulk Grade/ })
      .first()
      .click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await walk("assignments, bulk grade");
    await gotoHydrated(page, `${DASHBOARD}?tab=assignments`);
    await page
      .getByRole("button", { name: /Message guardians/ })
      .first()
      .click();
    await page.locator("#message-text").fill("A reminder");
    await page
      .getByRole("dialog")
      .getByRole("button", { name: /Preview recipients/ })
      .click();
    await expect(page.getByTestId("message-preview")).toBeVisible();
    await walk("assignments, message guardians preview");
    await gotoHydrated(page, `${DASHBOARD}?tab=students`);
    await page.getByRole("button", { name: /Add Students/ }).click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await walk("students, add students");
    await page.getByRole("tab", { name: /Create New Student/ }).click();
    await walk("students, create new student");
    await gotoHydrated(page, `${DASHBOARD}?tab=students`);
    await page.getByRole("button", { name: /Edit/ }).first().click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await walk("students, edit student");
    await page.context().close();
    expect(found).toEqual({});
  });
});
