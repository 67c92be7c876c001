import { refreshSchoolSettings } from "@/lib/district/school-settings";
import { schoolTimeZone } from "@/lib/env";
import { readerLocale } from "@/lib/i18n/recipient-request";
import { admitReportLink, REPORT_LINK_NEUTRAL } from "@/lib/parent/report-links";
import { clientAddress } from "@/lib/rate-limit";
import { loadTermReportCards } from "@/lib/report-pdf/data";
import { withPdfSlot } from "@/lib/report-pdf/gate";
import { plainText, reportCardsPdfResponse } from "@/lib/report-pdf/response";
import { latestPublishedTerm } from "@/lib/terms/publishing";
import { currentSchoolName } from "@/lib/school-name";

// GET /r/<token>/pdf: the last published term's report card of a report-card link's student, as
// a PDF (decision 004, 014). The link is let in exactly as its page does (same limit, same
// neutral sentence, the use audited by the link's id), and nothing is said about publishing or
// the student until it has.

/** The address with the token must not travel on as a referrer, nor be indexed. */
function privately(res: Response): Response {
  res.headers.set("referrer-policy", "no-referrer");
  res.headers.set("x-robots-tag", "noindex, nofollow");
  return res;
}

export async function GET(request: Request, { params }: { params: Promise<{ token: string }> }): Promise<Response> {
  const { token } = await params;
  const admitted = await admitReportLink(token.slice(0, 100), clientAddress(request.headers), new Date(), "pdf");
  if (!admitted.ok) {
    if (!admitted.limited) return privately(plainText(404, REPORT_LINK_NEUTRAL));
    const limited = privately(
      plainText(429, `Too many requests. Please wait ${admitted.retryAfterSeconds} seconds and try again.`),
    );
    limited.headers.set("retry-after", String(admitted.retryAfterSeconds ?? 60));
    return limited;
  }
  // The link is the requester: its holder has no account (the client's own limit is admitReportLink's).
  const res = await withPdfSlot(`link:${token.slice(0, 100)}`, async () => {
    const term = await latestPublishedTerm();
    if (!term) return plainText(409, "No term's report cards have been published yet.");
    // A link's holder has no session, whose check would have read the school's own settings: the
    // day printed is the school's even when this is the first request the process serves.
    await refreshSchoolSettings();
    const tz = schoolTimeZone();
    const students = await loadTermReportCards(term, { kind: "student", id: admitted.studentId }, tz);
    if (students.length === 0) return plainText(404, "No report card for this student in the published term.");
    return reportCardsPdfResponse(
      students,
      term.title,
      `report-card-${students[0]!.name}-${term.title}`,
      tz,
      // A download reads like the page it came from: in its reader's language.
      await readerLocale(),
      await currentSchoolName(),
    );
  });
  return privately(res);
}
