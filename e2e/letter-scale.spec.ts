import type { Page } from "@playwright/test";
import { CODES, expect, gotoHydrated, signIn, test } from "./fixtures";

// A school's own letter scale (issue 42) as an admin sets it: a preset, a cut-off of its own, a
// refusal that keeps what was typed, and the teacher's Summary reading the new letters. The demo's
// scale is put back at the end (afterAll, even when a step failed) so other specs see spec §9's.

test.describe.configure({ mode: "serial" });

const SUMMARY = "/level/ALG1-P1/update?tab=summary";

async function useDefaultScale(admin: Page) {
  await gotoHydrated(admin, "/admin?tab=terms");
  await admin.getByLabel("Start from").selectOption({ label: "A–F with + and −" });
  await admin.getByRole("button", { name: "Use this scale" }).click();
  await admin.getByRole("button", { name: "Save the scale" }).click();
  await expect(admin.getByText("Letter scale saved.", { exact: false })).toBeVisible();
}

test.afterAll(async ({ browser }) => {
  const admin = await (await browser.newContext()).newPage();
  await signIn(admin, CODES.admin);
  await useDefaultScale(admin);
});

test("an admin's pass/merit scale reaches the teacher's Summary; a wrong row is refused and kept", async ({
  browser,
}) => {
  const admin = await (await browser.newContext()).newPage();
  await signIn(admin, CODES.admin);
  await gotoHydrated(admin, "/admin?tab=terms");
  const scale = admin.getByTestId("letter-scale");
  await expect(scale.getByRole("heading", { name: "Letter scale" })).toBeVisible();
  await expect(admin.getByLabel("Start from")).toHaveValue("plusMinus");

  await admin.getByLabel("Start from").selectOption({ label: "Pass or fail" });
  // Choosing is not applying: the rows change only with the button.
  await expect(admin.getByLabel("Label, row 2")).toHaveValue("A-");
  await admin.getByRole("button", { name: "Use this scale" }).click();
  await expect(admin.getByLabel("Label, row 1")).toHaveValue("P");
  await admin.getByRole("button", { name: "Add a cut-off" }).click();
  await expect(admin.getByLabel("From (%), row 2")).toBeFocused();
  await admin.keyboard.type("60");
  await admin.getByLabel("Label, row 2").fill("Merit");
  await admin.getByRole("button", { name: "Save the scale" }).click();
  await expect(scale.getByText("Two rows have the same cut-off, 60%.")).toBeVisible();
  await expect(admin.getByLabel("Label, row 2")).toHaveValue("Merit");

  await admin.getByLabel("From (%), row 2").fill("85");
  await admin.getByRole("button", { name: "Save the scale" }).click();
  await expect(scale.getByText("Letter scale saved. New grades and report cards use it.")).toBeVisible();
  // Read back highest cut-off first, as the school keeps it.
  await expect(admin.getByLabel("Label, row 1")).toHaveValue("Merit");
  await expect(admin.getByLabel("From (%), row 2")).toHaveValue("60");

  const teacher = await (await browser.newContext()).newPage();
  await signIn(teacher, CODES.instructor);
  await gotoHydrated(teacher, SUMMARY);
  const grades = teacher.getByRole("table").first();
  await expect(grades.getByText(/\d+% \((P|F|Merit)\)/).first()).toBeVisible();
  await expect(grades.getByText(/\d+% \([A-E][+-]?\)/)).toHaveCount(0);

  await useDefaultScale(admin);
  await teacher.reload();
  await expect(grades.getByText(/\d+% \([A-F][+-]?\)/).first()).toBeVisible();
  await expect(grades.getByText(/\d+% \((P|Merit)\)/)).toHaveCount(0);
});
