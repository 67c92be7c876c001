// The download both report-card PDF routes answer with: drawn as it streams, never cached.
import { dateInTimeZone } from "@/lib/domain/dates";
import type { Locale } from "@/lib/i18n/locales";
import type { PdfStudent } from "./data";
import { renderReportCards } from "./render";

/** A plain-text answer for a refusal (no page around it: the request is a download). */
export const plainText = (status: number, text: string) =>
  new Response(text, { status, headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" } });

export function reportCardsPdfResponse(
  students: readonly PdfStudent[],
  termTitle: string,
  fileName: string,
  timeZone: string,
  /** One language for every page (the admin's choice, a reader's own), or null: each family's. */
  language: Locale | null,
  /** The school the cards are of (lib/school-name.ts). */
  school: string,
): Response {
  const meta = {
    school,
    term: termTitle,
    printedDay: dateInTimeZone(new Date(), timeZone),
    language,
  };
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      renderReportCards(students, meta, (chunk) => controller.enqueue(chunk))
        .then(() => controller.close())
        .catch((err) => controller.error(err));
    },
  });
  return new Response(stream, {
    headers: {
      "content-type": "application/pdf",
      "content-disposition": pdfDisposition(fileName),
      "cache-control": "no-store",
    },
  });
}

/**
 * The download's name in the reader's letters ("report-card-Liam-Johnson-Otoño-2026.pdf"): RFC 6266's
 * filename* in UTF-8 (RFC 8187), which every current browser uses, and an ASCII filename for the
 * rest with the accents taken off ("Otono") rather than the letter lost. Anything but letters,
 * marks, digits, "." and "_" becomes "-" (no quotes, slashes or direction controls reach a disk).
 */
export function pdfDisposition(fileName: string): string {
  const name = fileName
    .normalize("NFC")
    .replace(/[^\p{L}\p{M}\p{N}._]+/gu, "-")
    .replace(/^[-.]+|-+$/g, "")
    .slice(0, 100);
  const ascii = name
    .normalize("NFD")
    .replace(/\p{M}+/gu, "")
    .replace(/[^A-Za-z0-9._]+/g, "-")
    .replace(/^[-.]+|-+$/g, "");
  return `attachment; filename="${ascii || "report-card"}.pdf"; filename*=UTF-8''${encodeURIComponent(`${name || "report-card"}.pdf`)}`;
}
