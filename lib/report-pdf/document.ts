// The pdfkit document every school PDF is drawn on (report cards, the transcript): A4, the report
// fonts registered (fonts.ts: Noto Sans plus the admin's fonts, each run of text in a font that has
// it), and a footnote on a page where something had no font. Streams each chunk to `write`.
import PDFDocument from "pdfkit";
import { fontRuns, REPLACEMENT, reportFonts, type FontStyle } from "./fonts";

export const MARGIN = 50;
// fontkit's default "ccmp" splits ị into i + a combining dot, and pdfkit maps each glyph to the
// text of its first use, so "Ngọc" read back as "Ngoc" (and a later plain "i" could read as "ị").
// Off, the font's precomposed glyphs are used: every name reads back as typed (NFC).
const KEEP_PRECOMPOSED = { ccmp: false } as unknown as PDFKit.Mixins.OpenTypeFeatures[];

export type Say = (
  text: string,
  style: FontStyle,
  given?: PDFKit.Mixins.TextOptions,
  x?: number,
  y?: number,
) => PDFKit.PDFDocument;

export interface SchoolPdf {
  doc: PDFKit.PDFDocument;
  /** Text in `style`, one pdfkit call per font run (continued), so each script gets a font that has it. */
  say: Say;
  /** At the foot of the page, `line()` when something on it had no font (the admin's note on /admin says which). */
  footnote: (line: (mark: string) => string) => void;
  /** Resolves when the last chunk is written (after doc.end()). */
  done: Promise<void>;
}

export function schoolPdf(
  options: { lang: string; info: PDFKit.DocumentInfo },
  write: (chunk: Uint8Array) => void,
): SchoolPdf {
  const doc = new PDFDocument({
    size: "A4",
    margin: MARGIN,
    lang: options.lang,
    info: options.info,
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
  const say: Say = (text, style, given = {}, x, y) => {
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
  const footnote = (line: (mark: string) => string) => {
    if (!replaced) return;
    // Drawn in the bottom margin: lift the margin while writing so pdfkit does not start a page.
    doc.page.margins.bottom = 0;
    doc.fontSize(8).fillColor("#555555");
    say(line(REPLACEMENT), "regular", {}, MARGIN, doc.page.height - MARGIN + 12);
    doc.page.margins.bottom = MARGIN;
    replaced = false;
  };
  return { doc, say, footnote, done };
}
