import { adminAccess } from "@/lib/auth/policy";
import { getSessionUser } from "@/lib/auth/session";
import { fileNamePart, messageResponse } from "@/lib/export/responses";
import { sameOrigin } from "@/lib/http";
import { intlLocaleOf } from "@/lib/i18n/locales";
import { msg } from "@/lib/i18n/message";
import { answerLocale } from "@/lib/i18n/request-locale";
import { studentRecordZip } from "@/lib/records/export";

/**
 * One student's complete record as a zip (issue 41, docs/records-export.md): record.json, the
 * transcript and the student's uploaded files. Admins only; audited (records.exported). A GET so
 * the browser's own download shows its progress; like the other admin downloads it refuses a
 * request another site started (an Origin or Sec-Fetch-Site that is not this portal's).
 */
export async function GET(request: Request, { params }: { params: Promise<{ id: string }> }): Promise<Response> {
  const site = request.headers.get("sec-fetch-site");
  if (!sameOrigin(request) || (site !== null && site !== "same-origin" && site !== "none"))
    return messageResponse(403, msg("years.records.export.sameOrigin"));
  const admin = await getSessionUser();
  const decision = adminAccess(admin);
  if (!decision.allowed)
    return decision.reason === "no-session"
      ? messageResponse(401, msg("states.adminNoSession"))
      : messageResponse(403, msg("states.adminOtherRole"));
  const raw = (await params).id;
  const id = /^\d{1,9}$/.test(raw) ? Number(raw) : null;
  if (id === null) return messageResponse(404, msg("years.records.export.notFound"));
  try {
    const zip = await studentRecordZip(id, admin!.id, intlLocaleOf(await answerLocale("records export")));
    if (!zip) return messageResponse(404, msg("years.records.export.notFound"));
    return new Response(zip.body, {
      status: 200,
      headers: {
        "cache-control": "no-store",
        "x-content-type-options": "nosniff",
        "referrer-policy": "no-referrer",
        "content-type": "application/zip",
        "content-disposition": `attachment; filename="record-${fileNamePart(zip.username)}.zip"`,
      },
    });
  } catch (err) {
    console.error("records export failed:", err);
    return messageResponse(500, msg("years.records.export.failed"));
  }
}
