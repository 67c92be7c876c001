// A student's transcript (issue 41): every school year on one PDF, each class with each published
// term's stored card (as published, never recomputed) and each year's attendance. Drawn on the
// report cards' document (lib/report-pdf/document.ts: the same fonts, the same footnote).
import "server-only";
import { dateInTimeZone } from "@/lib/domain/dates";
import { formatDay } from "@/lib/domain/format";
import type { AttendanceCounts } from "@/lib/domain/attendance";
import type { RecordYear } from "@/lib/domain/student-record";
import { schoolTimeZone } from "@/lib/env";
import type { Locale } from "@/lib/i18n/locales";
import { localeDigits } from "@/lib/i18n/recipient";
import { translatorFor } from "@/lib/i18n/translator";
import { getStudentRecord, type StudentRecord } from "@/lib/queries/records";
import { MARGIN, schoolPdf } from "@/lib/report-pdf/document";
import { currentSchoolName } from "@/lib/school-name";

/**
 * The transcript of one student as PDF bytes, in `locale`. Callers have checked who may read it
 * (lib/auth/policy canReadStudentRecord); a student who does not exist is an error.
 */
export async function renderTranscriptPdf(studentId: number, locale: Locale): Promise<Uint8Array> {
  const record = await getStudentRecord(studentId);
  if (!record) throw new Error(`no student ${studentId}`);
  return transcriptPdf(record, locale);
}

/** The transcript of a record already read (the download route reads it to answer 404 first). */
export async function transcriptPdf(record: StudentRecord, locale: Locale): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  await drawTranscript(
    record.student.name,
    record.years,
    { school: await currentSchoolName(), printedDay: dateInTimeZone(new Date(), schoolTimeZone()), locale },
    (c) => chunks.push(c),
  );
  return Buffer.concat(chunks);
}

function drawTranscript(
  name: string,
  years: readonly RecordYear[],
  meta: { school: string; printedDay: string; locale: Locale },
  write: (chunk: Uint8Array) => void,
): Promise<void> {
  const { locale } = meta;
  const t = translatorFor(locale, "years");
  const p = translatorFor(locale, "pdf");
  const { doc, say, footnote, done } = schoolPdf(
    { lang: locale, info: { Title: t("history.pdf.docTitle", { school: meta.school, name }), Author: meta.school } },
    write,
  );
  const rate = (percent: number | null) =>
    percent === null ? "—" : p("rate", { rate: localeDigits(percent.toFixed(1), locale) });
  const attendance = (percent: number | null, a: AttendanceCounts) =>
    p("attendance", { rate: rate(percent), present: a.present, absent: a.absent, late: a.late, excused: a.excused });
  const newPage = () => {
    if (doc.page) footnote((mark) => p("replaced", { mark }));
    doc.addPage();
    doc.fontSize(9).fillColor("#555555");
    say(t("history.pdf.header", { school: meta.school, date: formatDay(meta.printedDay, locale) }), "regular", {
      align: "right",
    });
    doc.moveDown(0.5).fontSize(18).fillColor("#111111");
    say(name, "bold");
    doc.fontSize(11).fillColor("#333333");
    say(t("history.pdf.title"), "regular");
    doc.moveDown(0.8);
  };
  /** A new page when less than `room` points are left above the bottom margin. */
  const keep = (room: number) => {
    if (doc.y > doc.page.height - MARGIN - room) newPage();
  };
  newPage();
  if (years.length === 0) say(t("history.pdf.noClasses"), "regular");
  for (const y of years) {
    keep(90);
    doc.moveDown(0.4).fontSize(14).fillColor("#111111");
    const title =
      y.title === null
        ? t("history.pdf.noYear")
        : y.current
          ? t("history.pdf.currentYear", { year: y.title })
          : y.title;
    say(title, "bold", {}, MARGIN, doc.y);
    doc.fontSize(10).fillColor("#222222");
    say(attendance(y.attendancePercent, y.attendance), "regular", {}, MARGIN, doc.y);
    doc.moveDown(0.5);
    for (const c of y.classes) {
      keep(70);
      doc.fontSize(12).fillColor("#111111");
      say(c.name, "bold", {}, MARGIN, doc.y);
      const sub = [c.period ? p("period", { period: c.period }) : null, c.teacher].filter(Boolean).join(" · ");
      if (sub) {
        doc.fontSize(9).fillColor("#555555");
        say(sub, "regular", {}, MARGIN, doc.y);
      }
      if (c.cards.length === 0) {
        doc.fontSize(10).fillColor("#555555");
        say(t("history.pdf.noCard"), "italic", {}, MARGIN + 12, doc.y);
      }
      for (const k of c.cards) {
        keep(40);
        const top = doc.y + 2;
        doc.fontSize(10).fillColor("#111111");
        say(k.termTitle, "regular", { width: doc.page.width - 2 * MARGIN - 200 }, MARGIN + 12, top);
        const grade =
          k.card.percent === null
            ? p("noGradedWork")
            : `${k.card.letter ?? "—"}  ${p(k.card.override ? "percentSetByTeacher" : "percent", {
                percent: localeDigits(k.card.percent, locale),
              })}`;
        say(grade, "bold", { width: 190, align: "right" }, doc.page.width - MARGIN - 190, top);
        doc.fontSize(9).fillColor("#333333");
        say(attendance(k.card.attendancePercent, k.card.attendance), "regular", {}, MARGIN + 12, doc.y);
        if (k.card.comment) say(`“${k.card.comment}”`, "italic", {}, MARGIN + 12, doc.y);
      }
      doc.moveDown(0.4);
    }
    doc
      .moveTo(MARGIN, doc.y)
      .lineTo(doc.page.width - MARGIN, doc.y)
      .strokeColor("#dddddd")
      .stroke();
    doc.moveDown(0.4);
  }
  footnote((mark) => p("replaced", { mark }));
  doc.end();
  return done;
}
