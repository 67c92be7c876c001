import type { Browser, Page } from "@playwright/test";
import { unmarkedText } from "./language-walk";
import { DIALOG_SITES, WALKED_ON_OWN_SERVER } from "./dialogs";
import { CODES, expect, gotoHydrated, hydrated, noahSignsIn, signIn, test } from "./fixtures";
import { PortalServer, freePort, freshTarget, type Target } from "../scripts/lib/portal-server";

// Issue 39 item 13: the pseudo-locale walk (en-XA) opens every dialog of the portal that its role
// can reach (the list in e2e/dialogs.ts, checked against components/ by tests/dialog-inventory.test.ts)
// and every role's /calendar page. Nothing is saved: each dialog is opened, walked and closed.
// The server runs with PSEUDO_LOCALES=on (scripts/e2e-server.mjs).

type Role = "anonymous" | "student" | "parent" | "teacher" | "admin";
const BASE = () => test.info().project.use.baseURL ?? "http://localhost:3100";
const CODE: Record<Exclude<Role, "anonymous">, string> = {
  student: "stu-05",
  parent: CODES.parent,
  teacher: CODES.otherInstructor, // David Chen: Biology (BIO-P2)
  admin: CODES.admin,
};
const DASHBOARD = "/level/BIO-P2/update";

/** Opens one dialog from a fresh page load; the walk reads the dialog once it is open. */
type Opener = { role: Role; open: (page: Page) => Promise<void> };

// A button missing from the screen fails in 20 s, not at the test's timeout.
const AT_ONCE = { timeout: 20_000 };
const click = (page: Page, name: RegExp) => page.getByRole("button", { name }).first().click(AT_ONCE);
const inCard = (page: Page, testId: string, title: string, button: RegExp) =>
  page.getByTestId(testId).filter({ hasText: title }).getByRole("button", { name: button }).first().click(AT_ONCE);

const OPENERS: Record<string, Opener> = {
  "sign in": { role: "anonymous", open: (page) => gotoHydrated(page, "/").then(() => undefined) },
  "add response": {
    role: "student",
    open: async (page) => {
      await gotoHydrated(page, "/level/BIO-P2?tab=updates");
      await page
        .getByRole("article")
        .filter({ hasText: "Unit test next Friday" })
        .getByRole("button", { name: /Add Response/ })
        .click();
    },
  },
  "submit response": {
    role: "student",
    open: async (page) => {
      await gotoHydrated(page, "/level/BIO-P2?tab=assignments");
      await inCard(page, "assignment-card", "Chapter 1 exercises", /Submit Response|Resubmit/);
    },
  },
  "submission history": {
    role: "student",
    open: async (page) => {
      await gotoHydrated(page, "/level/BIO-P2?tab=assignments");
      await click(page, /History/);
    },
  },
  "private comments": {
    role: "student",
    open: async (page) => {
      await gotoHydrated(page, "/level/BIO-P2?tab=assignments");
      await click(page, /Private comments/);
    },
  },
  "delete response": {
    role: "teacher",
    open: async (page) => {
      await gotoHydrated(page, "/level/BIO-P2?tab=updates");
      await page
        .getByRole("button", { name: /Delete/ })
        .first()
        .click(AT_ONCE);
    },
  },
  files: {
    role: "teacher",
    open: async (page) => {
      await gotoHydrated(page, `${DASHBOARD}?tab=assignments`);
      await inCard(page, "managed-assignment", "Chapter 1 exercises", /Files/);
    },
  },
  "new announcement": {
    role: "teacher",
    open: async (page) => {
      await gotoHydrated(page, `${DASHBOARD}?tab=updates`);
      await click(page, /New Announcement/);
    },
  },
  "edit announcement": {
    role: "teacher",
    open: async (page) => {
      await gotoHydrated(page, `${DASHBOARD}?tab=updates`);
      await click(page, /Edit Full/);
    },
  },
  "delete announcement": {
    role: "teacher",
    open: async (page) => {
      await gotoHydrated(page, `${DASHBOARD}?tab=updates`);
      await click(page, /^\[!! Delete !!\]$/);
    },
  },
  "delete assignment": {
    role: "teacher",
    open: async (page) => {
      await gotoHydrated(page, `${DASHBOARD}?tab=assignments`);
      await inCard(page, "managed-assignment", "Chapter 1 exercises", /^\[!! Delete !!\]$/);
    },
  },
  "new assignment": {
    role: "teacher",
    open: async (page) => {
      await gotoHydrated(page, `${DASHBOARD}?tab=assignments`);
      await click(page, /New Assignment/);
    },
  },
  "edit assignment": {
    role: "teacher",
    open: async (page) => {
      await gotoHydrated(page, `${DASHBOARD}?tab=assignments`);
      await inCard(page, "managed-assignment", "Chapter 1 exercises", /Edit Full/);
    },
  },
  "rubric bank": {
    role: "teacher",
    open: async (page) => {
      await gotoHydrated(page, `${DASHBOARD}?tab=assignments`);
      await click(page, /Rubric bank/);
    },
  },
  "bulk grade": {
    role: "teacher",
    open: async (page) => {
      await gotoHydrated(page, `${DASHBOARD}?tab=assignments`);
      await inCard(page, "managed-assignment", "Chapter 1 exercises", /Bulk Grade/);
    },
  },
  "view responses": {
    role: "teacher",
    open: async (page) => {
      await gotoHydrated(page, `${DASHBOARD}?tab=assignments`);
      await inCard(page, "managed-assignment", "Chapter 1 exercises", /View Responses/);
      await expect(
        page
          .getByRole("dialog")
          .getByRole("button", { name: /Save score/ })
          .first(),
      ).toBeVisible();
    },
  },
  "message guardians": {
    role: "teacher",
    open: async (page) => {
      await gotoHydrated(page, `${DASHBOARD}?tab=assignments`);
      await inCard(page, "managed-assignment", "Chapter 1 exercises", /Message guardians/);
      await page.locator("#message-text").fill("A reminder");
      await page
        .getByRole("dialog")
        .getByRole("button", { name: /Preview recipients/ })
        .click();
      await expect(page.getByTestId("message-preview")).toBeVisible();
    },
  },
  "add grade": {
    role: "teacher",
    open: async (page) => {
      await gotoHydrated(page, `${DASHBOARD}?tab=grades`);
      await click(page, /Add Grade/);
    },
  },
  "remove student": {
    role: "teacher",
    open: async (page) => {
      await gotoHydrated(page, `${DASHBOARD}?tab=students`);
      await click(page, /^\[!! Remove .+ !!\]$/);
    },
  },
  "add students": {
    role: "teacher",
    open: async (page) => {
      await gotoHydrated(page, `${DASHBOARD}?tab=students`);
      await click(page, /Add Students/);
    },
  },
  "create new student": {
    role: "teacher",
    open: async (page) => {
      await gotoHydrated(page, `${DASHBOARD}?tab=students`);
      await click(page, /Add Students/);
      await page.getByRole("tab", { name: /Create New Student/ }).click();
    },
  },
  "edit student": {
    role: "teacher",
    open: async (page) => {
      await gotoHydrated(page, `${DASHBOARD}?tab=students`);
      await click(page, /^\[!! Edit .+ !!\]$/);
    },
  },
  "students of a class": {
    role: "admin",
    open: async (page) => {
      await gotoHydrated(page, "/admin");
      await click(page, /View Students/);
    },
  },
  "new class": {
    role: "admin",
    open: async (page) => {
      await gotoHydrated(page, "/admin");
      await click(page, /New Class/);
    },
  },
  "edit class": {
    role: "admin",
    open: async (page) => {
      await gotoHydrated(page, "/admin");
      await page.getByRole("row").filter({ hasText: "BIO-P2" }).getByRole("button", { name: /Edit/ }).first().click();
    },
  },
  "admin: edit student": {
    role: "admin",
    open: async (page) => {
      await gotoHydrated(page, "/admin?tab=students");
      await page.getByTestId("admin-student-row").first().getByRole("button", { name: /Edit/ }).click();
    },
  },
  "new user": {
    role: "admin",
    open: async (page) => {
      await gotoHydrated(page, "/admin");
      await click(page, /New User/);
    },
  },
  "remove sign-in link": {
    role: "admin",
    open: async (page) => {
      // A link to remove: Noah's school account, linked by his first sign-in (kept if linked already).
      const noah = await noahSignsIn(page.context().browser()!);
      await expect(noah.getByText("Noah Kim").first()).toBeVisible();
      await noah.context().close();
      await gotoHydrated(page, "/admin/sign-in");
      await page.getByTestId("sign-in-link-row").first().getByRole("button").click(AT_ONCE);
    },
  },
};

// People's words the walk meets outside [data-user-text]: the portal's name, the languages'
// names, and what the walk typed.
const DATA = ["Classroom Portal", "English", "Español", "A reminder"];

async function asRole(browser: Browser, role: Role): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  if (role !== "anonymous") await signIn(page, CODE[role]);
  await context.addCookies([{ name: "portal_locale", value: "en-XA", url: BASE() }]);
  return page;
}

test("every dialog in the list has an opener, and every opener a dialog in the list", () => {
  expect([...Object.keys(OPENERS), ...Object.keys(WALKED_ON_OWN_SERVER)].sort()).toEqual(
    Object.values(DIALOG_SITES).flat().sort(),
  );
});

test.describe("pseudo-locale walk (en-XA) over every dialog", () => {
  for (const role of ["anonymous", "student", "teacher", "admin"] as const) {
    test(`${role}: each dialog, opened, has no text without the markers`, async ({ browser }) => {
      test.setTimeout(360_000);
      const page = await asRole(browser, role);
      const found: Record<string, string[]> = {};
      for (const [name, opener] of Object.entries(OPENERS).filter(([, o]) => o.role === role)) {
        await opener.open(page);
        const dialog = page.locator("[role=dialog], [role=alertdialog]").last();
        await expect(dialog, name).toBeVisible();
        await expect(page.locator("html")).toHaveAttribute("lang", "en");
        const bad = await unmarkedText(page, { data: DATA, root: "[role=dialog], [role=alertdialog]" });
        if (bad.length) found[name] = bad;
      }
      await page.context().close();
      expect(found).toEqual({});
    });
  }
});

test("pseudo-locale walk (en-XA): every role's calendar feed page", async ({ browser }) => {
  test.setTimeout(240_000);
  const found: Record<string, string[]> = {};
  for (const role of ["student", "parent", "teacher", "admin"] as const) {
    const page = await asRole(browser, role);
    await gotoHydrated(page, "/calendar");
    const bad = await unmarkedText(page, { data: DATA });
    if (bad.length) found[role] = bad;
    await page.context().close();
  }
  expect(found).toEqual({});
});

// The refusal of a staff code when SIGNIN_CODES turns staff codes off (issue 32) reached a reader
// in English after the script posted the code. It is now the same answer as a wrong code's (issue 39
// item 6: no oracle), in the reader's language. A server of its own: staff codes off, a school
// account provider named (never reached: the refusal comes before it; one that does not answer at
// start is a warning), pseudo-locales on.
test.describe("the SIGNIN_CODES refusal", () => {
  let target: Target;
  let server: PortalServer;
  test.beforeAll(async () => {
    test.setTimeout(240_000);
    target = await freshTarget("");
    const port = await freePort();
    server = new PortalServer(target, port, undefined, {
      PSEUDO_LOCALES: "on",
      SIGNIN_CODES: "students,parents",
      PORTAL_URL: `http://localhost:${port}`,
      OIDC_PROVIDERS: "school",
      OIDC_SCHOOL_ISSUER: "http://127.0.0.1:9/never-reached",
      OIDC_SCHOOL_CLIENT_ID: "portal",
      OIDC_SCHOOL_CLIENT_SECRET: "never-used",
      OIDC_SCHOOL_LABEL: "Demo School",
      // The demo admin's own address is in the provider's domain, so an admin could still sign in
      // (the start-up check refuses a configuration that locks every admin out, issue 39 item 7).
      OIDC_SCHOOL_DOMAINS: "demo.school",
    });
    await server.start();
  });
  test.afterAll(async () => {
    await server?.stop();
    await target?.cleanup();
  });

  for (const [locale, expected] of [
    ["es", "Código no válido"],
    ["en-XA", null],
  ] as const) {
    test(`a teacher's code is refused in the reader's language (${locale})`, async ({ browser }) => {
      const context = await browser.newContext();
      await context.addCookies([{ name: "portal_locale", value: locale, url: server.base }]);
      const page = await context.newPage();
      await page.goto(server.base);
      await hydrated(page);
      const dialog = page.getByRole("dialog");
      await dialog.locator("#access-code").fill(CODES.instructor);
      await dialog.locator("#access-code").press("Enter");
      await expect(dialog.getByRole("alert")).toBeVisible();
      if (expected) await expect(dialog.getByRole("alert")).toHaveText(expected);
      else expect(await unmarkedText(page, { data: DATA, root: "[role=dialog]" })).toEqual([]);
      await context.close();
    });
  }
});
