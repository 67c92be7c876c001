import { describe, expect, it } from "vitest";
import { contentDisposition, safeFileName } from "./types";

describe("stored file names", () => {
  it("keep the last path segment only, with the content's extension", () => {
    expect(safeFileName("../../etc/passwd", "txt")).toBe("passwd.txt");
    expect(safeFileName("C:\\Users\\ava\\Desktop\\essay.docx", "pdf")).toBe("essay.pdf");
    expect(safeFileName("...", "jpg")).toBe("file.jpg");
  });
  it("lose direction overrides, zero-width and control characters that disguise an extension", () => {
    const name = safeFileName("invoice\u202Efdp.exe", "pdf");
    expect(name).toBe("invoicefdp.pdf");
    expect(safeFileName("a\u200Bb\u0000c\u2066d.png", "png")).toBe("abcd.png");
  });
  it("are at most 100 characters before the extension", () => {
    expect(safeFileName(`${"x".repeat(500)}.jpg`, "jpg")).toHaveLength(104);
  });
  it("go into Content-Disposition with an ASCII fallback and the UTF-8 name", () => {
    expect(contentDisposition("attachment", 'Élodie "final".pdf')).toBe(
      "attachment; filename=\"_lodie _final_.pdf\"; filename*=UTF-8''%C3%89lodie%20%22final%22.pdf",
    );
  });
});
