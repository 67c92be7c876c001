import { zipSync, strToU8 } from "fflate";
import { classRow, enrollmentRow, smallSchool, userRow } from "../lib/roster/test-support";
import { expect, signIn, test } from "./fixtures";

// Issue 18 end to end: upload a OneRoster zip → the dry run lists the broken row → fixed, it
// applies with a progress bar → the new teacher signs in with the code on the printed card and sees
// their class with its students.

function rosterZip(broken: boolean): Buffer {
  const users = [
    userRow({
      id: "t-noor",
      role: "teacher",
      given: "Nadia",
      family: "Noor",
      username: "nnoor",
      email: "nnoor@school.example",
    }),
    userRow({ id: "s-ode", role: "student", given: "Omar", family: "Ode", username: "oode" }),
    userRow({ id: "s-pak", role: "student", given: "Petra", family: "Pak", username: "ppak" }),
  ];
  const classes = [classRow({ id: "c-robo", title: "Robotics", code: "ROBO-P7", periods: "7", grades: "10" })];
  const enrollments = [
    enrollmentRow({ id: "e-1", cls: "c-robo", user: "t-noor", role: "teacher", primary: "true" }),
    enrollmentRow({ id: "e-2", cls: "c-robo", user: "s-ode", role: "student" }),
    enrollmentRow({ id: "e-3", cls: "c-robo", user: broken ? "s-nobody" : "s-pak", role: "student" }),
  ];
  const files = smallSchool({ users, classes, enrollments });
  return Buffer.from(zipSync(Object.fromEntries(Object.entries(files).map(([name, text]) => [name, strToU8(text)]))));
}

test("admin imports a OneRoster zip with a dry run, fixes the reported row, applies it, and the new teacher signs in from the printed card", async ({
  page,
  loginAs,
  browser,
  context,
}) => {
  await loginAs("admin");
  await page.goto("/admin?tab=roster");
  const files = page.getByLabel("Files");

  await files.setInputFiles({ name: "roster.zip", mimeType: "application/zip", buffer: rosterZip(true) });
  await page.getByRole("button", { name: "Check files" }).click();
  const problems = page.getByTestId("import-problems");
  await expect(problems).toContainText("enrollments.csv:4: userSourcedId");
  await expect(problems).toContainText("s-nobody");
  await expect(page.getByRole("button", { name: /^Apply import/ })).toHaveCount(0);
  await page.screenshot({ path: "test-results/roster-dry-run.png", fullPage: true });

  await files.setInputFiles({ name: "roster-fixed.zip", mimeType: "application/zip", buffer: rosterZip(false) });
  await page.getByRole("button", { name: "Check files" }).click();
  await expect(page.getByTestId("import-report")).toContainText("no problems");
  await expect(page.getByTestId("count-users")).toContainText("3");
  await page.getByRole("button", { name: /^Apply import/ }).click();
  await expect(page.getByTestId("import-applied")).toContainText("Import applied");
  await expect(page.getByTestId("import-applied")).toContainText("3 new people");

  const [cards] = await Promise.all([
    context.waitForEvent("page"),
    page.getByRole("button", { name: "Print sign-in cards for the new people" }).click(),
  ]);
  await cards.waitForLoadState();
  const card = cards.getByTestId("sign-in-card").filter({ hasText: "Nadia Noor" });
  await expect(card).toHaveCount(1);
  const code = (await card.getByTestId("card-code").textContent())!.trim();
  expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
  await cards.screenshot({ path: "test-results/roster-cards.png", fullPage: false });

  const fresh = await browser.newContext();
  const teacher = await fresh.newPage();
  await signIn(teacher, code);
  const robotics = teacher.getByTestId("class-card").filter({ hasText: "Robotics" });
  await expect(robotics).toHaveAttribute("href", "/level/ROBO-P7/update");
  await teacher.goto("/level/ROBO-P7/update?tab=students");
  await expect(teacher.getByText("Omar Ode")).toBeVisible();
  await expect(teacher.getByText("Petra Pak")).toBeVisible();
  await fresh.close();

  // The history lists the refused dry run, the good one and the applied import.
  await page.goto("/admin?tab=roster");
  await expect(page.getByTestId("import-history-row").filter({ hasText: "applied" })).toHaveCount(1);
});

// Issue 29: a bulk file that drops most of the roster's people names each of them, and applies
// only once the admin types how many people it removes.
function bulkStudents(count: number): Buffer {
  const users = Array.from({ length: count }, (_, i) =>
    userRow({ id: `mass-${i + 1}`, role: "student", given: "Mass", family: `Student ${i + 1}` }),
  );
  const files = smallSchool({
    users,
    classes: [classRow({ id: "c-mass", title: "Mass", code: "MASS-1" })],
    enrollments: [],
  });
  return Buffer.from(zipSync(Object.fromEntries(Object.entries(files).map(([name, text]) => [name, strToU8(text)]))));
}

test("a mass removal is listed by name and needs the typed number of removals before it applies", async ({
  page,
  loginAs,
}) => {
  await loginAs("admin");
  await page.goto("/admin?tab=roster");
  const files = page.getByLabel("Files");
  const confirmIfAsked = async () => {
    const guard = page.getByTestId("deletion-guard");
    if (await guard.isVisible()) {
      const label = (await guard.getByText(/type \d+ to confirm/).textContent())!;
      await page.getByLabel(/to confirm/).fill(/type (\d+) to confirm/.exec(label)![1]!);
    }
  };

  await files.setInputFiles({ name: "ten.zip", mimeType: "application/zip", buffer: bulkStudents(10) });
  await page.getByRole("button", { name: "Check files" }).click();
  await expect(page.getByTestId("import-report")).toBeVisible();
  await confirmIfAsked();
  await page.getByRole("button", { name: /^Apply import/ }).click();
  await expect(page.getByTestId("import-applied")).toContainText("Import applied");

  await files.setInputFiles({ name: "one.zip", mimeType: "application/zip", buffer: bulkStudents(1) });
  await page.getByRole("button", { name: "Check files" }).click();
  const removals = page.getByTestId("import-removals");
  for (let i = 2; i <= 10; i++) await expect(removals).toContainText(`Mass Student ${i}`);
  const guard = page.getByTestId("deletion-guard");
  await expect(guard).toContainText("the import would remove 9 people");
  const apply = page.getByRole("button", { name: /^Apply import/ });
  await expect(apply).toBeDisabled();
  await page.getByLabel("Check the list above, then type 9 to confirm").fill("8");
  await expect(apply).toBeDisabled();
  await page.screenshot({ path: "test-results/roster-mass-removal.png", fullPage: true });
  await page.getByLabel("Check the list above, then type 9 to confirm").fill("9");
  await apply.click();
  await expect(page.getByTestId("import-applied")).toContainText("Import applied");
});

// Issue 39 (21): the removal preview names every person removed, with username and role, a page at
// a time and as a CSV file; a run refused by the removal guard says why in the history, in English
// and in Spanish.
function manyStudents(count: number): Buffer {
  const users = Array.from({ length: count }, (_, i) =>
    userRow({ id: `big-${i + 1}`, role: "student", given: "Big", family: `Roll ${i + 1}`, username: `big.${i + 1}` }),
  );
  const files = smallSchool({
    users,
    classes: [classRow({ id: "c-big", title: "Big", code: "BIG-1" })],
    enrollments: [],
  });
  return Buffer.from(zipSync(Object.fromEntries(Object.entries(files).map(([name, text]) => [name, strToU8(text)]))));
}

test("every removal is listed with username and role, a page at a time and as a CSV file, and a refused run says why", async ({
  page,
  loginAs,
  context,
}) => {
  test.setTimeout(240_000);
  await loginAs("admin");
  await page.goto("/admin?tab=roster");
  const files = page.getByLabel("Files");
  await files.setInputFiles({ name: "big.zip", mimeType: "application/zip", buffer: manyStudents(620) });
  await page.getByRole("button", { name: "Check files" }).click();
  await expect(page.getByTestId("import-report")).toBeVisible({ timeout: 60_000 });
  const guard = page.getByTestId("deletion-guard");
  if (await guard.isVisible()) {
    const label = (await guard.getByText(/type \d+ to confirm/).textContent())!;
    await page.getByLabel(/to confirm/).fill(/type (\d+) to confirm/.exec(label)![1]!);
  }
  await page.getByRole("button", { name: /^Apply import/ }).click();
  await expect(page.getByTestId("import-applied")).toContainText("Import applied", { timeout: 120_000 });

  // The same school with one student: the other 619 go.
  const small = manyStudents(1);
  await files.setInputFiles({ name: "one.zip", mimeType: "application/zip", buffer: small });
  await page.getByRole("button", { name: "Check files" }).click();
  const removals = page.getByTestId("import-removals");
  await expect(removals.getByRole("columnheader")).toHaveText(["What happens", "Name", "Username", "Role"]);
  const rows = removals.getByTestId("import-removal");
  await expect(rows).toHaveCount(50);
  await expect(rows.first()).toHaveText(["Deleted", "Big Roll 2", "big.2", "Student"].join(""));
  const pages = page.getByRole("navigation", { name: "Pages of removals" });
  await expect(pages).toContainText(/^Previous1–50 of \d+Next$/);
  const total = Number(/of (\d+)/.exec((await pages.textContent())!)![1]);
  expect(total).toBeGreaterThanOrEqual(619);
  await pages.getByRole("button", { name: "Next" }).click();
  await expect(pages).toContainText(`51–100 of ${total}`);
  await expect(rows.first()).toContainText("big.");
  await page.screenshot({ path: "test-results/roster-removals-paged.png", fullPage: true });
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Download the list of removals (CSV)" }).click(),
  ]);
  const csv = await (await download.createReadStream()).toArray().then((c) => Buffer.concat(c).toString("utf8"));
  expect(csv.split("\r\n").filter((l) => l.trim() !== "")).toHaveLength(total + 1);
  for (const n of [2, 300, 620]) expect(csv).toContain(`"big.${n}","Student"`);

  // Applied without the confirmation (as the nightly sync would be): refused, and the history says why.
  const refused = await page.request.post("/admin/roster/apply", {
    headers: { origin: new URL(page.url()).origin },
    multipart: { files: { name: "one.zip", mimeType: "application/zip", buffer: small } },
  });
  expect(await refused.text()).toContain('"applied":false');
  await page.goto("/admin?tab=roster");
  const result = page.getByTestId("import-history-result").first();
  await expect(result).toHaveText(
    new RegExp(`^refused: deletion guard: ${total} removals, limit \\d+ \\(5 % of \\d+ people\\)$`),
  );
  await context.addCookies([{ name: "portal_locale", value: "es", url: new URL(page.url()).origin }]);
  await page.reload();
  await expect(result).toHaveText(
    new RegExp(
      `^rechazada: protección contra eliminaciones: ${total} eliminaciones, límite \\d+ \\(5\u00a0% de \\d+ personas\\)$`,
    ),
  );
  await page.getByLabel("Archivos").setInputFiles({ name: "one.zip", mimeType: "application/zip", buffer: small });
  await page.getByRole("button", { name: "Comprobar los archivos" }).click();
  await expect(removals.getByRole("columnheader")).toHaveText(["Qué pasa", "Nombre", "Usuario", "Rol"]);
  await expect(rows.first()).toHaveText(["Eliminado", "Big Roll 2", "big.2", "Estudiante"].join(""));
  await page.screenshot({ path: "test-results/roster-removals-es.png", fullPage: true });

  // Confirmed, the removals apply: the roster keeps one student and one class, so the specs after
  // this one find the school as small as before (their own roster imports remove what this one made).
  const applied = await page.request.post("/admin/roster/apply", {
    headers: { origin: new URL(page.url()).origin },
    multipart: {
      files: { name: "one.zip", mimeType: "application/zip", buffer: small },
      allowDeletions: String(total),
    },
  });
  expect(await applied.text()).toContain('"applied":true');
});
