import { chromium, type Browser } from "@playwright/test";
import jsQR from "jsqr";
import { PNG } from "pngjs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cardsDocument } from "@/lib/export/cards-html";
import { lettersDocument } from "@/lib/parent/letters-html";

// Issue 27, item 7: the QR codes on parent letters and sign-in cards, as Chromium draws the print
// page, decode with jsQR to the printed address and have the 4-module quiet zone (white border)
// that ISO/IEC 18004 asks for; with almost none, some phone cameras do not find the code.

const PORTAL = "https://portal.example.school";
let browser: Browser;

beforeAll(async () => {
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--headless", "--no-sandbox", "--disable-gpu"],
  });
});
afterAll(async () => {
  await browser?.close();
});

/** The QR element of the page as Chromium paints it, decoded, with its quiet zone in modules. */
async function scanQr(html: string, selector: string, screenshot?: string) {
  const page = await browser.newPage({ deviceScaleFactor: 2 });
  try {
    await page.setContent(html);
    if (screenshot) await page.screenshot({ path: screenshot, fullPage: true });
    const png = PNG.sync.read(await page.locator(selector).first().screenshot());
    const code = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
    // The dark modules' bounding box: its distance to the element's edge is the quiet zone.
    let [minX, minY, maxX, maxY] = [png.width, png.height, -1, -1];
    for (let y = 0; y < png.height; y++)
      for (let x = 0; x < png.width; x++) {
        const i = (y * png.width + x) * 4;
        if (png.data[i]! + png.data[i + 1]! + png.data[i + 2]! < 384) {
          minX = Math.min(minX, x);
          maxX = Math.max(maxX, x);
          minY = Math.min(minY, y);
          maxY = Math.max(maxY, y);
        }
      }
    const modules = code ? 17 + 4 * code.version : NaN;
    const modulePx = (maxX - minX + 1) / modules;
    const quiet = Math.min(minX, minY, png.width - 1 - maxX, png.height - 1 - maxY) / modulePx;
    return { data: code?.data ?? null, quietModules: quiet };
  } finally {
    await page.close();
  }
}

describe("QR codes on print pages", () => {
  it("a parent letter's code scans to the report-card link, with a 4-module quiet zone", async () => {
    const reportPath = "/r/AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_AbCdEf";
    const html = await lettersDocument(
      {
        scopeName: "Algebra I",
        letters: [
          {
            studentName: "Łukasz Nguyễn-Đặng",
            parentName: "Ελένη Παπαδοπούλου",
            parentUsername: "eleni.p",
            relationship: "parent",
            code: "K7QP-2MXD-9TRH",
            reportPath,
            expiresAt: new Date("2027-01-31T12:00:00Z"),
            locale: "en",
          },
        ],
        withoutGuardian: [],
        parentsCreated: 0,
        codesGenerated: 0,
      },
      {
        school: "Trường Quốc tế — 王小明 School",
        portal: PORTAL,
        timeZone: "UTC",
        now: new Date("2026-11-26T10:00:00Z"),
      },
    );
    const scan = await scanQr(
      html,
      "[data-testid=parent-letter] .qr",
      process.env.QR_SCREENSHOT_DIR && `${process.env.QR_SCREENSHOT_DIR}/letter.png`,
    );
    expect(scan.data).toBe(`${PORTAL}${reportPath}`);
    expect(scan.quietModules).toBeGreaterThanOrEqual(3.9);
  });

  it("a sign-in card's code scans to the sign-in page, with a 4-module quiet zone", async () => {
    const html = await cardsDocument(
      [
        {
          name: "王小明",
          username: "wang.xm",
          classLine: "Algebra I · Period 1",
          code: "ABCD-EFGH-JKLM",
          locale: "en",
        },
        { name: "Дмитрий Щербаков", username: "dmitri", classLine: "Biology", code: null, locale: "en" },
        {
          name: "Ayşe Çağlar İnönü-Yılmaz",
          username: "ayse",
          classLine: "World History",
          code: "PQRS-TUVW-XYZ2",
          locale: "en",
        },
      ],
      { school: "Lincoln School", portal: PORTAL, title: "Algebra I", backHref: "/admin" },
    );
    const scan = await scanQr(
      html,
      "[data-testid=sign-in-card] .qr",
      process.env.QR_SCREENSHOT_DIR && `${process.env.QR_SCREENSHOT_DIR}/cards.png`,
    );
    expect(scan.data).toBe(`${PORTAL}/`);
    expect(scan.quietModules).toBeGreaterThanOrEqual(3.9);
  });
});
