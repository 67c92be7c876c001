// Term report cards as one PDF (issue 19), drawn on the server with pdfkit: real text in the
// standard Helvetica fonts (selectable, searchable), one student per page (more when a student's
// classes do not fit), school name, term and the date printed on every page.
import PDFDocument from "pdfkit";
import type { PdfStudent } from "./data";

export interface PdfMeta {
  school: string;
  term: string;
  printedOn: string;
}

const MARGIN = 50;

/** Streams the document: `write` gets each chunk as pdfkit produces it; resolves when the last is written. */
export function renderReportCards(
  students: readonly PdfStudent[],
  meta: PdfMeta,
  write: (chunk: Uint8Array) => void,
): Promise<void> {
  const doc = new PDFDocument({
    size: "A4",
    margin: MARGIN,
    info: { Title: `${meta.school} — ${meta.term} report cards`, Author: meta.school },
    autoFirstPage: false,
  });
  const done = new Promise<void>((resolve, reject) => {
    doc.on("data", (chunk: Uint8Array) => write(chunk));
    doc.on("end", () => resolve());
    doc.on("error", reject);
  });
  const header = (student: string) => {
    doc
      .font("Helvetica")
      .fontSize(9)
      .fillColor("#555555")
      .text(`${meta.school} · ${meta.term} · printed ${meta.printedOn}`, { align: "right" });
    doc.moveDown(0.5).font("Helvetica-Bold").fontSize(18).fillColor("#111111").text(student);
    doc.font("Helvetica").fontSize(11).fillColor("#333333").text(`Report card — ${meta.term}`);
    doc.moveDown(0.8);
  };
  if (students.length === 0) {
    doc.addPage();
    header("No students");
    doc.text("No student is enrolled in the classes chosen.");
  }
  for (const s of students) {
    doc.addPage();
    header(s.name);
    for (const c of s.classes) {
      // Keep a class's block on one page: start a new page (with the header) when little room is left.
      if (doc.y > doc.page.height - MARGIN - 120) {
        doc.addPage();
        header(`${s.name} (continued)`);
      }
      const top = doc.y;
      doc.font("Helvetica-Bold").fontSize(12).fillColor("#111111").text(c.className, MARGIN, top, { continued: false });
      const sub = [c.period ? `Period ${c.period}` : null, c.teacher].filter(Boolean).join(" · ");
      if (sub) doc.font("Helvetica").fontSize(9).fillColor("#555555").text(sub);
      doc
        .font("Helvetica-Bold")
        .fontSize(16)
        .fillColor("#111111")
        .text(c.empty ? "—" : c.letter, doc.page.width - MARGIN - 120, top, { width: 120, align: "right" });
      doc
        .font("Helvetica")
        .fontSize(10)
        .text(
          c.empty ? "No graded work" : `${c.percent}%${c.overridden ? " (set by the teacher)" : ""}`,
          doc.page.width - MARGIN - 160,
          doc.y,
          { width: 160, align: "right" },
        );
      doc.x = MARGIN;
      doc.moveDown(0.3);
      const a = c.attendance;
      doc
        .font("Helvetica")
        .fontSize(10)
        .fillColor("#222222")
        .text(
          `Attendance ${c.attendancePercent === null ? "—" : `${c.attendancePercent.toFixed(1)}%`} — ${a.present} present, ${a.absent} absent, ${a.late} late, ${a.excused} excused`,
          MARGIN,
        );
      if (c.comment) doc.moveDown(0.2).font("Helvetica-Oblique").text(`“${c.comment}”`, MARGIN);
      if (!c.empty)
        doc.moveDown(0.2).font("Helvetica").fontSize(8).fillColor("#555555").text(c.why.join(" · "), MARGIN);
      doc.moveDown(0.6);
      doc
        .moveTo(MARGIN, doc.y)
        .lineTo(doc.page.width - MARGIN, doc.y)
        .strokeColor("#dddddd")
        .stroke();
      doc.moveDown(0.6);
    }
    if (s.classes.length === 0) doc.font("Helvetica").fontSize(10).text("Not enrolled in any class of this report.");
  }
  doc.end();
  return done;
}
