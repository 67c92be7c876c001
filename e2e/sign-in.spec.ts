import http from "node:http";
import { sealData, unsealData } from "iron-session";
import { E2E_PORT } from "../playwright.config";
import { CODES, E2E_SESSION_SECRET, expect, signIn, test } from "./fixtures";

test.describe("sign-in and home dashboard", () => {
  test("a student sees only their enrolled classes", async ({ page }) => {
    await signIn(page, CODES.student.toUpperCase()); // codes are case-insensitive
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^Good (Morning|Afternoon|Evening), Ava$/);
    const cards = page.getByTestId("class-card");
    await expect(cards).toHaveCount(2);
    await expect(cards.nth(0)).toContainText("Biology");
    await expect(cards.nth(1)).toContainText("Geometry");
    await expect(cards.nth(0)).toHaveAttribute("href", "/level/BIO-P2");
    await expect(page.getByRole("link", { name: "Admin Dashboard" })).toHaveCount(0);
    // Header: name, username and a mm:ss countdown close to 4 hours.
    await expect(page.getByTestId("header-name")).toHaveText("Ava Johnson");
    await expect(page.getByText("@ava.johnson")).toBeVisible();
    await expect(page.getByRole("timer")).toHaveText(/^2(39|40):\d\d$/);
  });

  test("an instructor sees only their own classes, linking to the dashboard", async ({ page }) => {
    await signIn(page, CODES.otherInstructor);
    const cards = page.getByTestId("class-card");
    await expect(cards).toHaveCount(2);
    await expect(cards.nth(0)).toContainText("Biology");
    await expect(cards.nth(1)).toContainText("World History");
    await expect(cards.nth(1)).toHaveAttribute("href", "/level/HIST-P4/update");
  });

  test("an admin sees every class and the Admin Dashboard button", async ({ page }) => {
    await signIn(page, CODES.admin);
    // Every class (the admin e2e may have added one more).
    for (const name of ["Algebra I", "Biology", "Geometry", "World History"])
      await expect(page.getByTestId("class-card").filter({ hasText: name })).toHaveCount(1);
    await expect(page.getByRole("link", { name: "Admin Dashboard" })).toHaveAttribute("href", "/admin");
  });

  test("a student enrolled nowhere gets the empty state", async ({ page }) => {
    await signIn(page, CODES.unenrolledStudent);
    await expect(page.getByText("No classes enrolled")).toBeVisible();
    await expect(
      page.getByText("You are not enrolled in any classes yet. Contact your teacher for access."),
    ).toBeVisible();
  });

  test("a wrong code shows 'Invalid code'", async ({ page }) => {
    await page.goto("/");
    const dialog = page.getByRole("dialog", { name: "Sign In" });
    await dialog.getByLabel("Access Code").fill("not-a-real-code");
    await dialog.getByRole("button", { name: "Sign In" }).click();
    await expect(dialog.getByRole("alert")).toHaveText("Invalid code");
    await expect(page.getByRole("button", { name: "Logout" })).toHaveCount(0);
  });

  test("logout returns to the sign-in modal, and the old cookie no longer works", async ({ page, context }) => {
    await signIn(page, CODES.instructor);
    const before = (await context.cookies()).find((c) => c.name === "portal_session");
    expect(before?.httpOnly).toBe(true);
    expect(before?.sameSite).toBe("Lax");
    await page.getByRole("button", { name: "Logout" }).click();
    await expect(page.getByRole("dialog", { name: "Sign In" })).toBeVisible();
    // Replaying the cookie captured before logout must not sign anyone in.
    await context.addCookies([before!]);
    await page.goto("/");
    await expect(page.getByRole("dialog", { name: "Sign In" })).toBeVisible();
  });

  test("an expired session returns to the sign-in modal", async ({ page, context }) => {
    await signIn(page, CODES.student);
    const cookie = (await context.cookies()).find((c) => c.name === "portal_session")!;
    const data = await unsealData<{ uid: number; ver: number; iat: number }>(cookie.value, {
      password: E2E_SESSION_SECRET,
    });
    // Same user and version, but signed in 4 h and 1 s ago.
    const expired = await sealData(
      { ...data, iat: Date.now() - 4 * 3600_000 - 1000 },
      { password: E2E_SESSION_SECRET },
    );
    await context.addCookies([{ ...cookie, value: expired }]);
    await page.goto("/");
    await expect(page.getByRole("dialog", { name: "Sign In" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Logout" })).toHaveCount(0);
  });

  test("the countdown reaching zero brings the sign-in modal back", async ({ page, context }) => {
    await signIn(page, CODES.student);
    const cookie = (await context.cookies()).find((c) => c.name === "portal_session")!;
    const data = await unsealData<{ uid: number; ver: number; iat: number }>(cookie.value, {
      password: E2E_SESSION_SECRET,
    });
    // Two seconds of session left: the page must notice on its own, without navigation.
    const nearlyOver = await sealData(
      { ...data, iat: Date.now() - 4 * 3600_000 + 2000 },
      { password: E2E_SESSION_SECRET },
    );
    await context.addCookies([{ ...cookie, value: nearlyOver }]);
    await page.goto("/");
    await expect(page.getByRole("button", { name: "Logout" })).toBeVisible();
    await expect(page.getByRole("dialog", { name: "Sign In" })).toBeVisible({ timeout: 8000 });
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the sign-in form still works: a wrong code says so, the right one signs in and returns to the page", async ({
    page,
    context,
  }) => {
    await page.goto("/");
    const dialog = page.getByRole("dialog", { name: "Sign In" });
    await expect(dialog.getByLabel("Access Code")).toBeFocused(); // typing works before any script
    await dialog.getByLabel("Access Code").fill("not-a-real-code");
    await dialog.getByRole("button", { name: "Sign In" }).click();
    await expect(page).toHaveURL(/\/\?signin=invalid$/);
    await expect(dialog.getByRole("alert")).toHaveText("Invalid code");
    await dialog.getByLabel("Access Code").fill(CODES.student);
    await dialog.getByRole("button", { name: "Sign In" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("button", { name: "Logout" })).toBeVisible();

    // From a deeper page it comes back to that page (whose content streams in with the script).
    await context.clearCookies();
    await page.goto("/level/BIO-P2?tab=grades");
    await dialog.getByLabel("Access Code").fill(CODES.student);
    await dialog.getByRole("button", { name: "Sign In" }).click();
    await expect(page).toHaveURL(/\/level\/BIO-P2\?tab=grades$/);
    expect((await context.cookies()).some((c) => c.name === "portal_session")).toBe(true);
  });
});

test("pages carry the security headers and run under the CSP without violations", async ({ page }) => {
  const violations: string[] = [];
  page.on("console", (m) => {
    if (/Content Security Policy|Refused to (execute|load)/i.test(m.text())) violations.push(m.text());
  });
  const res = await page.goto("/");
  const h = res!.headers();
  expect(h["content-security-policy"]).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+' 'strict-dynamic'/);
  expect(h["content-security-policy"]).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  expect(h["content-security-policy"]).toContain("frame-ancestors 'none'");
  expect(h["x-content-type-options"]).toBe("nosniff");
  expect(h["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  await signIn(page, CODES.instructor);
  await page.goto("/level/ALG1-P1/update?tab=grades");
  await expect(page.getByTestId("grade-grid").filter({ visible: true })).toBeVisible();
  // A page that does not exist is rendered per request too, so its scripts carry the nonce.
  const missing = await page.goto("/no-such-page");
  expect(missing!.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  await page.waitForLoadState("networkidle");
  expect(violations).toEqual([]);
  // A cross-site POST to a route handler is refused.
  const forged = await page.request.post("/api/session", {
    headers: { origin: "https://evil.example" },
    data: { code: CODES.admin },
  });
  expect(forged.status()).toBe(403);
  // So is a cross-site server-action POST (Next itself would answer 500), and dynamic pages are never cached.
  const action = await page.request.post("/level/ALG1-P1/update", {
    headers: { origin: "https://evil.example", "next-action": "0123456789abcdef" },
    data: "[]",
  });
  expect(action.status()).toBe(403);
  expect((await page.request.get("/")).headers()["cache-control"]).toContain("no-store");
});

test("a ?signin= reason the server never sends shows the generic message, not a crash", async ({ page }) => {
  for (const reason of ["__proto__", "constructor"]) {
    await page.goto(`/?signin=${reason}`);
    await expect(page.getByRole("dialog", { name: "Sign In" }).getByRole("alert")).toHaveText(
      "Something went wrong. Please try again.",
    );
  }
});

/** A sign-in POST from its own loopback address (127.0.0.x), so other tests' client is not limited. */
function signInFrom(localAddress: string, code: string, forwardedFor: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: "127.0.0.1",
        port: E2E_PORT,
        path: "/api/session",
        method: "POST",
        localAddress,
        headers: { "content-type": "application/json", "x-forwarded-for": forwardedFor },
      },
      (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      },
    );
    req.on("error", reject);
    req.end(JSON.stringify({ code }));
  });
}

test("a client cannot pick its own rate-limit key with X-Forwarded-For (the production server reads the TCP peer)", async () => {
  const statuses: number[] = [];
  for (let i = 0; i < 11; i++) statuses.push(await signInFrom("127.0.0.3", `wrong-${i}`, `203.0.113.${i}`));
  expect(statuses).toEqual([...Array<number>(10).fill(401), 429]);
  expect(await signInFrom("127.0.0.4", CODES.student, "127.0.0.3")).toBe(200); // another client, even naming the blocked one
});
