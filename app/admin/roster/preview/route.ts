import { rosterTranslator } from "@/lib/i18n/admin-roster-message";
import { previewRosterImport } from "@/lib/roster/import";
import { readRosterRequest, runOptionsOf, runView } from "@/lib/roster-web/request";

/** The dry run of a roster upload (admins): counts per entity and every problem; writes only the history row. */
export async function POST(request: Request): Promise<Response> {
  try {
    const req = await readRosterRequest(request);
    if (!req.ok) return req.response;
    const run = await previewRosterImport(req.upload, runOptionsOf(req));
    return Response.json(runView(run, await rosterTranslator()), { headers: { "cache-control": "no-store" } });
  } catch (err) {
    console.error("roster preview failed:", err);
    return Response.json(
      { ok: false, message: (await rosterTranslator()).refusal("notChecked") },
      { status: 500, headers: { "cache-control": "no-store" } },
    );
  }
}
