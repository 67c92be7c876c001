// A PDF read back as a family's reader would (issues 19, 27, 31): poppler's pdftotext, with the
// layout kept so a line of the card stays one line. Pages are split by form feeds ("\f").
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/** The PDF's text; fails loudly where poppler-utils is missing (CI installs it; see README). */
export function pdfText(bytes: Buffer): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-pdf-"));
  try {
    fs.writeFileSync(path.join(dir, "r.pdf"), bytes);
    execFileSync("pdftotext", ["-layout", "-enc", "UTF-8", path.join(dir, "r.pdf"), path.join(dir, "r.txt")]);
    return fs.readFileSync(path.join(dir, "r.txt"), "utf8");
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const EMBEDDED_RTL = /\u202b([^\u202c]*)\u202c/g;

/**
 * A line of pdfText as it appears on the page, left to right. poppler writes a right-to-left
 * stretch in reading order between U+202B and U+202C (with the neutral characters beside it, such
 * as the space after an Arabic name); turned back here, so a test sees where the spaces are on
 * the page. The right-to-left letters come out reversed: compare them with `reversed(word)`.
 */
export function onThePage(line: string): string {
  return line.replace(EMBEDDED_RTL, (_m, inner: string) => reversed(inner));
}

export const reversed = (s: string) => [...s].reverse().join("");
