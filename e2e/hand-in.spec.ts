import type { Locator, Page } from "@playwright/test";
import { expect, signIn, test } from "./fixtures";

// Handing in work with files (issue 39): a file alone is enough; a resubmission starts from the
// last submission's files, each kept or removed; uploads left in a dialog that was never sent
// neither show nor count in the next one; each refused file says why, without a full bar or a
// Retry that cannot succeed. Student 6 (Biology and World History) is used by no other spec.

const STUDENT = "stu-06";
const pdf = (name: string) => ({
  name,
  mimeType: "application/pdf",
  buffer: Buffer.from(`%PDF-1.4\n% ${name}\n${"0".repeat(2000)}\n%%EOF\n`),
});
const text = (name: string) => ({ name, mimeType: "text/plain", buffer: Buffer.from(`Notes in ${name}.\n`) });
// A Windows program: refused by its content whatever it is called.
const program = {
  name: "game.exe",
  mimeType: "application/octet-stream",
  buffer: Buffer.from("MZ\x90\x00\x03\x00\x00\x00\x04\x00"),
};

async function openHandIn(page: Page, title: string): Promise<Locator> {
  await page.goto("/level/BIO-P2?tab=assignments");
  const card = page.getByTestId("assignment-card").filter({ hasText: title });
  await card.getByRole("button", { name: /Submit Response|Resubmit/ }).click();
  return page.getByRole("dialog", { name: title });
}

const item = (dialog: Locator, name: string) => dialog.getByTestId("attachment-item").filter({ hasText: name });

test("a file alone hands work in; a resubmission starts from the last one's files, each kept or removed", async ({
  page,
}) => {
  await signIn(page, STUDENT);
  let dialog = await openHandIn(page, "Reading journal");
  await dialog.getByLabel("Attach files").setInputFiles(pdf("journal-page.pdf"));
  await expect(item(dialog, "journal-page.pdf").getByText("Uploaded", { exact: true })).toBeAttached();
  // No text at all: the file is the work.
  await expect(dialog.getByRole("button", { name: "Submit Response" })).toBeEnabled();
  await expect(dialog).toContainText("Minimum 10 characters, or attach a file");
  await dialog.getByRole("button", { name: "Submit Response" }).click();
  await expect(page.getByText("Submission sent successfully!", { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();

  // The resubmission lists the file handed in, kept unless the student says otherwise.
  dialog = await openHandIn(page, "Reading journal");
  const kept = dialog.getByRole("checkbox", { name: "Keep journal-page.pdf" });
  await expect(kept).toBeChecked();
  await dialog.getByLabel("Attach files").setInputFiles(text("notes.txt"));
  await expect(item(dialog, "notes.txt").getByText("Uploaded", { exact: true })).toBeAttached();
  await dialog.getByRole("button", { name: "Submit Response" }).click();
  await expect(dialog).toBeHidden();

  dialog = await openHandIn(page, "Reading journal");
  await expect(dialog.getByRole("checkbox", { name: "Keep notes.txt" })).toBeChecked();
  await dialog.getByRole("checkbox", { name: "Keep journal-page.pdf" }).uncheck();
  await dialog.getByLabel("Your Response").fill("Final version of my journal.");
  await kept.scrollIntoViewIfNeeded();
  await page.screenshot({ path: "test-results/hand-in-resubmit.png" });
  await dialog.getByRole("button", { name: "Submit Response" }).click();
  await expect(dialog).toBeHidden();

  await page
    .getByTestId("assignment-card")
    .filter({ hasText: "Reading journal" })
    .getByRole("button", { name: "History" })
    .click();
  const history = page.getByRole("dialog", { name: "History: Reading journal" });
  const entries = history.getByRole("listitem").filter({ hasText: /^Submission #/ });
  await expect(entries.nth(0)).toContainText("Final version of my journal.");
  await expect(entries.nth(0).getByRole("link", { name: /notes\.txt/ })).toBeVisible();
  await expect(entries.nth(0).getByRole("link", { name: /journal-page\.pdf/ })).toHaveCount(0);
  await expect(entries.nth(1).getByRole("link", { name: /journal-page\.pdf/ })).toBeVisible();
  await expect(entries.nth(1).getByRole("link", { name: /notes\.txt/ })).toBeVisible();
  await expect(entries.nth(2).getByRole("link", { name: /journal-page\.pdf/ })).toBeVisible();
  await expect(entries.nth(2).getByRole("link", { name: /notes\.txt/ })).toHaveCount(0);
});

test("uploads left in an unsent dialog neither show nor count; each refused file says why", async ({ page }) => {
  await signIn(page, STUDENT);
  let dialog = await openHandIn(page, "Chapter 1 exercises");
  await dialog
    .getByLabel("Attach files")
    .setInputFiles(Array.from({ length: 10 }, (_, i) => text(`page-${i + 1}.txt`)));
  await expect(dialog.getByText("Uploaded", { exact: true })).toHaveCount(10);
  await page.reload(); // the tab is left without Cancel: nothing removes those ten

  dialog = await openHandIn(page, "Chapter 1 exercises");
  await expect(dialog.getByTestId("attachment-item")).toHaveCount(0);
  await dialog.getByLabel("Attach files").setInputFiles([program, text("answers.txt")]);
  await expect(item(dialog, "answers.txt").getByText("Uploaded", { exact: true })).toBeAttached();
  const refused = item(dialog, "game.exe");
  await expect(refused.getByRole("alert")).toHaveText(
    "This kind of file cannot be uploaded. Use a photo, a PDF, an office document, plain text, audio or video.",
  );
  // Sending it again would be refused again: no Retry, and no bar that reads as done.
  await expect(refused.getByRole("button", { name: "Retry" })).toHaveCount(0);
  await expect(refused.getByRole("progressbar")).toHaveCount(0);

  // Ten files at most: the tenth of these is refused for that, and says so.
  await dialog
    .getByLabel("Attach files")
    .setInputFiles(Array.from({ length: 10 }, (_, i) => text(`more-${i + 1}.txt`)));
  await expect(dialog.getByText("Uploaded", { exact: true })).toHaveCount(10);
  await expect(item(dialog, "more-10.txt").getByRole("alert")).toHaveText("At most 10 files can be attached.");
  await expect(item(dialog, "more-10.txt").getByRole("button", { name: "Retry" })).toHaveCount(0);
  // What the student sees, on a desktop and on a phone: each refused file with its reason.
  await item(dialog, "more-10.txt").scrollIntoViewIfNeeded();
  await page.screenshot({ path: "test-results/hand-in-refused-1280.png" });
  await page.setViewportSize({ width: 375, height: 800 });
  await refused.scrollIntoViewIfNeeded();
  await page.screenshot({ path: "test-results/hand-in-refused-375.png" });
  await page.setViewportSize({ width: 1280, height: 720 });

  // A lost connection can succeed on a second try: that one keeps its Retry.
  await item(dialog, "answers.txt")
    .getByRole("button", { name: /^Remove/ })
    .click();
  await expect(item(dialog, "answers.txt")).toHaveCount(0);
  await page.route(
    (url) => url.pathname === "/level/BIO-P2/files",
    (route) => route.abort(),
    { times: 1 },
  );
  await dialog.getByLabel("Attach files").setInputFiles(text("late.txt"));
  await expect(item(dialog, "late.txt").getByRole("alert")).toHaveText("The connection was lost. Please try again.");
  await item(dialog, "late.txt").getByRole("button", { name: "Retry" }).click();
  await expect(item(dialog, "late.txt").getByText("Uploaded", { exact: true })).toBeAttached();
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
});
