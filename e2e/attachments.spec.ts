import sharp from "sharp";
import { unzipSync } from "fflate";
import fs from "node:fs";
import { CODES, expect, signIn, test } from "./fixtures";

// Issue 33: a student hands in a photo of their work; the teacher sees it in View Responses,
// grades it there, and downloads the class's files as one zip.

test("a student submits a photo, the teacher sees it inline, grades it and downloads all", async ({
  page,
  browser,
  loginAs,
}) => {
  const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: "#2e7d32" } })
    .jpeg()
    .toBuffer();

  await loginAs("student");
  await page.goto("/level/BIO-P2?tab=assignments");
  const card = page.getByTestId("assignment-card").filter({ hasText: "Project proposal" });
  await card.getByRole("button", { name: /Submit Response|Resubmit/ }).click();
  const dialog = page.getByRole("dialog", { name: "Project proposal" });
  await dialog.getByLabel("Your Response").fill("My worksheet, photographed.");
  await dialog
    .getByLabel("Attach files")
    .setInputFiles({ name: "worksheet.jpg", mimeType: "image/jpeg", buffer: photo });
  const item = dialog.getByTestId("attachment-item").filter({ hasText: "worksheet.jpg" });
  await expect(item.getByText("Uploaded")).toBeAttached();
  await expect(dialog.getByLabel("Your Response")).toHaveValue("My worksheet, photographed.");
  await page.screenshot({ path: "test-results/attachments-submit-dialog.png" });
  await dialog.getByRole("button", { name: "Submit Response" }).click();
  await expect(dialog).toBeHidden();

  const teacher = await browser.newContext({ acceptDownloads: true });
  const tpage = await teacher.newPage();
  await signIn(tpage, CODES.otherInstructor); // David Chen teaches Biology
  await tpage.goto("/level/BIO-P2/update?tab=assignments");
  const managed = tpage.getByTestId("managed-assignment").filter({ hasText: "Project proposal" });
  await managed.getByRole("button", { name: "View Responses" }).click();
  const responses = tpage.getByRole("dialog", { name: "Responses: Project proposal" });
  const img = responses.getByRole("img", { name: "worksheet.jpg by Ava Johnson" });
  await expect(img).toBeVisible();
  await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBe(800);
  await tpage.screenshot({ path: "test-results/attachments-view-responses.png" });
  // Served inert: its own type, nosniff, and a sandboxing CSP rather than the pages' one.
  const served = await tpage.request.get((await img.getAttribute("src"))!);
  expect(served.headers()["content-type"]).toBe("image/jpeg");
  expect(served.headers()["x-content-type-options"]).toBe("nosniff");
  expect(served.headers()["content-security-policy"]).toMatch(/^default-src 'none'.*sandbox$/);

  await responses.getByLabel("Score for Ava Johnson (out of 50)").first().fill("42");
  await responses.getByRole("button", { name: "Save score" }).first().click();
  await expect(tpage.getByText("Grade saved", { exact: true })).toBeVisible();

  const [download] = await Promise.all([
    tpage.waitForEvent("download"),
    responses.getByRole("link", { name: "Download all" }).click(),
  ]);
  const zip = unzipSync(new Uint8Array(fs.readFileSync(await download.path())));
  const entry = Object.keys(zip).find((n) => /^Ava Johnson \([^)]+\)\/\d+ - worksheet\.jpg$/.test(n));
  expect(entry, Object.keys(zip).join(", ")).toBeTruthy();
  expect((await sharp(Buffer.from(zip[entry!]!)).metadata()).width).toBe(800);
  await teacher.close();
});

test("without CLAMAV_HOST the admin page says files are not scanned", async ({ page, loginAs }) => {
  await loginAs("admin");
  await page.goto("/admin?tab=security");
  await expect(page.getByRole("heading", { name: "Attached files" })).toBeVisible();
  await expect(page.getByText("Files are not scanned for viruses")).toBeVisible();
});
