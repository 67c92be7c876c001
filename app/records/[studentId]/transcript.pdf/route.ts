import { mayReadStudentRecord } from "@/lib/auth/page-access";
import { getSessionUser } from "@/lib/auth/session";
import { render } from "@/lib/i18n/render";
import { msg } from "@/lib/i18n/message";
import { readerLocale } from "@/lib/i18n/recipient-request";
import { getStudentRecord } from "@/lib/queries/records";
import { transcriptPdf } from "@/lib/records/transcript-pdf";
import { withPdfSlot } from "@/lib/report-pdf/gate";
import { pdfDisposition, plainText } from "@/lib/report-pdf/response";

// GET /records/<student id>/transcript.pdf: the student's transcript of every year (issue 41), for
// whoever may read the record (lib/auth/policy canReadStudentRecord); 404 for everyone else, the
// page's answer (decision 027), so no one learns which students exist.

export async function GET(
  _request: Request,
  { params }: { params: Promise<{ studentId: string }> },
): Promise<Response> {
  const locale = await readerLocale();
  const user = await getSessionUser();
  if (!user) return plainText(401, render(msg("states.signInRequired"), locale));
  const id = await mayReadStudentRecord(user, (await params).studentId);
  const record = id === null ? null : await getStudentRecord(id);
  if (!record) return plainText(404, render(msg("years.history.denied"), locale));
  return withPdfSlot(`user:${user.id}`, async () => {
    const bytes = await transcriptPdf(record, locale);
    return new Response(bytes as BodyInit, {
      headers: {
        "content-type": "application/pdf",
        "content-disposition": pdfDisposition(`transcript-${record.student.name}`),
        "cache-control": "no-store",
      },
    });
  });
}
