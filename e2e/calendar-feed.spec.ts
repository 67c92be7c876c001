import AxeBuilder from "@axe-core/playwright";
import { CODES, expect, signIn, test } from "./fixtures";

// A student subscribes to their due dates (issue 20): the Calendar page makes a private address,
// shows it once, and a calendar app reading it gets iCalendar; turned off, it answers 404.

test("a student makes a calendar feed address, reads it, and turns it off", async ({ page, request }) => {
  await signIn(page, CODES.student);
  await page.goto("/notifications");
  await page.getByRole("link", { name: "Due dates in your own calendar app" }).click();
  await expect(page.getByRole("heading", { name: "Calendar feed" })).toBeVisible();
  await expect(page.getByTestId("calendar-feed-state")).toHaveText("You have no calendar feed.");
  await page.getByRole("button", { name: "Make a calendar address" }).click();
  const address = page.getByLabel("Calendar feed address");
  await expect(address).toHaveValue(/\/calendar\/feed\/[A-Za-z0-9_-]{32}$/);
  const url = await address.inputValue();
  expect(
    (await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze()).violations,
  ).toEqual([]);
  await page.screenshot({ path: "test-results/calendar-feed.png", fullPage: true });

  const feed = await request.get(url);
  expect(feed.status()).toBe(200);
  expect(feed.headers()["content-type"]).toBe("text/calendar; charset=utf-8");
  const text = await feed.text();
  expect(text).toContain("BEGIN:VCALENDAR");
  expect(text).toMatch(/BEGIN:VEVENT[\s\S]*UID:assignment-\d+@classroom-portal/);

  await page.reload();
  await expect(page.getByTestId("calendar-feed-state")).toContainText("Your feed is on since");
  await page.getByRole("button", { name: "Turn the feed off" }).click();
  await expect(page.getByText("Calendar feed turned off: its address no longer works.")).toBeVisible();
  expect((await request.get(url)).status()).toBe(404);
});
