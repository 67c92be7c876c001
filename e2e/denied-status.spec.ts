import type { Page, Response } from "@playwright/test";
import { CODES, expect, test } from "./fixtures";

// Issue 28 item 12 (decision 027): a page that refuses a signed-in visitor answers 403, or 404
// where it says nothing exists for them (an unknown class, a child who is not theirs), with the
// same screen as before, on a full page load and on the client router's own navigation alike.

const DENIED = "Access Denied";
const NOT_ENROLLED = "You are not enrolled in this class. Please contact your teacher to get access.";
const ONLY_TEACHERS = "Only teachers and admins can access this page";
const NOT_YOURS = "You can only see the report cards of your own children.";

interface Refusal {
  path: string;
  status: 403 | 404;
  title: string;
  message: string;
  home?: string;
}

const REFUSED: Record<"student" | "instructor" | "parent" | "admin", Refusal[]> = {
  student: [
    { path: "/level/ALG1-P1", status: 403, title: DENIED, message: NOT_ENROLLED },
    { path: "/level/ALG1-P1?tab=grades", status: 403, title: DENIED, message: NOT_ENROLLED },
    {
      path: "/level/NO-SUCH-CLASS",
      status: 404,
      title: "Class Not Found",
      message: "The requested class could not be found.",
    },
    { path: "/level/BIO-P2/update", status: 403, title: DENIED, message: ONLY_TEACHERS },
    { path: "/teacher", status: 403, title: DENIED, message: ONLY_TEACHERS },
    {
      path: "/admin",
      status: 403,
      title: DENIED,
      message: "Access Denied. Only administrators can access this page.",
      home: "Go to Home",
    },
  ],
  instructor: [
    // David Chen's class, not Maria Rivera's.
    {
      path: "/level/BIO-P2/update",
      status: 403,
      title: DENIED,
      message: "You are not authorized to access this level",
    },
    {
      path: "/level/BIO-P2/update/grading",
      status: 403,
      title: DENIED,
      message: "You are not authorized to access this level",
    },
    {
      path: "/level/BIO-P2/update/term-grades",
      status: 403,
      title: DENIED,
      message: "You are not authorized to access this level",
    },
    {
      path: "/level/NO-SUCH-CLASS/update",
      status: 404,
      title: "Class Not Found",
      message: "The requested class could not be found.",
    },
    {
      path: "/admin/sign-in",
      status: 403,
      title: DENIED,
      message: "Access Denied. Only administrators can access this page.",
      home: "Go to Home",
    },
    {
      path: "/admin/records",
      status: 403,
      title: DENIED,
      message: "Access Denied. Only administrators can access this page.",
      home: "Go to Home",
    },
  ],
  parent: [
    { path: "/children/999999", status: 404, title: DENIED, message: NOT_YOURS },
    { path: "/children/not-a-number", status: 404, title: DENIED, message: NOT_YOURS },
    { path: "/level/BIO-P2", status: 403, title: DENIED, message: DENIED },
  ],
  // Nothing is refused to an admin; a student or parent who does not exist is not found.
  admin: [
    {
      path: "/admin/students/999999",
      status: 404,
      title: "Student not found",
      message: "That student does not exist.",
      home: "Go to Home",
    },
    {
      path: "/admin/parents/not-a-number",
      status: 404,
      title: "Parent not found",
      message: "That parent does not exist.",
      home: "Go to Home",
    },
  ],
};

async function expectScreen(page: Page, r: Refusal) {
  await expect(page.getByRole("heading", { level: 1, name: r.title, exact: true })).toBeVisible();
  await expect(page.locator("main h1 + p")).toHaveText(r.message);
  await expect(page.getByRole("link", { name: r.home ?? "Return to Home" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Logout" })).toBeVisible(); // inside the app's header, as before
}

/** The client router's navigation (what a link does), with every response it caused. */
async function navigateInApp(page: Page, path: string): Promise<Response[]> {
  const responses: Response[] = [];
  const record = (r: Response) => responses.push(r);
  page.on("response", record);
  await page.evaluate(
    (p) => (window as unknown as { next: { router: { push(p: string): void } } }).next.router.push(p),
    path,
  );
  await expect(page).toHaveURL(path);
  await page.waitForLoadState("networkidle");
  page.off("response", record);
  return responses;
}

for (const role of ["student", "instructor", "parent", "admin"] as const) {
  test(`${role}: each refused page answers ${[...new Set(REFUSED[role].map((r) => r.status))].join("/")} with its own screen`, async ({
    page,
    loginAs,
  }) => {
    await loginAs(role);
    for (const r of REFUSED[role]) {
      const response = await page.goto(r.path);
      expect(response?.status(), r.path).toBe(r.status);
      await expectScreen(page, r);
      expect(await response!.text()).toContain(r.message);
    }
  });

  // The client router fetches the page's payload (its status unseen): the page renders its refusal
  // itself. Until proxy.ts read Fetch Metadata, Next.js's hidden RSC header made these requests look
  // like page loads, the refusal was thrown, and students and instructors got an empty page.
  test(`${role}: the client router's navigation to a refused page shows the same screen, nothing answers 5xx`, async ({
    page,
    loginAs,
  }) => {
    await loginAs(role);
    for (const r of REFUSED[role]) {
      await page.goto("/");
      const responses = await navigateInApp(page, r.path);
      await expectScreen(page, r);
      expect(responses.filter((x) => x.status() >= 500).map((x) => x.url())).toEqual([]);
    }
  });
}

test("a prefetch of a refused page answers without a server error", async ({ page, loginAs }) => {
  await loginAs("student");
  const statuses: number[] = [];
  page.on("response", (r) => {
    if (r.request().headers()["next-router-prefetch"]) statuses.push(r.status());
  });
  for (const path of ["/level/ALG1-P1", "/level/NO-SUCH-CLASS", "/level/BIO-P2/update", "/teacher", "/admin"]) {
    await page.evaluate(
      (p) => (window as unknown as { next: { router: { prefetch(p: string): void } } }).next.router.prefetch(p),
      path,
    );
  }
  await expect.poll(() => statuses.length).toBeGreaterThan(0);
  await page.waitForLoadState("networkidle");
  expect(statuses.filter((s) => s >= 500)).toEqual([]);
});

test("allowed pages still answer 200 and signed-out visitors are treated as before", async ({ page }) => {
  expect((await page.goto("/admin"))?.status()).toBe(200);
  await expect(page.getByText("Please log in to access this page")).toBeVisible();
  expect((await page.goto("/level/BIO-P2"))?.status()).toBe(200);
  await expect(page.getByRole("dialog", { name: "Sign In" })).toBeVisible();
  await page.goto("/level/BIO-P2/update");
  await expect(page).toHaveURL(/\/$/);
  await page.goto("/children/1");
  await expect(page.getByRole("dialog", { name: "Sign In" })).toBeVisible();
});

test("the pages a signed-in visitor may open still answer 200", async ({ page, loginAs }) => {
  await loginAs("instructor");
  expect(CODES.instructor).toBe("teach-rivera"); // Algebra I's instructor
  expect((await page.goto("/level/ALG1-P1/update"))?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1, name: "Algebra I" })).toBeVisible();
  expect((await page.goto("/level/BIO-P2"))?.status()).toBe(200); // any class page, for staff
  expect((await page.goto("/teacher"))?.status()).toBe(200);
});

test("an admin's page of a student or parent who exists answers 200 with no refusal in it", async ({
  page,
  loginAs,
}) => {
  await loginAs("admin");
  for (const [tab, missing] of [
    ["students", "That student does not exist."],
    ["parents", "That parent does not exist."],
  ]) {
    await page.goto(`/admin?tab=${tab}`);
    const href = await page.locator(`a[href^="/admin/${tab}/"]`).first().getAttribute("href");
    const response = await page.goto(href!);
    expect(response?.status(), href!).toBe(200);
    expect(await response!.text()).not.toContain(missing);
  }
});
