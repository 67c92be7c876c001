// The browser half of `npm run bench`, in Debian's Chromium: JavaScript each page loads
// (compressed bytes as served), layout shift while it loads, and how long a keystroke in the
// grade and attendance grids takes to reach the screen.
import { chromium, type Browser, type BrowserContext, type Page as PwPage } from "@playwright/test";

const ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"];

export interface FrontPage {
  name: string;
  path: string;
  cookie: string;
}

async function contextWith(browser: Browser, base: string, cookie: string): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const [name, ...value] = cookie.split("=");
  await context.addCookies([{ name: name!, value: value.join("="), url: base }]);
  // Layout shifts from the first paint on, and every input event's timing.
  await context.addInitScript(() => {
    const w = window as unknown as { __cls: number; __events: number[] };
    w.__cls = 0;
    w.__events = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) if (!e.hadRecentInput) w.__cls += e.value;
    }).observe({ type: "layout-shift", buffered: true });
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) if (e.name.startsWith("key")) w.__events.push(e.duration);
    }).observe({ type: "event", buffered: true, durationThreshold: 16 } as PerformanceObserverInit);
  });
  return context;
}

async function loadWeight(page: PwPage, url: string) {
  await page.goto(url, { waitUntil: "networkidle" });
  await page.waitForTimeout(300);
  return page.evaluate(() => {
    const scripts = performance.getEntriesByType("resource").filter((r) => (r as PerformanceResourceTiming).initiatorType === "script" || r.name.endsWith(".js")) as PerformanceResourceTiming[];
    const nav = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
    return {
      files: scripts.length,
      gz: scripts.reduce((s, r) => s + r.encodedBodySize, 0),
      raw: scripts.reduce((s, r) => s + r.decodedBodySize, 0),
      html: nav.encodedBodySize,
      cls: (window as unknown as { __cls: number }).__cls,
    };
  });
}

/** Per keystroke: from the key event's timestamp to the end of the next frame. */
async function installKeyLatency(page: PwPage) {
  await page.evaluate(() => {
    const w = window as unknown as { __lat: { key: string; ms: number }[] };
    w.__lat = [];
    window.addEventListener(
      "keydown",
      (e) => {
        const t = e.timeStamp;
        const key = e.key;
        requestAnimationFrame(() => setTimeout(() => w.__lat.push({ key, ms: performance.now() - t }), 0));
      },
      true,
    );
  });
}

async function keyLatency(page: PwPage) {
  await page.waitForTimeout(200);
  // Plain data out of the page; the arithmetic happens here (tsx would inject helpers the page lacks).
  const { lat, events } = await page.evaluate(() => {
    const w = window as unknown as { __lat: { key: string; ms: number }[]; __events: number[] };
    return { lat: w.__lat, events: w.__events };
  });
  const stats = (xs: number[]) => {
    const sorted = [...xs].sort((a, b) => a - b);
    return { p50: sorted[Math.floor(sorted.length / 2)] ?? NaN, max: sorted[sorted.length - 1] ?? NaN };
  };
  const all = stats(lat.map((l) => l.ms));
  const arrows = stats(lat.filter((l) => l.key.startsWith("Arrow")).map((l) => l.ms));
  const edits = stats(lat.filter((l) => !l.key.startsWith("Arrow")).map((l) => l.ms));
  return { keys: lat.length, ...all, arrowP50: arrows.p50, arrowMax: arrows.max, editP50: edits.p50, editMax: edits.max, eventMax: Math.max(0, ...events) };
}

export interface GridLatency {
  grid: string;
  size: string;
  keys: number;
  p50: number;
  max: number;
  arrowP50: number;
  arrowMax: number;
  /** Enter, digits, menu keys: the ones that change state (and save). */
  editP50: number;
  editMax: number;
  /** Longest Event Timing entry (input → next paint); 0 when every key was under 16 ms. */
  eventMax: number;
}

/** 40 rows down and back up: in a long class this crosses the rendered window both ways. */
async function walkRows(page: PwPage) {
  for (const key of ["ArrowDown", "ArrowUp"]) {
    for (let i = 0; i < 40; i++) {
      await page.keyboard.press(key);
      await page.waitForTimeout(20);
    }
  }
}

/** Keyboard session on the grade grid: arrows, 10 edits (Enter, type, Enter saves), then 40 rows down and up. */
export async function gradeGridLatency(browser: Browser, base: string, cookie: string, path: string, size: string): Promise<GridLatency> {
  const context = await contextWith(browser, base, cookie);
  const page = await context.newPage();
  await page.goto(`${base}${path}`, { waitUntil: "networkidle" });
  const grid = page.getByTestId("grade-grid").filter({ visible: true });
  await grid.locator('[data-cell="0:0"]').focus();
  await installKeyLatency(page);
  for (let i = 0; i < 10; i++) {
    await page.keyboard.press("Enter");
    await page.keyboard.type(String(i % 10));
    await page.keyboard.press("Enter");
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("ArrowRight");
    await page.waitForTimeout(50);
  }
  await walkRows(page);
  const out = await keyLatency(page);
  await context.close();
  return { grid: "Grades", size, ...out };
}

/** Keyboard session on the attendance grid: arrows, 10 cells set through the menu, then 40 rows down and up. */
export async function attendanceGridLatency(browser: Browser, base: string, cookie: string, path: string, size: string): Promise<GridLatency> {
  const context = await contextWith(browser, base, cookie);
  const page = await context.newPage();
  await page.goto(`${base}${path}`, { waitUntil: "networkidle" });
  const grid = page.getByTestId("attendance-grid").filter({ visible: true });
  await grid.locator('[data-cell="0:0"]').focus();
  await installKeyLatency(page);
  for (let i = 0; i < 10; i++) {
    await page.keyboard.press("Enter");
    await page.getByRole("menu").waitFor();
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Enter");
    await page.getByRole("menu").waitFor({ state: "hidden" });
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("ArrowRight");
    await page.waitForTimeout(50);
  }
  await walkRows(page);
  const out = await keyLatency(page);
  await context.close();
  return { grid: "Attendance", size, ...out };
}

export async function withBrowser<T>(fn: (browser: Browser) => Promise<T>): Promise<T> {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: ARGS });
  try {
    return await fn(browser);
  } finally {
    await browser.close();
  }
}

export async function pageWeights(browser: Browser, base: string, pages: FrontPage[]): Promise<string> {
  const lines = [
    "| page | JS files | JS gzip kB | JS raw kB | HTML gzip kB | layout shift (CLS) | ≤ 150 kB |",
    "| --- | --- | --- | --- | --- | --- | --- |",
  ];
  for (const p of pages) {
    const context = await contextWith(browser, base, p.cookie);
    const page = await context.newPage();
    const w = await loadWeight(page, `${base}${p.path}`);
    await context.close();
    const kb = (n: number) => (n / 1024).toFixed(1);
    lines.push(`| ${p.name} | ${w.files} | ${kb(w.gz)} | ${kb(w.raw)} | ${kb(w.html)} | ${w.cls.toFixed(3)} | ${w.gz <= 150 * 1024 ? "yes" : "**no**"} |`);
  }
  return lines.join("\n");
}

export function latencyTable(rows: GridLatency[]): string {
  return [
    "| grid | size | keystrokes | p50 ms | max ms | arrows p50 / max | edit keys p50 / max | longest Event Timing entry ms | < 100 ms |",
    "| --- | --- | --- | --- | --- | --- | --- | --- | --- |",
    ...rows.map(
      (r) =>
        `| ${r.grid} | ${r.size} | ${r.keys} | ${r.p50.toFixed(1)} | ${r.max.toFixed(1)} | ${r.arrowP50.toFixed(1)} / ${r.arrowMax.toFixed(1)} | ${r.editP50.toFixed(1)} / ${r.editMax.toFixed(1)} | ${r.eventMax ? r.eventMax.toFixed(0) : "< 16"} | ${Math.max(r.max, r.eventMax) < 100 ? "yes" : "**no**"} |`,
    ),
  ].join("\n");
}
