import { msg } from "@/lib/i18n/message";
import { render } from "@/lib/i18n/render";
import { requestLocale } from "@/lib/i18n/request-locale";
import { applyRosterImport, type RosterProgress } from "@/lib/roster/import";
import { runDistrictImport } from "@/lib/roster/district-import";
import { districtRunView } from "@/lib/roster-web/district-view";
import { readRosterRequest, runOptionsOf, runView } from "@/lib/roster-web/request";

/**
 * Applies a roster upload (admins) in one transaction, streaming its progress: one JSON object per
 * line, {"type":"progress",…} while it runs and {"type":"result",…} at the end. The page sends the
 * preview's fingerprint, so a portal that changed since the preview refuses instead of surprising.
 */
export async function POST(request: Request): Promise<Response> {
  const req = await readRosterRequest(request);
  if (!req.ok) return req.response;
  // The reader's language, read now: the stream runs after the request's own work.
  const locale = await requestLocale();
  const encoder = new TextEncoder();
  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      const send = (value: unknown) => controller.enqueue(encoder.encode(`${JSON.stringify(value)}\n`));
      try {
        if (req.district) {
          // The district's schools one after another in one transaction: a progress line a school.
          const run = await runDistrictImport(req.upload, {
            ...runOptionsOf(req),
            apply: true,
            expectFingerprint: req.fingerprint,
            onProgress: (p: RosterProgress) => send({ type: "progress", ...p }),
          });
          send({ type: "result", ...districtRunView(run, locale) });
          return;
        }
        const run = await applyRosterImport(req.upload, {
          ...runOptionsOf(req),
          expectFingerprint: req.fingerprint,
          onProgress: (p: RosterProgress) => send({ type: "progress", ...p }),
        });
        send({ type: "result", ...runView(run, locale) });
      } catch (err) {
        console.error("roster apply failed:", err);
        send({ type: "error", message: render(msg("admin.rosterReport.refusals.notCompleted"), locale) });
      } finally {
        controller.close();
      }
    },
  });
  return new Response(stream, {
    headers: {
      "content-type": "application/x-ndjson; charset=utf-8",
      "cache-control": "no-store",
      "x-accel-buffering": "no",
    },
  });
}
