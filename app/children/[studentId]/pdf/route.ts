import { canReadReportCard } from "@/lib/auth/policy";
import { getSessionUser } from "@/lib/auth/session";
import { schoolTimeZone } from "@/lib/env";
import { readerLocale } from "@/lib/i18n/recipient-request";
import { isLinkedGuardian } from "@/lib/parent/guardians";
import { loadTermReportCards } from "@/lib/report-pdf/data";
import { withPdfSlot } from "@/lib/report-pdf/gate";
import { plainText, reportCardsPdfResponse } from "@/lib/report-pdf/response";
import { latestPublishedTerm } from "@/lib/terms/publishing";
import { currentSchoolName } from "@/lib/school-name";

// GET /children/<student id>/pdf: the child's last published term report card as a PDF, for the
// parents linked to the child (and whoever else may read the report card: lib/auth/policy).

export async function GET(
  _request: Request,
  { params }: { params: Promise<{ studentId: string }> },
): Promise<Response> {
  const user = await getSessionUser();
  if (!user) return plainText(401, "Sign in to download a report card.");
  const id = Number((await params).studentId);
  const valid = Number.isInteger(id) && id > 0 && id <= 2_147_483_647;
  const linked = valid && user.role === "parent" ? await isLinkedGuardian(user.id, id) : false;
  if (!valid || !canReadReportCard(user, { isLinkedGuardian: linked }))
    return plainText(403, "You can only see the report cards of your own children.");
  return withPdfSlot(`user:${user.id}`, async () => {
    const term = await latestPublishedTerm();
    if (!term) return plainText(409, "No term's report cards have been published yet.");
    const tz = schoolTimeZone();
    const students = await loadTermReportCards(term, { kind: "student", id }, tz);
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
}
