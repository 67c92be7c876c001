// The download both report-card PDF routes answer with: drawn as it streams, never cached.
import { dateInTimeZone } from "@/lib/domain/dates";
import { formatDay } from "@/lib/domain/format";
import { env } from "@/lib/env";
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
): Response {
  const meta = {
    school: env().SCHOOL_NAME,
    term: termTitle,
    printedOn: formatDay(dateInTimeZone(new Date(), timeZone)),
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
