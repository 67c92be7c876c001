import type { APIRequestContext, Browser } from "@playwright/test";
import { expect, signIn, test } from "./fixtures";

// Issue 21: nothing that shows a grade, a mark or a code is served from a cache shared between
// users. Two people ask for the same pages one after the other, each in their own session, from
// the production server: each answer is their own (their name in the header, their own records,
// never the other's), and tells every cache on the way not to keep it.

async function session(
  browser: Browser,
  code: string,
): Promise<{ request: APIRequestContext; name: string; close: () => Promise<void> }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, code);
  const name = (await page.getByTestId("header-name").textContent())!.trim();
  return { request: context.request, name, close: () => context.close() };
}

/** The page's visible text and its payload, minus nothing: a name anywhere in the answer counts. */
async function fetchPage(request: APIRequestContext, path: string): Promise<{ body: string; cacheControl: string }> {
  const res = await request.get(path, { maxRedirects: 0 });
  expect(res.status(), path).toBe(200);
  return { body: await res.text(), cacheControl: res.headers()["cache-control"] ?? "" };
}

test("two students asking for the same pages in turn each get their own, marked private and not stored", async ({
  browser,
}) => {
  // Ava (stu-01) and the second demo student (stu-02) both take Biology.
  const a = await session(browser, "stu-01");
  const b = await session(browser, "stu-02");
  expect(a.name).not.toBe(b.name);
  try {
    // The Updates tab is left out: students' responses name their authors to the whole class.
    for (const path of ["/", "/level/BIO-P2?tab=grades", "/level/BIO-P2?tab=attendance", "/notifications"]) {
      for (const [me, other] of [
        [a, b],
        [b, a],
        [a, b],
      ] as const) {
        const { body, cacheControl } = await fetchPage(me.request, path);
        expect(body, `${path} for ${me.name}`).toContain(me.name);
        expect(body, `${path} for ${me.name}`).not.toContain(other.name);
        expect(cacheControl, path).toMatch(/private/);
        expect(cacheControl, path).toMatch(/no-store/);
      }
    }
    // Their Grades tabs differ in what they list: each is the student's own grades.
    const gradesA = (await fetchPage(a.request, "/level/BIO-P2?tab=grades")).body;
    const gradesB = (await fetchPage(b.request, "/level/BIO-P2?tab=grades")).body;
    const items = (html: string) =>
      [...html.matchAll(/data-testid="grade-item"[\s\S]*?<\/li>/g)].map((m) => m[0].replace(/<[^>]+>/g, " "));
    expect(items(gradesA).length).toBeGreaterThan(0);
    expect(items(gradesA)).not.toEqual(items(gradesB));
  } finally {
    await a.close();
    await b.close();
  }
});

test("two parents asking for the same home page in turn see only their own children", async ({ browser }) => {
  const johnson = await session(browser, "parent-johnson");
  const kim = await session(browser, "parent-kim");
  try {
    for (const [me, other] of [
      [johnson, kim],
      [kim, johnson],
    ] as const) {
      const { body } = await fetchPage(me.request, "/");
      expect(body).toContain(me.name);
      expect(body).not.toContain(other.name);
    }
    // Grace Johnson's children are the first two demo students; Ken Kim's is the fourth.
    const johnsonHome = (await fetchPage(johnson.request, "/")).body;
    const kimHome = (await fetchPage(kim.request, "/")).body;
    const children = (html: string) =>
      [...html.matchAll(/data-testid="child-card"[^>]*>([^<]+)</g)].map((m) => m[1]!.trim());
    expect(children(johnsonHome)).toHaveLength(2);
    expect(children(kimHome)).toHaveLength(1);
    for (const child of children(johnsonHome)) expect(kimHome).not.toContain(child);
  } finally {
    await johnson.close();
    await kim.close();
  }
});
