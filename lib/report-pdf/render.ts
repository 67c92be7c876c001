// Term report cards as one PDF (issue 19), drawn on the server with pdfkit: real text in embedded
// Noto Sans plus the admin's fonts (selectable, searchable, every script a font covers: fonts.ts),
// one student per page (more when a student's classes do not fit), school name, term and the date
// printed on every page.
import { formatDay } from "@/lib/domain/format";
import type { Locale } from "@/lib/i18n/locales";
import { localeDigits } from "@/lib/i18n/recipient";
import { whyInLanguage } from "@/lib/i18n/why";
import { translatorFor } from "@/lib/i18n/translator";
import type { PdfStudent } from "./data";
import { MARGIN, schoolPdf } from "./document";

export interface PdfMeta {
  school: string;
  term: string;
  /** 'yyyy-mm-dd' in the school's zone; each page writes it in its own language. */
  printedDay: string;
  /** Every page in this language (the admin's choice, a reader's own), or null: each student's family's. */
  language: Locale | null;
}

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
  const {
    doc,
    say,
    footnote: writeFootnote,
    done,
  } = schoolPdf(
    {
      lang: firstLocale,
      info: { Title: t("docTitle", { school: meta.school, term: meta.term }), Author: meta.school },
    },
    write,
  );
  const footnote = () => writeFootnote((mark) => t("replaced", { mark }));
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
