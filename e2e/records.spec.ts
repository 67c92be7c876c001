import { unzipSync } from "fflate";
import fs from "node:fs";
import { expect, test } from "./fixtures";

// Records requests (issue 41): an admin downloads a student's complete record from the student's
// page; the retention page says erasure is off until RECORDS_RETENTION_YEARS is set.

test("an admin downloads a student's complete record, and finds the retention page", async ({
  page,
  loginAs,
}, testInfo) => {
  await loginAs("admin");
  await page.goto("/admin?tab=students&q=stu-05");
  await page
    .getByRole("link", { name: /^Guardians of/ })
    .first()
    .click();
  await expect(page.getByRole("heading", { name: "Complete record" })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath("student-page.png"), fullPage: true });
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Download the complete record (zip)" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^record-.+\.zip$/);
  const zip = unzipSync(new Uint8Array(fs.readFileSync(await download.path())));
  const record = JSON.parse(new TextDecoder().decode(zip["record.json"])) as {
    version: number;
    student: { name: string };
    tables: Record<string, unknown[]>;
  };
  expect(record.version).toBe(1);
  expect(record.student.name).toBe("Sofia Garcia");
  expect(record.tables.grades!.length).toBeGreaterThan(0);

  await page.getByRole("link", { name: "Records retention and erasure" }).click();
  await expect(page.getByRole("heading", { name: "Records retention and erasure" })).toBeVisible();
  await expect(page.getByTestId("erasure-off")).toContainText("RECORDS_RETENTION_YEARS");
  await page.screenshot({ path: testInfo.outputPath("records-off.png"), fullPage: true });
  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: testInfo.outputPath("records-off-375.png"), fullPage: true });
});
