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
