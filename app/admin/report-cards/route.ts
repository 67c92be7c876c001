import { z } from "zod";
import { adminAccess } from "@/lib/auth/policy";
import { getSessionUser } from "@/lib/auth/session";
import { audit } from "@/lib/audit";
import { db } from "@/lib/db/client";
import { schoolTimeZone } from "@/lib/env";
import { printLanguageField } from "@/lib/i18n/recipient";
import { loadTermReportCards, type PdfScope } from "@/lib/report-pdf/data";
import { withPdfSlot } from "@/lib/report-pdf/gate";
import { plainText, reportCardsPdfResponse } from "@/lib/report-pdf/response";
import { publishedTerms } from "@/lib/terms/publishing";
import { listGradingTerms } from "@/lib/terms/terms";
import { currentSchoolName } from "@/lib/school-name";

// GET /admin/report-cards?term=<id>&scope=school|class:<code>|level:<grade level>[&language=es]: one PDF of a
// published term's report cards, one student per page, streamed as pdfkit writes it. Admins only;
// audited (scope and count). A GET so the browser's own download shows its progress. Each student's
// pages are in their family's language unless the admin chose one language for this printing.

const query = z.object({
  term: z
    .string()
    .regex(/^\d{1,9}$/, "Choose a term")
    .transform(Number),
  scope: z
    .string()
    .trim()
    .min(1)
    .max(120)
    .regex(/^(school|class:.+|level:.+)$/, "Choose the whole school, a grade level or a class"),
  language: printLanguageField,
});

export async function GET(request: Request): Promise<Response> {
  const user = await getSessionUser();
  const decision = adminAccess(user);
  if (!decision.allowed)
    return plainText(
      decision.reason === "no-session" ? 401 : 403,
      "Only administrators can print the school's report cards.",
    );
  const url = new URL(request.url);
  const parsed = query.safeParse({
    term: url.searchParams.get("term") ?? "",
    scope: url.searchParams.get("scope") ?? "",
    language: url.searchParams.get("language") ?? undefined,
  });
  if (!parsed.success) return plainText(400, parsed.error.issues[0]!.message);
  const term = (await listGradingTerms()).find((t) => t.id === parsed.data.term);
  if (!term) return plainText(404, "That term does not exist.");
  if (!(await publishedTerms()).has(term.id))
    return plainText(409, `${term.title} is not published yet: publish it on /admin → Terms first.`);
  const s = parsed.data.scope;
  const scope: PdfScope =
    s === "school"
      ? { kind: "school" }
      : s.startsWith("class:")
        ? { kind: "class", code: s.slice(6) }
        : { kind: "level", level: s.slice(6) };
  return withPdfSlot(`user:${user!.id}`, async () => {
    const tz = schoolTimeZone();
    const students = await loadTermReportCards(term, scope, tz);
    await audit(db(), {
      action: "report_cards.printed",
      actorId: user!.id,
      detail: { termId: term.id, scope: s, students: students.length, language: parsed.data.language },
    });
    return reportCardsPdfResponse(
      students,
      term.title,
      `report-cards-${term.title}-${s}`,
      tz,
      parsed.data.language,
      await currentSchoolName(),
    );
  });
}
