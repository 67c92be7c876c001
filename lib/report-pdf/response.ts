// The download both report-card PDF routes answer with: drawn as it streams, never cached.
import { dateInTimeZone } from "@/lib/domain/dates";
import { env } from "@/lib/env";
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
): Response {
  const meta = {
    school: env().SCHOOL_NAME,
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
  const name = fileName.replace(/[^A-Za-z0-9._-]+/g, "-").slice(0, 100);
  return new Response(stream, {
    headers: {
      "content-type": "application/pdf",
      "content-disposition": `attachment; filename="${name}.pdf"`,
      "cache-control": "no-store",
    },
  });
}
