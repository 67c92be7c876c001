// Term report cards as one PDF (issue 19), drawn on the server with pdfkit: real text in embedded
// Noto Sans plus the admin's fonts (selectable, searchable, every script a font covers: fonts.ts),
// one student per page (more when a student's classes do not fit), school name, term and the date
// printed on every page.
import PDFDocument from "pdfkit";
import { formatDay } from "@/lib/domain/format";
import type { Locale } from "@/lib/i18n/locales";
import { localeDigits } from "@/lib/i18n/recipient";
import { whyInLanguage } from "@/lib/i18n/why";
import { translatorFor } from "@/lib/i18n/translator";
import type { PdfStudent } from "./data";
import { fontRuns, REPLACEMENT, reportFonts, type FontStyle } from "./fonts";

export interface PdfMeta {
  school: string;
  term: string;
  /** 'yyyy-mm-dd' in the school's zone; each page writes it in its own language. */
  printedDay: string;
  /** Every page in this language (the admin's choice, a reader's own), or null: each student's family's. */
  language: Locale | null;
}

const MARGIN = 50;
// fontkit's default "ccmp" splits ị into i + a combining dot, and pdfkit maps each glyph to the
// text of its first use, so "Ngọc" read back as "Ngoc" (and a later plain "i" could read as "ị").
// Off, the font's precomposed glyphs are used: every name reads back as typed (NFC).
const KEEP_PRECOMPOSED = { ccmp: false } as unknown as PDFKit.Mixins.OpenTypeFeatures[];

/** Streams the document: `write` gets each chunk as pdfkit produces it; resolves when the last is written. */
export function renderReportCards(
  students: readonly PdfStudent[],
  meta: PdfMeta,
  write: (chunk: Uint8Array) => void,
): Promise<void> {
  // Each student's pages in their family's language unless one was chosen for the printing (issue 31).
  const firstLocale = meta.language ?? students[0]?.locale ?? "en";
  let t = translatorFor(firstLocale, "pdf");
  let locale: Locale = firstLocale;
  const speak = (l: Locale) => {
    locale = l;
    t = translatorFor(l, "pdf");
  };
  const doc = new PDFDocument({
    size: "A4",
    margin: MARGIN,
    lang: firstLocale,
    info: { Title: t("docTitle", { school: meta.school, term: meta.term }), Author: meta.school },
    autoFirstPage: false,
  });
  const done = new Promise<void>((resolve, reject) => {
    doc.on("data", (chunk: Uint8Array) => write(chunk));
    doc.on("end", () => resolve());
    doc.on("error", reject);
  });
  const fonts = reportFonts();
  for (const face of [...Object.values(fonts.styles), ...fonts.extra])
    doc.registerFont(face.key, face.file, face.member);
  let replaced = false;
  /** Text in `style`, one pdfkit call per font run (continued), so each script gets a font that has it. */
  const say = (text: string, style: FontStyle, given: PDFKit.Mixins.TextOptions = {}, x?: number, y?: number) => {
    let options = { ...given, features: KEEP_PRECOMPOSED };
    const runs = fontRuns(text, style, fonts);
    if (runs.length === 0) runs.push({ text: "", face: fonts.styles[style] });
    if (runs.some((r) => r.text.includes(REPLACEMENT))) replaced = true;
    if (runs.length > 1 && options.align === "right") {
      // pdfkit aligns each continued piece on its own; place the pieces by their measured widths.
      const width = options.width ?? doc.page.width - doc.page.margins.right - (x ?? doc.x);
      const total = runs.reduce((sum, r) => sum + doc.font(r.face.key).widthOfString(r.text, options), 0);
      if (total <= width) {
        const top = y ?? doc.y;
        let left = (x ?? doc.x) + width - total;
        for (const r of runs) {
          doc.font(r.face.key).text(r.text, left, top, { lineBreak: false, features: KEEP_PRECOMPOSED });
          left += doc.widthOfString(r.text, options);
        }
        doc.x = x ?? MARGIN;
        doc.y = top + doc.currentLineHeight(true);
        return doc;
      }
      options = { ...options, align: "left" };
    }
    runs.forEach((r, i) => {
      const o = { ...options, continued: i < runs.length - 1 || options.continued === true };
      doc.font(r.face.key);
      if (i === 0 && x !== undefined) doc.text(r.text, x, y, o);
      else doc.text(r.text, o);
    });
    return doc;
  };
  /** A line at the foot of the page when something on it had no font (the admin's note on /admin says which). */
  const footnote = () => {
    if (!replaced) return;
    // Drawn in the bottom margin: lift the margin while writing so pdfkit does not start a page.
    doc.page.margins.bottom = 0;
    doc.fontSize(8).fillColor("#555555");
    say(t("replaced", { mark: REPLACEMENT }), "regular", {}, MARGIN, doc.page.height - MARGIN + 12);
    doc.page.margins.bottom = MARGIN;
    replaced = false;
  };
  const header = (student: string) => {
    doc.fontSize(9).fillColor("#555555");
    say(t("header", { school: meta.school, term: meta.term, date: formatDay(meta.printedDay, locale) }), "regular", {
      align: "right",
    });
    doc.moveDown(0.5).fontSize(18).fillColor("#111111");
    say(student, "bold");
    doc.fontSize(11).fillColor("#333333");
    say(t("reportCard", { term: meta.term }), "regular");
    doc.moveDown(0.8);
  };
  const newPage = (student: string) => {
    if (doc.page) footnote();
    doc.addPage();
    header(student);
  };
  if (students.length === 0) {
    newPage(t("noStudents"));
    say(t("noneEnrolled"), "regular");
  }
  for (const s of students) {
    // The footnote of the page before is still in its own language: switch after it is written.
    footnote();
    speak(meta.language ?? s.locale);
    newPage(s.name);
    for (const c of s.classes) {
      // Keep a class's block on one page: start a new page (with the header) when little room is left.
      if (doc.y > doc.page.height - MARGIN - 120) newPage(t("continued", { name: s.name }));
      const top = doc.y;
      // The class column leaves room for the letter and percent on the right.
      const left = { width: doc.page.width - 2 * MARGIN - 170 };
      doc.fontSize(12).fillColor("#111111");
      say(c.className, "bold", left, MARGIN, top);
      const sub = [c.period ? t("period", { period: c.period }) : null, c.teacher].filter(Boolean).join(" · ");
      if (sub) {
        doc.fontSize(9).fillColor("#555555");
        say(sub, "regular", left);
      }
      const below = doc.y;
      doc.fontSize(16).fillColor("#111111");
      say(c.empty ? "—" : c.letter, "bold", { width: 120, align: "right" }, doc.page.width - MARGIN - 120, top);
      doc.fontSize(10);
      say(
        c.empty
          ? t("noGradedWork")
          : t(c.overridden ? "percentSetByTeacher" : "percent", { percent: localeDigits(c.percent, locale) }),
        "regular",
        { width: 160, align: "right" },
        doc.page.width - MARGIN - 160,
        doc.y,
      );
      doc.x = MARGIN;
      doc.y = Math.max(doc.y, below);
      doc.moveDown(0.3);
      const a = c.attendance;
      doc.fontSize(10).fillColor("#222222");
      say(
        t("attendance", {
          rate:
            c.attendancePercent === null
              ? "—"
              : t("rate", { rate: localeDigits(c.attendancePercent.toFixed(1), locale) }),
          // Numbers, not text: the catalog picks each word's plural from them.
          present: a.present,
          absent: a.absent,
          late: a.late,
          excused: a.excused,
        }),
        "regular",
        {},
        MARGIN,
        doc.y,
      );
      if (c.comment) {
        doc.moveDown(0.2);
        say(`“${c.comment}”`, "italic", {}, MARGIN, doc.y);
      }
      if (!c.empty) {
        doc.moveDown(0.2).fontSize(8).fillColor("#555555");
        say(whyInLanguage(c.why, locale).join(" · "), "regular", {}, MARGIN, doc.y);
      }
      doc.moveDown(0.6);
      doc
        .moveTo(MARGIN, doc.y)
        .lineTo(doc.page.width - MARGIN, doc.y)
        .strokeColor("#dddddd")
        .stroke();
      doc.moveDown(0.6);
    }
    if (s.classes.length === 0) {
      doc.fontSize(10);
      say(t("notEnrolled"), "regular");
    }
  }
  footnote();
  doc.end();
  return done;
}
