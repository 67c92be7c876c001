import fs from "node:fs";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { resetEnvCache } from "@/lib/env";
import type { PdfClassLine, PdfStudent } from "@/lib/report-pdf/data";
import { renderReportCards } from "@/lib/report-pdf/render";
import { onThePage, pdfText, reversed } from "./support/pdf";

// Issue 39 item 22: a name in Arabic beside English words on the report-card PDF. pdfkit has no
// bidirectional algorithm; fontkit lays out each run of one font in its script's direction, so a
// space at the end of an Arabic run was reversed to its left side: "Omar أحمد Haddad" printed as
// "Omar  أحمدHaddad". Read back with poppler's pdftotext, in the order the page shows the words.

// Debian's fonts-dejavu-core (.ci/run installs it): DejaVu Sans has Arabic letters, Noto Sans has none.
const ARABIC_FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf";
const AHMAD = "أحمد";
const LAYLA = "ليلى";

function line(comment: string): PdfClassLine {
  return {
    className: "Biology",
    period: "2",
    teacher: "Ms. Rivera",
    percent: 90,
    letter: "A-",
    empty: false,
    overridden: false,
    attendancePercent: 90,
    attendance: { present: 9, absent: 1, late: 0, excused: 0 },
    comment,
    why: [],
  };
}

async function pageText(students: PdfStudent[]): Promise<string[]> {
  const chunks: Uint8Array[] = [];
  await renderReportCards(
    students,
    { school: "Demo High School", term: "Autumn", printedDay: "2026-11-26", language: "en" },
    (c) => chunks.push(c),
  );
  return pdfText(Buffer.concat(chunks))
    .split("\n")
    .map((l) => onThePage(l).trim())
    .filter(Boolean);
}

beforeEach(() => {
  expect(fs.existsSync(ARABIC_FONT), `${ARABIC_FONT} (apt-get install fonts-dejavu-core)`).toBe(true);
  process.env.REPORT_FONTS = ARABIC_FONT;
  resetEnvCache();
});
afterEach(() => {
  delete process.env.REPORT_FONTS;
  resetEnvCache();
});

describe("mixed-script text on the report-card PDF", () => {
  it("keeps the spaces on both sides of an Arabic name, in a heading and in a comment", async () => {
    const lines = await pageText([
      {
        id: 1,
        name: `Omar ${AHMAD} Haddad`,
        locale: "en",
        classes: [line(`${AHMAD} is a careful reader. Well done, ${LAYLA}!`)],
      },
    ]);
    expect(lines).toContain(`Omar ${reversed(AHMAD)} Haddad`);
    const comment = lines.find((l) => l.includes("careful reader"));
    expect(comment).toBe(`“${reversed(AHMAD)} is a careful reader. Well done, ${reversed(LAYLA)}!”`);
  });

  it("keeps a two-word Arabic name in one right-to-left run, its words in Arabic order", async () => {
    const lines = await pageText([
      { id: 1, name: `${AHMAD} ${LAYLA} Haddad`, locale: "en", classes: [line("Good work.")] },
    ]);
    // Right to left: the first word is the rightmost on the page.
    expect(lines).toContain(`${reversed(`${AHMAD} ${LAYLA}`)} Haddad`);
  });
});
