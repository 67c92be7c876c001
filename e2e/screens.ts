import crypto from "node:crypto";
import type { Page } from "@playwright/test";
import { zipSync, strToU8 } from "fflate";
import { dateInTimeZone, previousSchoolDays } from "../lib/domain/dates";
import { classRow, enrollmentRow, smallSchool, userRow } from "../lib/roster/test-support";
import { CODES, E2E_SESSION_SECRET, expect, issueReportLink } from "./fixtures";

// Every screen of the portal, per role, as a person reaches it: the accessibility walk (axe, light and
// dark) and the phone-width walk (no sideways scroll) both go through this one list, so a screen added
// here is checked both ways. A new page or tab belongs here.

export type Screen = { name: string; open: (page: Page) => Promise<void> };
export type Role = "anonymous" | "student" | "parent" | "instructor" | "admin";

export const ROLE_CODES: Record<Role, string | null> = {
  anonymous: null,
  student: CODES.student,
  parent: CODES.parent,
  instructor: CODES.instructor,
  admin: CODES.admin,
};

const at = (name: string, path: string): Screen => ({ name, open: (page) => page.goto(path).then(() => undefined) });

/** An unsubscribe link as an e-mail carries it (lib/mail/unsubscribe.ts), signed with the e2e server's secret. */
function unsubscribeLink(userId: number, scope: string): string {
  const key = crypto.createHash("sha256").update(`unsubscribe:${E2E_SESSION_SECRET}`).digest();
  const payload = `${userId}.${scope}`;
  return `/unsubscribe/${payload}.${crypto.createHmac("sha256", key).update(payload).digest("base64url").slice(0, 32)}`;
}

/** A OneRoster zip with one enrollment naming a missing student: the dry run shows its counts and a problem. */
function brokenRosterZip(): Buffer {
  const files = smallSchool({
    users: [
      userRow({
        id: "t-a11y",
        role: "teacher",
        given: "Tess",
        family: "Axe",
        username: "taxe",
        email: "t@school.example",
      }),
      userRow({ id: "s-a11y", role: "student", given: "Sam", family: "Axe", username: "saxe" }),
    ],
    classes: [classRow({ id: "c-a11y", title: "Access", code: "A11Y-P9", periods: "9", grades: "10" })],
    enrollments: [
      enrollmentRow({ id: "e-1", cls: "c-a11y", user: "t-a11y", role: "teacher", primary: "true" }),
      enrollmentRow({ id: "e-2", cls: "c-a11y", user: "s-nobody", role: "student" }),
    ],
  });
  return Buffer.from(zipSync(Object.fromEntries(Object.entries(files).map(([n, t]) => [n, strToU8(t)]))));
}

const CLASS_TABS = ["updates", "assignments", "grades", "attendance"] as const;
const OWN_PAGES = (): Screen[] => [
  at("notifications", "/notifications"),
  at("notification settings", "/notifications/settings"),
  at("calendar feed", "/calendar"),
];
// The demo's last school day: it has every class's records, so its roll call is filled in.
const LAST_SCHOOL_DAY = previousSchoolDays(dateInTimeZone(new Date(), "UTC"), 1)[0]!;

export const SCREENS: Record<Role, Screen[]> = {
  anonymous: [
    at("sign-in", "/"),
    at("parent portal", "/parent"),
    {
      name: "parent portal, number on file",
      open: async (page) => {
        await page.goto("/parent");
        await page.getByLabel("Parent phone number").fill("5552010003");
        await page.getByRole("button", { name: "Search" }).click();
        await expect(page.getByTestId("number-on-file")).toBeVisible();
      },
    },
    {
      name: "report card link",
      open: async (page) => {
        await page.goto(await issueReportLink(page.context().browser()!, "stu-05"));
        await expect(page.getByRole("heading", { name: /Report card: / })).toBeVisible();
      },
    },
    {
      name: "report card link, details",
      open: async (page) => {
        await page.getByRole("tab", { name: "Details" }).click();
      },
    },
    at("unsubscribe", unsubscribeLink(1, "digest-daily")),
    at("unsubscribe, link not valid", "/unsubscribe/not-a-link"),
    at("page not found", "/no-such-page"),
  ],
  student: [
    at("home", "/"),
    ...CLASS_TABS.map((t) => at(`class page ${t}`, `/level/BIO-P2?tab=${t}`)),
    at("class not found", "/level/NOPE"),
    at("past years", "/past"),
    {
      name: "own record of every year",
      open: async (page) => {
        await page.goto("/past");
        await page.locator('a[href^="/records/"]').first().click();
        await expect(page.getByRole("heading", { name: /^Record: / })).toBeVisible();
      },
    },
    ...OWN_PAGES(),
  ],
  parent: [
    at("home", "/"),
    {
      name: "child's report card",
      open: async (page) => {
        await page.goto("/");
        await page.locator('a[href^="/children/"]').first().click();
        await expect(page.getByRole("heading", { name: /Report card: / })).toBeVisible();
      },
    },
    at("past years", "/past"),
    {
      name: "child's record of every year",
      open: async (page) => {
        await page.goto("/past");
        await page.locator('a[href^="/records/"]').first().click();
        await expect(page.getByRole("heading", { name: /^Record: / })).toBeVisible();
      },
    },
    ...OWN_PAGES(),
  ],
  instructor: [
    at("home", "/"),
    at("/teacher", "/teacher"),
    ...[...CLASS_TABS, "students"].map((t) => at(`class page ${t}`, `/level/ALG1-P1?tab=${t}`)),
    ...["summary", "updates", "assignments", "grades"].map((t) =>
      at(`dashboard ${t}`, `/level/ALG1-P1/update?tab=${t}`),
    ),
    {
      name: "dashboard grades, simple gradebook",
      open: async (page) => {
        await page.getByRole("button", { name: "Simple gradebook" }).click();
      },
    },
    at("dashboard attendance", "/level/ALG1-P1/update?tab=attendance"),
    at("dashboard roll call", `/level/ALG1-P1/update?tab=attendance&day=${LAST_SCHOOL_DAY}`),
    at("dashboard attendance grid", "/level/ALG1-P1/update?tab=attendance&view=grid"),
    at("dashboard students", "/level/ALG1-P1/update?tab=students"),
    at("grading settings", "/level/ALG1-P1/update/grading"),
    {
      name: "grading queue",
      open: async (page) => {
        await page.goto("/level/ALG1-P1/update?tab=assignments");
        await page.getByRole("link", { name: "Grade one by one" }).first().click();
        await expect(page.getByRole("heading", { name: "Grade", exact: true })).toBeVisible();
      },
    },
    {
      name: "term grades, a reason open",
      open: async (page) => {
        await page.goto("/level/ALG1-P1/update/term-grades");
        await page.getByText("Why").first().click();
      },
    },
    ...OWN_PAGES(),
  ],
  admin: [
    at("home", "/"),
    ...["classes", "students", "parents", "years", "terms", "roster", "mail", "security", "audit"].map((t) =>
      at(`admin ${t}`, `/admin?tab=${t}`),
    ),
    {
      name: "admin import, dry-run result",
      open: async (page) => {
        await page.goto("/admin?tab=roster");
        await page.waitForLoadState("networkidle");
        await page
          .getByLabel("Files")
          .setInputFiles({ name: "roster.zip", mimeType: "application/zip", buffer: brokenRosterZip() });
        await page.getByRole("button", { name: "Check files" }).click();
        await expect(page.getByTestId("import-problems")).toBeVisible();
      },
    },
    at("admin import, with history", "/admin?tab=roster"),
    at("admin records retention", "/admin/records"),
    {
      // With a link just issued: its address is shown once, and the table of links below it.
      name: "admin student page, a link issued",
      open: async (page) => {
        await page.goto("/admin?tab=students&q=stu-05");
        await page
          .getByRole("link", { name: /^Guardians of/ })
          .first()
          .click();
        await page.waitForLoadState("networkidle");
        await page.getByRole("button", { name: "Issue link" }).click();
        await expect(page.getByTestId("new-report-link")).toBeVisible();
      },
    },
    {
      name: "admin parent page",
      open: async (page) => {
        await page.getByTestId("guardian-row").getByRole("link").first().click();
        await expect(page.getByRole("heading", { name: "Children" })).toBeVisible();
      },
    },
    ...OWN_PAGES(),
  ],
};

export const ROLES = Object.keys(SCREENS) as Role[];
