import fs from "node:fs";
import { sql } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { GET as reportCardsRoute } from "@/app/admin/report-cards/route";
import { queryRows } from "@/lib/db/client";
import { DEMO_ADMIN, DEMO_CLASSES } from "@/lib/db/demo-school";
import { resetEnvCache } from "@/lib/env";
import { reportFontGaps } from "@/lib/report-pdf/font-gaps";
import { seedDemo } from "./support/fixtures";
import { pdfText } from "./support/pdf";
import { signInAs } from "./support/session";
import { useTestDatabase } from "./support/test-db";
import { publishTerms } from "./support/publish";

// Issue 27, item 7: the report-card PDF prints every name. Latin with all its diacritics, Greek
// and Cyrillic print with the built-in Noto Sans; Chinese and Japanese with the font the admin
// names in REPORT_FONTS (here Debian's fonts-droid-fallback, installed by .ci/run). Read back with
// poppler's pdftotext, as a parent's PDF reader or a screen reader would read them.

useTestDatabase();
const CLASS = DEMO_CLASSES[0].code;
// Debian's fonts-droid-fallback (see README, .ci/run): Han and kana, no Hangul.
const CJK_FONT = "/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf";
const NAMES = {
  polishVietnamese: "Łukasz Nguyễn-Đặng",
  turkish: "Ayşe Çağlar İnönü-Yılmaz",
  vietnamese: "Trần Thị Bích Ngọc",
  greek: "Ελένη Παπαδοπούλου",
  cyrillic: "Дмитрий Щербаков",
  chinese: "王小明",
  japanese: "山田 さくら",
};
const LATIN_GREEK_CYRILLIC = [NAMES.polishVietnamese, NAMES.turkish, NAMES.vietnamese, NAMES.greek, NAMES.cyrillic];
let term: number;

async function printClass(reportFonts: string | undefined): Promise<string> {
  if (reportFonts === undefined) delete process.env.REPORT_FONTS;
  else process.env.REPORT_FONTS = reportFonts;
  resetEnvCache();
  await signInAs(DEMO_ADMIN.code);
  const res = await reportCardsRoute(
    new Request(`http://localhost/admin/report-cards?term=${term}&scope=class:${CLASS}`),
  );
  expect(res.status).toBe(200);
  return pdfText(Buffer.from(await res.arrayBuffer()));
}

beforeAll(async () => {
  expect(fs.existsSync(CJK_FONT), `${CJK_FONT} (apt-get install fonts-droid-fallback)`).toBe(true);
  await seedDemo();
  await queryRows(
    sql`insert into school_terms (title, type, start_date, end_date) values ('Học kỳ 1 — Φθινόπωρο', 'term', current_date - 300, current_date + 300)`,
  );
  [{ id: term }] = (await queryRows<{ id: number }>(sql`select id from school_terms`)) as [{ id: number }];
  const students = await queryRows<{ id: number }>(sql`
    select e.student_id as id from student_enrollment e where e.level_code = ${CLASS} order by e.student_id limit 7`);
  expect(students).toHaveLength(7);
  for (const [i, name] of Object.values(NAMES).entries()) {
    await queryRows(sql`update users set name = ${name} where id = ${students[i]!.id}`);
  }
  await queryRows(
    sql`insert into term_comments (level_code, student_id, term_id, comment) values (${CLASS}, ${students[0]!.id}, ${term}, 'Świetna praca — très bien, Öğretmen: 李老师')`,
  );
  await publishTerms([term]);
});

afterEach(() => {
  delete process.env.REPORT_FONTS;
  resetEnvCache();
});

describe("report-card PDF fonts", () => {
  it("prints Latin with every diacritic, Greek, Cyrillic, Chinese and Japanese names as text", async () => {
    const text = await printClass(CJK_FONT);
    for (const name of Object.values(NAMES)) expect(text, name).toContain(name);
    expect(text).toContain("Report card — Học kỳ 1 — Φθινόπωρο");
    expect(text.replace(/\s+/g, " ")).toContain("“Świetna praca — très bien, Öğretmen: 李老师”");
    expect(text).not.toContain("\uFFFD");
  });

  it("without a CJK font prints the rest, marks what it cannot print with � and says so, never other characters", async () => {
    const text = await printClass(undefined);
    for (const name of LATIN_GREEK_CYRILLIC) expect(text, name).toContain(name);
    expect(text).toContain("\uFFFD\uFFFD\uFFFD");
    expect(text).toContain("\uFFFD\uFFFD \uFFFD\uFFFD\uFFFD");
    expect(text).not.toContain(NAMES.chinese);
    expect(text).toContain("� marks a character the school's report-card fonts cannot print.");
    // Only the pages with such a character carry the note.
    const pages = text.split("\f").filter((p) => p.trim());
    expect(pages.filter((p) => p.includes("cannot print"))).toHaveLength(3);
  });

  it("tells the admin which names need a font, and a font file that cannot be read", async () => {
    const none = await reportFontGaps();
    expect(none.names).toBe(2);
    expect(none.examples).toEqual(expect.arrayContaining([NAMES.chinese, NAMES.japanese]));
    expect(none.characters).toContain("王");
    process.env.REPORT_FONTS = `${CJK_FONT}, /nowhere/font.ttf`;
    resetEnvCache();
    const some = await reportFontGaps();
    expect(some.names).toBe(0);
    expect(some.problems).toEqual([expect.stringContaining("/nowhere/font.ttf")]);
  });

  it("counts a teacher's name too: the card prints it under each class", async () => {
    delete process.env.REPORT_FONTS;
    resetEnvCache();
    const before = await reportFontGaps();
    await queryRows(
      sql`update users set name = '李老师' where id = (select teacher_id from levels where code = ${CLASS})`,
    );
    const after = await reportFontGaps();
    expect(after.names).toBe(before.names + 1);
    expect(after.examples).toContain("李老师");
  });
});
