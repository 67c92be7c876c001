import AxeBuilder from "@axe-core/playwright";
import fs from "node:fs";
import path from "node:path";
import { CODES, expect, gotoHydrated, signIn, test } from "./fixtures";

// Issue 39 items 10 and 11: a student hands in an iPhone photo (HEIC), the production server stores
// it as a JPEG, and the student's guardian finds it on their child's page and opens it; a parent
// of another family cannot open the page or the file.

const LIAM = "stu-02"; // Grace Johnson's (parent-johnson) son, in Biology
const PHOTO = fs.readFileSync(path.join(process.cwd(), "tests/fixtures/heic/photo-rotated.heic"));

test("a guardian sees the child's submitted HEIC photo as a JPEG and opens it; another family's parent gets 404", async ({
  browser,
}) => {
  test.slow(); // three people's sessions, a HEIC decode, two languages and an axe scan
  const student = await (await browser.newContext()).newPage();
  await signIn(student, LIAM);
  await gotoHydrated(student, "/level/BIO-P2?tab=assignments");
  const card = student.getByTestId("assignment-card").filter({ hasText: "Reading journal" });
  await card.getByRole("button", { name: /Submit Response|Resubmit/ }).click();
  const dialog = student.getByRole("dialog", { name: "Reading journal" });
  await dialog.getByLabel("Your Response").fill("My journal page, photographed with my phone.");
  await dialog
    .getByLabel("Attach files")
    .setInputFiles({ name: "IMG_0042.HEIC", mimeType: "image/heic", buffer: PHOTO });
  // Renamed by the server: it was converted.
  const item = dialog.getByTestId("attachment-item").filter({ hasText: "IMG_0042.jpg" });
  await expect(item.getByText("Uploaded")).toBeAttached({ timeout: 60_000 });
  await dialog.getByRole("button", { name: "Submit Response" }).click();
  await expect(dialog).toBeHidden();
  await student.context().close();

  const guardian = await (await browser.newContext()).newPage();
  await signIn(guardian, CODES.parent);
  await guardian.getByTestId("child-card").filter({ hasText: "Liam" }).click();
  await expect(guardian).toHaveURL(/\/children\/\d+$/);
  const childUrl = guardian.url();
  const work = guardian.getByRole("region", { name: "Submitted work" });
  await expect(work).toBeVisible();
  const biology = work.getByRole("region", { name: /^Biology/ });
  const journal = biology.getByTestId("child-work-assignment").filter({ hasText: "Reading journal" });
  await expect(journal.getByRole("heading", { name: "Reading journal" })).toBeVisible();
  await expect(journal.getByText(/^Submitted /).first()).toBeVisible();
  const link = journal.getByRole("link", { name: /IMG_0042\.jpg/ });
  await expect(link).toBeVisible();
  await guardian.screenshot({ path: "test-results/child-work.png", fullPage: true });
  const axe = await new AxeBuilder({ page: guardian })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"])
    .analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(" | ")}`)).toEqual([]);

  const fileUrl = new URL((await link.getAttribute("href"))!, childUrl).toString();
  const [response] = await Promise.all([guardian.waitForResponse(fileUrl), link.click()]);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("image/jpeg");
  // Upright as the phone showed it: 64 wide, 96 high.
  const size = await guardian.evaluate(() => {
    const img = document.querySelector("img")!;
    return [img.naturalWidth, img.naturalHeight];
  });
  expect(size).toEqual([64, 96]);

  // Another family's parent: neither the page nor the file.
  const other = await (await browser.newContext()).newPage();
  await signIn(other, "parent-kim");
  expect((await other.goto(childUrl))!.status()).toBe(404);
  expect((await other.request.get(fileUrl)).status()).toBe(404);
  await other.context().close();

  // The guardian's page in Spanish (their own choice of language, put back afterwards).
  await gotoHydrated(guardian, "/notifications/settings");
  await guardian.getByRole("combobox", { name: "Language" }).selectOption("es");
  await guardian.getByRole("button", { name: "Save language" }).click();
  await expect(guardian.getByText("Idioma guardado.")).toBeVisible();
  try {
    await gotoHydrated(guardian, childUrl);
    const trabajos = guardian.getByRole("region", { name: "Trabajos entregados" });
    await expect(trabajos.getByText(/^Entregado el /).first()).toBeVisible();
    await expect(trabajos.getByRole("link", { name: /IMG_0042\.jpg/ })).toBeVisible();
  } finally {
    await gotoHydrated(guardian, "/notifications/settings");
    await guardian.getByRole("combobox", { name: "Idioma" }).selectOption("en");
    await guardian.getByRole("button", { name: "Guardar el idioma" }).click();
    await expect(guardian.getByText("Language saved.")).toBeVisible();
  }
  await guardian.context().close();
});
