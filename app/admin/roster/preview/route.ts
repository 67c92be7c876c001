import { msg } from "@/lib/i18n/message";
import { requestLocale } from "@/lib/i18n/request-locale";
import { previewRosterImport } from "@/lib/roster/import";
import { runDistrictImport } from "@/lib/roster/district-import";
import { districtRunView } from "@/lib/roster-web/district-view";
import { readRosterRequest, refusalResponse, runOptionsOf, runView } from "@/lib/roster-web/request";

/** The dry run of a roster upload (admins): counts per entity and every problem; writes only the history row. */
export async function POST(request: Request): Promise<Response> {
  try {
    const req = await readRosterRequest(request);
    if (!req.ok) return req.response;
    const locale = await requestLocale();
    const view = req.district
      ? districtRunView(await runDistrictImport(req.upload, { ...runOptionsOf(req), apply: false }), locale)
      : runView(await previewRosterImport(req.upload, runOptionsOf(req)), locale);
    return Response.json(view, { headers: { "cache-control": "no-store" } });
  } catch (err) {
    console.error("roster preview failed:", err);
    return refusalResponse(500, msg("admin.rosterReport.refusals.notChecked"), await requestLocale());
  }
}
