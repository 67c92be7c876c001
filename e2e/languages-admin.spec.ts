import type { BrowserContext, Page } from "@playwright/test";
import { axeViolations, unmarkedText } from "./language-walk";
import { CODES, expect, gotoHydrated, signIn, test } from "./fixtures";

// Issue 31, the staff screens: an admin who reads Spanish gets /admin, its tabs, a person's page and
// the admin actions' answers in Spanish. The demo admin is only read here: the language comes from
// the `portal_locale` cookie (the account has chosen none), and the one form posted is refused.
// The server runs with PSEUDO_LOCALES=on (scripts/e2e-server.mjs), so the walk can ask for en-XA.

const TABS = ["classes", "students", "parents", "years", "terms", "roster", "mail", "security", "audit"] as const;

async function inLanguage(page: Page, context: BrowserContext, locale: string): Promise<void> {
  await signIn(page, CODES.admin);
  await context.addCookies([
    { name: "portal_locale", value: locale, url: test.info().project.use.baseURL ?? "http://localhost:3100" },
  ]);
}

/** None of these English words is on the screen (exact text, or a pattern). */
async function noEnglish(page: Page, words: (string | RegExp)[]): Promise<void> {
  for (const word of words)
    await expect(page.getByText(word, typeof word === "string" ? { exact: true } : {}), String(word)).toHaveCount(0);
}

test.describe("an admin in Spanish", () => {
  test("every admin tab, a dialog, an action's refusal and a student's admin page are in Spanish", async ({
    page,
    context,
  }) => {
    test.setTimeout(180_000);
    await inLanguage(page, context, "es");

    await gotoHydrated(page, "/admin");
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    await expect(page.getByRole("heading", { level: 1, name: "Panel de administración" })).toBeVisible();
    const nav = page.getByRole("navigation", { name: "Secciones de administración" });
    for (const name of [/^Clases \(\d+\)$/, /^Estudiantes \(\d+\)$/, /^Padres \(\d+\)$/, "Períodos"])
      await expect(nav.getByRole("link", { name })).toBeVisible();
    for (const name of ["Importar y exportar", "Correo electrónico", "Seguridad", "Registro de auditoría"])
      await expect(nav.getByRole("link", { name })).toBeVisible();
    await expect(page.getByRole("button", { name: "Nuevo usuario" })).toBeVisible();

    // Classes: the table, and the students' figures dialog (a read-only action).
    await expect(page.getByRole("button", { name: "Nueva clase" })).toBeVisible();
    await expect(page.getByRole("columnheader", { name: "Promedio de la clase" })).toBeVisible();
    await page
      .getByRole("button", { name: /^Ver estudiantes de / })
      .first()
      .click();
    const figures = page.getByRole("dialog", { name: /^Estudiantes de / });
    await expect(figures.getByRole("columnheader", { name: "Promedio de calificaciones" })).toBeVisible();
    await figures.getByRole("button", { name: "Cerrar" }).first().click();
    await noEnglish(page, ["Admin Dashboard", "New Class", "New User", "Class average", "View Students", "Edit"]);

    await gotoHydrated(page, "/admin?tab=students");
    await expect(
      page.getByRole("searchbox", { name: "Buscar por nombre, usuario, correo electrónico o código" }),
    ).toBeVisible();
    await expect(page.getByTestId("code-badge").first()).toHaveAttribute("aria-label", /^Código de acceso /);
    await expect(page.getByRole("button", { name: "Mostrar las clases" }).first()).toBeVisible();
    // The edit dialog, closed without saving.
    await page
      .getByTestId("admin-student-row")
      .first()
      .getByRole("button", { name: /^Editar / })
      .click();
    const edit = page.getByRole("dialog", { name: /^Editar / });
    await expect(edit.getByLabel("Fecha de nacimiento (opcional)")).toBeVisible();
    await expect(edit.getByRole("button", { name: "Guardar los cambios" })).toBeVisible();
    await edit.getByRole("button", { name: "Cancelar" }).click();
    await expect(edit).toBeHidden();
    await noEnglish(page, ["Show Classes", "Guardians", "New code", "Search"]);

    await gotoHydrated(page, "/admin?tab=parents");
    await expect(page.getByRole("heading", { name: "Cartas para los padres" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Imprimir las cartas" })).toBeVisible();
    await noEnglish(page, ["Parent letters", "Print letters", "Username", "Joined", "Phone"]);

    await gotoHydrated(page, "/admin?tab=terms");
    await expect(page.getByRole("button", { name: "Guardar los períodos" })).toBeVisible();
    await expect(page.getByRole("columnheader", { name: "Primer día" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Escala de letras" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Guardar la escala" })).toBeVisible();
    await noEnglish(page, [
      "Save terms",
      "First day",
      "Last day",
      "Report cards",
      "Publish report cards",
      "Letter scale",
      "Save the scale",
      "Add a cut-off",
    ]);

    await gotoHydrated(page, "/admin?tab=roster");
    for (const heading of [
      "Importar personas y clases",
      "Sincronización nocturna del padrón",
      "Exportar",
      "Tarjetas de inicio de sesión",
      "Historial de importaciones",
    ])
      await expect(page.getByRole("heading", { name: heading })).toBeVisible();
    // The browser's own refusal, then the server action's, both in Spanish; nothing is saved.
    await page.getByRole("button", { name: "Comprobar los archivos" }).click();
    await expect(page.getByText("Elija los archivos que desea importar", { exact: false })).toBeVisible();
    // A dry run of a small bad users file (never applied): its problem and warning come back in Spanish.
    await page.locator('input[type="file"]').setInputFiles({
      name: "users.csv",
      mimeType: "text/csv",
      buffer: Buffer.from("sourcedId,role,givenName,familyName\nes-e2e-1,coach,Cam,Coach\n"),
    });
    await page.getByRole("button", { name: "Comprobar los archivos" }).click();
    await expect(page.getByText('"coach" no es un rol que tenga el portal', { exact: false })).toBeVisible();
    await expect(page.getByText("no hay manifest.csv", { exact: false })).toBeVisible();
    await noEnglish(page, [/is not a role the portal has/, /there is no manifest\.csv/]);
    await page.getByLabel("Rechazar una sincronización que quite más de esta proporción de personas (%)").fill("mucho");
    await page.getByRole("button", { name: "Guardar la configuración de sincronización" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "El umbral es un porcentaje de 0 a 100" })).toBeVisible();
    await noEnglish(page, [
      "Import people and classes",
      "Check files",
      "Export",
      "Import history",
      "Save sync settings",
    ]);

    await gotoHydrated(page, "/admin?tab=mail");
    await expect(page.getByRole("heading", { name: "Enviar un correo de prueba" })).toBeVisible();
    await expect(page.getByText("Correos en espera")).toBeVisible();
    await noEnglish(page, ["Send a test e-mail", "E-mails waiting", "Send test e-mail"]);

    await gotoHydrated(page, "/admin?tab=security");
    for (const heading of ["Archivos adjuntos", "Proxies de confianza", /^Códigos de acceso débiles/])
      await expect(page.getByRole("heading", { name: heading })).toBeVisible();
    await noEnglish(page, ["Trusted proxies", "Attached files", /^Weak access codes/, "Nothing waiting."]);

    await gotoHydrated(page, "/admin?tab=audit");
    await expect(page.getByRole("columnheader", { name: "Cuándo" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Filtrar" })).toBeVisible();
    await noEnglish(page, ["When", "Filter", "Detail"]);

    // A student's admin page, from the Students tab.
    await gotoHydrated(page, "/admin?tab=students");
    await page
      .getByRole("link", { name: /^Tutores de / })
      .first()
      .click();
    await expect(page).toHaveURL(/\/admin\/students\/\d+$/);
    await expect(page.getByRole("link", { name: "← Panel de administración" })).toBeVisible();
    for (const heading of ["Tutores", "Enlaces a la boleta de calificaciones", "Cuentas escolares vinculadas"])
      await expect(page.getByRole("heading", { name: heading })).toBeVisible();
    await expect(page.getByRole("button", { name: "Vincular al tutor" })).toBeVisible();
    await expect(page.getByLabel("Parentesco")).toBeVisible();
    await noEnglish(page, ["Guardians", "Report-card links", "Link guardian", "Relationship", /^Parent 1:/]);
  });

  test("axe finds nothing on Spanish admin tabs and a student's page", async ({ page, context }) => {
    test.setTimeout(120_000);
    await inLanguage(page, context, "es");
    const found: string[] = [];
    for (const path of ["/admin", "/admin?tab=roster", "/admin?tab=security"]) {
      await gotoHydrated(page, path);
      await expect(page.getByRole("navigation", { name: "Secciones de administración" })).toBeVisible();
      found.push(...(await axeViolations(page)));
    }
    await gotoHydrated(page, "/admin?tab=students");
    await page
      .getByRole("link", { name: /^Tutores de / })
      .first()
      .click();
    await expect(page.getByRole("heading", { name: "Tutores" })).toBeVisible();
    found.push(...(await axeViolations(page)));
    expect(found).toEqual([]);
  });
});

test.describe("every admin screen comes from the catalog", () => {
  test("pseudo-locale walk over every admin tab and a person's page: no visible text without the en-XA markers", async ({
    page,
    context,
  }) => {
    test.setTimeout(240_000);
    await inLanguage(page, context, "en-XA");
    const found: Record<string, string[]> = {};
    const walk = async (where: string) => {
      const bad = await unmarkedText(page, { data: ["Classroom Portal", "English", "Español"] });
      if (bad.length) found[where] = bad;
    };
    for (const tab of TABS) {
      await gotoHydrated(page, `/admin?tab=${tab}`);
      await expect(page.getByRole("navigation", { name: /Admin sections/ })).toBeVisible();
      await walk(`/admin?tab=${tab}`);
    }
    // The students' dialog of the Classes tab and the New User dialog, as they open.
    await gotoHydrated(page, "/admin");
    await page
      .getByRole("button", { name: /View Students/ })
      .first()
      .click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await walk("/admin, students of a class");
    await page.keyboard.press("Escape");
    await page.getByRole("button", { name: /New User/ }).click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await walk("/admin, new user dialog");
    await page.keyboard.press("Escape");

    // Ava Johnson (stu-01) has a guardian, Grace Johnson: both sides of the link.
    await gotoHydrated(page, "/admin?tab=students&q=stu-01");
    await page
      .getByRole("link", { name: /Guardians/ })
      .first()
      .click();
    await expect(page).toHaveURL(/\/admin\/students\/\d+$/);
    await expect(page.getByTestId("guardian-row").first()).toBeVisible();
    await walk("/admin/students/<id>");
    await page.getByTestId("guardian-row").first().getByRole("link").first().click();
    await expect(page).toHaveURL(/\/admin\/parents\/\d+$/);
    await expect(page.getByTestId("child-row").first()).toBeVisible();
    await walk("/admin/parents/<id>");
    await gotoHydrated(page, "/admin/sign-in");
    await walk("/admin/sign-in");
    expect(found).toEqual({});
  });
});
