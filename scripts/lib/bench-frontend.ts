// The browser half of `npm run bench`, in Debian's Chromium: JavaScript each page loads
// (compressed bytes as served), layout shift while it loads, and how long a keystroke in the
// grade and attendance grids takes to reach the screen.
import { chromium, type Browser, type BrowserContext, type Page as PwPage } from "@playwright/test";

const ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

export interface FrontPage {
  name: string;
  path: string;
  cookie: string;
}

async function contextWith(browser: Browser, base: string, cookie: string): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  // Pages anyone may open (a report-card link) are measured without a cookie.
  if (cookie) {
    const [name, ...value] = cookie.split("=");
    await context.addCookies([{ name: name!, value: value.join("="), url: base }]);
  }
  // Layout shifts from the first paint on, and every input event's timing.
  await context.addInitScript(() => {
    const w = window as unknown as { __cls: number; __events: number[] };
    w.__cls = 0;
    w.__events = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[])
        if (!e.hadRecentInput) w.__cls += e.value;
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
    const scripts = performance
      .getEntriesByType("resource")
      .filter(
        (r) => (r as PerformanceResourceTiming).initiatorType === "script" || r.name.endsWith(".js"),
      ) as PerformanceResourceTiming[];
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
  return {
    keys: lat.length,
    ...all,
    arrowP50: arrows.p50,
    arrowMax: arrows.max,
    editP50: edits.p50,
    editMax: edits.max,
    eventMax: Math.max(0, ...events),
  };
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
export async function gradeGridLatency(
  browser: Browser,
  base: string,
  cookie: string,
  path: string,
  size: string,
): Promise<GridLatency> {
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
export async function attendanceGridLatency(
  browser: Browser,
  base: string,
  cookie: string,
  path: string,
  size: string,
): Promise<GridLatency> {
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

export interface RollCallLatency {
  view: string;
  size: string;
  /** Marks set with a click, then with a letter key: one at a time, each waited for until saved. */
  taps: number;
  keys: number;
  /** Click → the next frame after it (the mark is on screen: the list changes before the save). */
  tapShownP50: number;
  tapShownMax: number;
  /** Click → the saved note naming that student (the server action has answered). */
  tapSavedP50: number;
  tapSavedMax: number;
  /** Letter key → the saved note naming the student it set. */
  keySavedP50: number;
  keySavedMax: number;
}

// Plain JavaScript as a string: tsx wraps named functions in a helper (__name) the page lacks.
const TRACK_MARKS = `(() => {
  window.__marks = [];
  const track = (kind, e) => {
    const radio = e.target.closest && e.target.closest("[data-rc]");
    const row = radio && radio.closest('[data-testid="roll-call-student"]');
    if (!row) return;
    const name = row.querySelector("span").textContent;
    const t0 = e.timeStamp;
    const rec = { kind, name, shown: NaN, saved: NaN };
    window.__marks.push(rec);
    requestAnimationFrame(() => setTimeout(() => (rec.shown = performance.now() - t0), 0));
    const root = document.querySelector('[data-testid="roll-call"]');
    const observer = new MutationObserver(() => {
      const note = root.querySelector('[data-testid="roll-call-note"]');
      if (note && note.textContent.endsWith("Attendance updated for " + name)) {
        rec.saved = performance.now() - t0;
        observer.disconnect();
      }
    });
    observer.observe(root, { subtree: true, childList: true, characterData: true });
  };
  document.addEventListener("click", (e) => track("tap", e), true);
  document.addEventListener("keydown", (e) => /^[pale]$/i.test(e.key) && track("key", e), true);
})()`;

/**
 * The roll call: 10 students marked with a click and 10 with a letter key, each the status after
 * its current one (so every one writes). Timed in the page from the event's timestamp to the next
 * frame, and to the moment the "Attendance updated for <name>" note appears (the answer of the
 * server action, rendered). One mark at a time, so no save waits behind another.
 */
export async function rollCallLatency(
  browser: Browser,
  base: string,
  cookie: string,
  path: string,
  size: string,
): Promise<RollCallLatency> {
  const context = await contextWith(browser, base, cookie);
  const page = await context.newPage();
  await page.goto(`${base}${path}`, { waitUntil: "networkidle" });
  await page.getByTestId("roll-call").waitFor();
  await page.evaluate(TRACK_MARKS);
  const letters = "PALE";
  const checked = (row: number) =>
    page.evaluate(
      (r) =>
        document.querySelector(`[data-rc^="${r}:"][aria-checked="true"]`)?.getAttribute("data-rc")?.split(":")[1] ??
        "-",
      row,
    );
  const waitSaved = (n: number) =>
    page.waitForFunction(
      (count) => {
        const marks = (window as unknown as { __marks: { saved: number }[] }).__marks;
        return marks.length >= count && !Number.isNaN(marks[count - 1]!.saved);
      },
      n,
      { timeout: 15_000 },
    );
  const rows = await page.getByTestId("roll-call-student").count();
  const taps = Math.min(10, rows);
  const keys = Math.min(10, Math.max(0, rows - taps - 1));
  for (let i = 0; i < taps; i++) {
    const c = await checked(i);
    await page.locator(`[data-rc="${i}:${c === "-" ? 1 : (Number(c) + 1) % 4}"]`).click();
    await waitSaved(i + 1);
  }
  if (keys > 0) {
    await page.locator(`[data-rc="${taps}:0"]`).focus();
    for (let i = 0; i < keys; i++) {
      const c = await checked(taps + i);
      await page.keyboard.press(letters[c === "-" ? 1 : (Number(c) + 1) % 4]!.toLowerCase()); // then on to the next student
      await waitSaved(taps + i + 1);
    }
  }
  const marks = await page.evaluate(
    () => (window as unknown as { __marks: { kind: string; shown: number; saved: number }[] }).__marks,
  );
  await context.close();
  const stats = (xs: number[]) => {
    const sorted = [...xs].sort((a, b) => a - b);
    return { p50: sorted[Math.floor(sorted.length / 2)] ?? NaN, max: sorted[sorted.length - 1] ?? NaN };
  };
  const tapShown = stats(marks.filter((m) => m.kind === "tap").map((m) => m.shown));
  const tapSaved = stats(marks.filter((m) => m.kind === "tap").map((m) => m.saved));
  const keySaved = stats(marks.filter((m) => m.kind === "key").map((m) => m.saved));
  return {
    view: "Roll call",
    size,
    taps,
    keys,
    tapShownP50: tapShown.p50,
    tapShownMax: tapShown.max,
    tapSavedP50: tapSaved.p50,
    tapSavedMax: tapSaved.max,
    keySavedP50: keySaved.p50,
    keySavedMax: keySaved.max,
  };
}

export function rollCallTable(rows: RollCallLatency[]): string {
  const f = (n: number) => (Number.isNaN(n) ? "—" : n.toFixed(1));
  return [
    "| view | size | taps + keys | tap → shown p50 / max ms | tap → saved p50 / max ms | key → saved p50 / max ms | saved < 100 ms |",
    "| --- | --- | --- | --- | --- | --- | --- |",
    ...rows.map(
      (r) =>
        `| ${r.view} | ${r.size} | ${r.taps} + ${r.keys} | ${f(r.tapShownP50)} / ${f(r.tapShownMax)} | ${f(r.tapSavedP50)} / ${f(r.tapSavedMax)} | ${f(r.keySavedP50)} / ${f(r.keySavedMax)} | ${Math.max(r.tapSavedP50, r.keySavedP50 || 0) < 100 ? "yes (p50)" : "**no**"} |`,
    ),
  ].join("\n");
}

export async function withBrowser<T>(fn: (browser: Browser) => Promise<T>): Promise<T> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ARGS,
  });
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
    lines.push(
      `| ${p.name} | ${w.files} | ${kb(w.gz)} | ${kb(w.raw)} | ${kb(w.html)} | ${w.cls.toFixed(3)} | ${w.gz <= 150 * 1024 ? "yes" : "**no**"} |`,
    );
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
