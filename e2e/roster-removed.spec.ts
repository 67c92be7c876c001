import { zipSync, strToU8 } from "fflate";
import { classRow, enrollmentRow, smallSchool, userRow } from "../lib/roster/test-support";
import { GRADEBOOK_BULK, lineItemRow, resultRow, smallGradebook } from "../lib/roster/test-support-gradebook";
import { expect, gotoHydrated, test } from "./fixtures";

// Issue 29: a student and a class the roster removes but keeps for their records (grades,
// assignments) carry "Removed by the roster on <date>" in the admin lists, and the admin restores
// the student (who gets a new access code) from the list.
//
// The roster brings its own student and class, with one graded line item so that both have records
// and are kept: taking over a demo student or class would change the access code and enrollments
// that later specs sign in with (it did: every student sign-in after this file failed in CI).

const student = { name: "Noor Haddad", given: "Noor", family: "Haddad", username: "nhaddad" };
const klass = { title: "Architecture", code: "ARCH-P8" };

function zip(files: Record<string, string>): Buffer {
  return Buffer.from(zipSync(Object.fromEntries(Object.entries(files).map(([n, t]) => [n, strToU8(t)]))));
}
/** The roster brings Noor, Architecture and one graded sketch. */
const first = () =>
  zip({
    ...smallSchool({
      users: [userRow({ id: "s-noor", role: "student", ...student })],
      classes: [classRow({ id: "c-arch", ...klass, periods: "8" })],
      enrollments: [enrollmentRow({ id: "e-noor", cls: "c-arch", user: "s-noor", role: "student" })],
      modes: GRADEBOOK_BULK,
    }),
    ...smallGradebook({
      categories: [],
      lineItems: [lineItemRow({ id: "li-sketch", cls: "c-arch", title: "Sketch", max: 10 })],
      results: [resultRow({ id: "r-sketch", item: "li-sketch", student: "s-noor", score: 9 })],
      demographics: [],
    }),
  });
/** The next export no longer lists them. */
const second = () =>
  zip(
    smallSchool({
      users: [userRow({ id: "s-ode", role: "student", given: "Omar", family: "Ode", username: "oode" })],
      classes: [classRow({ id: "c-robo", title: "Robotics", code: "ROBO-P7", periods: "7" })],
      enrollments: [enrollmentRow({ id: "e-ode", cls: "c-robo", user: "s-ode", role: "student" })],
    }),
  );

test("people and classes the roster removed are marked in the admin lists and can be restored", async ({
  page,
  loginAs,
}) => {
  await loginAs("admin");
  for (const [name, buffer] of [
    ["first.zip", first()],
    ["second.zip", second()],
  ] as const) {
    await gotoHydrated(page, "/admin?tab=roster");
    await page.getByLabel("Files").setInputFiles({ name, mimeType: "application/zip", buffer });
    await page.getByRole("button", { name: "Check files" }).click();
    await page.getByRole("button", { name: /^Apply import/ }).click();
    await expect(page.getByTestId("import-applied")).toContainText("Import applied");
  }
  await page.screenshot({ path: "test-results/roster-sync-settings.png", fullPage: true });

  await gotoHydrated(page, `/admin?tab=students&q=${encodeURIComponent(student.name)}`);
  const row = page.getByTestId("admin-student-row").filter({ hasText: student.name });
  await expect(row.getByTestId("roster-removed")).toContainText(/Removed by the roster on \w{3} \d{1,2}, \d{4}/);
  await page.screenshot({ path: "test-results/roster-removed-student.png", fullPage: true });
  await row.getByRole("button", { name: `Restore ${student.name}` }).click();
  await expect(row.getByTestId("roster-restored")).toContainText(/access code [a-z2-9]{5}-[a-z2-9]{5}/);
  await page.screenshot({ path: "test-results/roster-restored-student.png", fullPage: true });
  await gotoHydrated(page, `/admin?tab=students&q=${encodeURIComponent(student.name)}`);
  await expect(
    page.getByTestId("admin-student-row").filter({ hasText: student.name }).getByTestId("roster-removed"),
  ).toHaveCount(0);

  await gotoHydrated(page, "/admin?tab=classes");
  const bio = page.getByTestId("admin-class-row").filter({ hasText: klass.code });
  await expect(bio.getByTestId("roster-removed")).toContainText(/Removed by the roster on \w{3} \d{1,2}, \d{4}/);
  await page.screenshot({ path: "test-results/roster-removed-class.png", fullPage: true });
});
