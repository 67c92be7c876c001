import AxeBuilder from "@axe-core/playwright";
import { strToU8, zipSync } from "fflate";
import { districtSet } from "../lib/roster/test-support-district";
import type { Browser, Page } from "@playwright/test";
import { EXTRA_PORT } from "../playwright.config";
import { DISTRICT_ADMIN, NORTH, NORTH_STUDENT } from "../tests/support/district-people";
import { CODES, expect, gotoHydrated, signIn, test } from "./fixtures";

// Issue 42, a district in one install, in Chromium: a district admin adds a school and its admin,
// who signs in to that school alone; a teacher at two schools switches between them; /district is
// axe clean in English and Spanish. North Campus (the second school) is written before the suite's
// second server starts (scripts/e2e-extra-data.ts), so this spec runs there.

const BASE = `http://localhost:${EXTRA_PORT}`;

test.use({ baseURL: BASE });
test.describe.configure({ mode: "serial", timeout: 120_000 });

async function axeClean(page: Page, screen: string) {
  await page.waitForLoadState("networkidle");
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"])
    .analyze();
  const findings = results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(" | ")}`);
  expect(findings, `axe on ${screen}`).toEqual([]);
  expect(await page.locator("h1").count(), `one h1 on ${screen}`).toBe(1);
}

async function freshPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: BASE });
  return context.newPage();
}

test("a district admin adds a school; its admin signs in to that school alone", async ({ browser }) => {
  const page = await freshPage(browser);
  await signIn(page, DISTRICT_ADMIN.code);
  await page.getByRole("link", { name: "District" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "District" })).toBeVisible();
  const north = page.getByTestId("district-school").filter({ hasText: NORTH.name });
  await expect(north.getByRole("cell").nth(0)).toHaveText("2"); // two students
  await axeClean(page, "/district");

  const form = page.getByTestId("add-school");
  await form.getByLabel("School name").fill("Lakeside Elementary");
  await form.getByLabel("Admin's name").fill("Priya Nair");
  await form.getByLabel("Admin's username").fill("pnair");
  await form.getByRole("button", { name: "Add school" }).click();
  await expect(
    page.getByText("Lakeside Elementary was added. Its admin pnair signs in with this access code:"),
  ).toBeVisible();
  const code = (await page.getByTestId("new-admin-code").locator(".font-mono").textContent())!.trim();
  expect(code.length).toBeGreaterThan(5);
  await page.screenshot({ path: "test-results/district.png", fullPage: true });
  await expect(page.getByTestId("district-school").filter({ hasText: "Lakeside Elementary" })).toBeVisible();

  // A student joins the new school and leaves it again; her only other school she keeps.
  const join = page.getByRole("region", { name: "Add a person to a school" });
  await join.getByLabel("Their username").fill(NORTH_STUDENT.username);
  await join.getByLabel("School").selectOption({ label: "Lakeside Elementary" });
  await join.getByRole("button", { name: "Add to school" }).click();
  await expect(join.getByText(`${NORTH_STUDENT.name} now belongs to Lakeside Elementary.`)).toBeVisible();
  const leave = page.getByRole("region", { name: "Take a person out of a school" });
  await leave.getByLabel("Their username").fill(NORTH_STUDENT.username);
  await leave.getByLabel("School").selectOption({ label: "Lakeside Elementary" });
  await leave.getByRole("button", { name: "Remove from school" }).click();
  await expect(leave.getByText(`${NORTH_STUDENT.name} no longer belongs to Lakeside Elementary.`)).toBeVisible();
  // A form that succeeded starts again empty.
  await expect(leave.getByLabel("Their username")).toHaveValue("");
  await leave.getByLabel("Their username").fill(NORTH_STUDENT.username);
  await leave.getByLabel("School").selectOption({ label: NORTH.name });
  await leave.getByRole("button", { name: "Remove from school" }).click();
  await expect(
    leave.getByText(
      `${NORTH.name} is the only school ${NORTH_STUDENT.name} belongs to: add them to their new school first.`,
    ),
  ).toBeVisible();
  await page.screenshot({ path: "test-results/district-members.png", fullPage: true });
  await page.context().close();

  const admin = await freshPage(browser);
  await signIn(admin, code);
  await gotoHydrated(admin, "/admin");
  await expect(admin.getByRole("heading", { level: 1 })).toBeVisible();
  // Their school is empty: none of the demo school's classes or students, no switcher, no District.
  await expect(admin.getByText("Algebra I")).toHaveCount(0);
  await expect(admin.getByTestId("school-switcher")).toHaveCount(0);
  await expect(admin.getByRole("link", { name: "District" })).toHaveCount(0);
  await gotoHydrated(admin, "/admin?tab=students");
  await expect(admin.getByText("Ava Johnson")).toHaveCount(0);
  const response = await admin.goto("/level/ALG1-P1");
  expect(response?.status()).toBe(404);
  const district = await admin.goto("/district");
  expect(district?.status()).toBe(403);
  await expect(admin.getByText("Only district admins can manage the district's schools.")).toBeVisible();
  await admin.context().close();
});

test("a teacher at two schools switches between them", async ({ browser }) => {
  const page = await freshPage(browser);
  await signIn(page, CODES.instructor);
  await gotoHydrated(page, "/teacher");
  await expect(page.getByText("Algebra I").first()).toBeVisible();
  await expect(page.getByText(NORTH.className)).toHaveCount(0);
  const switcher = page.getByTestId("school-switcher");
  await switcher.getByLabel("School").selectOption({ label: NORTH.name });
  await switcher.getByRole("button", { name: "Switch school" }).click();
  // The switch ends on the home page, which is North Campus's.
  await expect(page).toHaveURL(`${BASE}/`);
  await expect(page.getByText(NORTH.className).first()).toBeVisible();
  await gotoHydrated(page, "/teacher");
  await expect(page.getByText(NORTH.className).first()).toBeVisible();
  await expect(page.getByText("Algebra I")).toHaveCount(0);
  await page.screenshot({ path: "test-results/district-teacher-switched.png", fullPage: true });
  expect((await page.goto("/level/ALG1-P1"))?.status()).toBe(404);
  await gotoHydrated(page, "/");
  await page.getByTestId("school-switcher").getByLabel("School").selectOption({ index: 0 });
  await page.getByTestId("school-switcher").getByRole("button", { name: "Switch school" }).click();
  await expect(page.getByText("Algebra I").first()).toBeVisible();
  await expect(page.getByText(NORTH.className)).toHaveCount(0);
  await gotoHydrated(page, "/teacher");
  await expect(page.getByText("Algebra I").first()).toBeVisible();
  await page.context().close();

  // A student of North Campus signs in straight to it, with no switcher.
  const student = await freshPage(browser);
  await signIn(student, NORTH_STUDENT.code);
  await expect(student.getByText(NORTH.className).first()).toBeVisible();
  await expect(student.getByTestId("school-switcher")).toHaveCount(0);
  await student.context().close();
});

test("/district in Spanish is axe clean", async ({ browser }) => {
  const page = await freshPage(browser);
  await signIn(page, DISTRICT_ADMIN.code);
  await page.context().addCookies([{ name: "portal_locale", value: "es", url: BASE }]);
  await gotoHydrated(page, "/district");
  await expect(page.getByRole("heading", { level: 1, name: "Distrito" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Añadir una escuela" })).toBeVisible();
  await axeClean(page, "/district (es)");
  await page.context().close();
});

test("a school admin sets their school's language and time zone; its visitors get them, the other school's do not", async ({
  browser,
}) => {
  const page = await freshPage(browser);
  await signIn(page, DISTRICT_ADMIN.code);
  const switcher = page.getByTestId("school-switcher");
  await switcher.getByLabel("School").selectOption({ label: NORTH.name });
  await switcher.getByRole("button", { name: "Switch school" }).click();
  // Signed in, the page was at / already: wait for the switch itself (its cookie) before going on.
  const schoolCookie = async () => (await page.context().cookies()).find((c) => c.name === "portal_school")?.value;
  await expect.poll(schoolCookie).toBe("2");
  await gotoHydrated(page, "/admin?tab=school");
  const settings = page.getByTestId("school-settings");
  await expect(settings.getByRole("heading", { name: "This school's settings" })).toBeVisible();
  // The install's roles as the language lists them.
  await expect(settings.getByText("As the install says (Students, Parents, Teachers, and Admins)")).toBeVisible();
  await axeClean(page, "/admin → School");
  await settings.getByLabel("Time zone").selectOption("Asia/Tokyo");
  await settings.getByLabel("Language").selectOption({ label: "Spanish" });
  await settings.getByLabel("School-account domains").fill("north.district.org, not a domain");
  await settings.getByRole("button", { name: "Save settings" }).click();
  await expect(settings.getByRole("status")).toHaveText("“not” is not a domain name.");
  await settings.getByLabel("School-account domains").fill("north.district.org");
  await settings.getByRole("button", { name: "Save settings" }).click();
  await expect(settings.getByRole("status")).toHaveText("Settings saved.");
  // What was saved is what the form shows, then and after a reload.
  for (let i = 0; i < 2; i++) {
    await expect(settings.getByLabel("Time zone")).toHaveValue("Asia/Tokyo");
    await expect(settings.getByLabel("Language")).toHaveValue("es");
    await expect(settings.getByLabel("School-account domains")).toHaveValue("north.district.org");
    if (i === 0) await gotoHydrated(page, "/admin?tab=school");
  }
  await page.screenshot({ path: "test-results/school-settings.png", fullPage: true });

  // A visitor in each school whose browser asks only for a language the portal does not speak:
  // North Campus's is Spanish now, the demo school's still English.
  for (const [school, heading] of [
    [2, "Iniciar sesión"],
    [1, "Sign in"],
  ] as const) {
    const context = await browser.newContext({ baseURL: BASE, locale: "de-DE" });
    await context.addCookies([{ name: "portal_school", value: String(school), url: BASE }]);
    const visitor = await context.newPage();
    await gotoHydrated(visitor, "/teacher");
    await expect(visitor.getByRole("heading", { name: heading }).first()).toBeVisible();
    await context.close();
  }

  // In Spanish, the tab is axe clean too; then North Campus goes back to the install's settings.
  await page.context().addCookies([{ name: "portal_locale", value: "es", url: BASE }]);
  await gotoHydrated(page, "/admin?tab=school");
  await expect(page.getByRole("heading", { name: "Configuración de esta escuela" })).toBeVisible();
  await axeClean(page, "/admin → School (es)");
  const ajustes = page.getByTestId("school-settings");
  await expect(
    ajustes.getByText("Como dice la instalación (Estudiantes, Padres, Docentes y Administradores)"),
  ).toBeVisible();
  await ajustes.getByLabel("Zona horaria").selectOption({ index: 0 });
  await ajustes.getByLabel("Idioma").selectOption({ index: 0 });
  await ajustes.getByLabel("Dominios de las cuentas escolares").fill("");
  await ajustes.getByRole("button", { name: "Guardar configuración" }).click();
  await expect(ajustes.getByRole("status")).toHaveText("Configuración guardada.");
  await page.context().close();
});

test("a district admin imports the district's OneRoster set into its schools", async ({ browser }) => {
  const page = await freshPage(browser);
  await signIn(page, DISTRICT_ADMIN.code);
  await gotoHydrated(page, "/admin?tab=roster");
  const zip = Buffer.from(
    zipSync(Object.fromEntries(Object.entries(districtSet()).map(([name, text]) => [name, strToU8(text)]))),
  );
  await page.getByLabel("Files").setInputFiles({ name: "district.zip", mimeType: "application/zip", buffer: zip });
  await page.getByRole("button", { name: "Check files" }).click();
  const report = page.getByTestId("import-report");
  await expect(report).toContainText("no problems");
  // East's class code is North's: each line of a school's part names its school.
  await expect(report).toContainText(
    'East Elementary: classes.csv:4: classCode — another class already has the code "ALG1"',
  );
  const schools = page.getByTestId("import-schools");
  await expect(schools).toContainText("The district's set: 3 schools");
  await expect(schools).toContainText("South Middle: 7 changes (a new school)");
  await page.screenshot({ path: "test-results/district-roster-preview.png", fullPage: true });
  await axeClean(page, "the district's roster preview");
  await page.getByRole("button", { name: /^Apply import/ }).click();
  await expect(page.getByTestId("import-applied")).toContainText("Import applied");
  await gotoHydrated(page, "/district");
  for (const school of ["North High", "South Middle", "East Elementary"])
    await expect(page.getByTestId("district-school").filter({ hasText: school })).toBeVisible();
  // South Middle: its one student, and the teacher it shares with North High.
  const south = page.getByTestId("district-school").filter({ hasText: "South Middle" });
  await expect(south.getByRole("cell").nth(0)).toHaveText("1");
  await expect(south.getByRole("cell").nth(1)).toHaveText("1");
  await page.screenshot({ path: "test-results/district-after-roster.png", fullPage: true });
  await page.context().close();
});
