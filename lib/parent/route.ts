import "server-only";
import { refreshSchoolSettings } from "@/lib/district/school-settings";
import { schoolLocale } from "@/lib/env";
import { BodyTooLarge, readJson, sameOrigin } from "@/lib/http";
import { msg, type Message } from "@/lib/i18n/message";
import { render } from "@/lib/i18n/render";
import { requestLocale } from "@/lib/i18n/request-locale";
import { clientAddress } from "@/lib/rate-limit";
import type { PortalResult } from "./portal";

// Report cards are records: no cache, shared or private, may keep them.
const NO_STORE = { "Cache-Control": "no-store" };

type Route = "search" | "report";

/** The family's language; the school's if it cannot be read, so a refusal never becomes a 500. */
async function readerLocale() {
  try {
    return await requestLocale();
  } catch (err) {
    console.error("parent portal: the reader's language could not be read:", err);
    return schoolLocale();
  }
}

/** A refusal, its descriptor written in the family's language (issues 31, 40). */
async function refusal(error: Message, status: number, headers: Record<string, string> = NO_STORE) {
  return Response.json({ error: render(error, await readerLocale()) }, { status, headers });
}

/** A parent-portal POST handler: Origin check, JSON body, status and Retry-After from the result. */
export function portalRoute<T>(name: Route, run: (body: unknown, client: string) => Promise<PortalResult<T>>) {
  return async function POST(request: Request): Promise<Response> {
    if (!sameOrigin(request)) return Response.json({ error: "Forbidden" }, { status: 403 });
    try {
      await refreshSchoolSettings(); // the school's lookup mode
      const result = await run(await readJson(request, 2_000), clientAddress(request.headers));
      if (result.status === 200) return Response.json(result.body, { status: 200, headers: NO_STORE });
      const { error, retryAfterSeconds } = result.body;
      const headers = retryAfterSeconds ? { ...NO_STORE, "Retry-After": String(retryAfterSeconds) } : NO_STORE;
      return Response.json(
        { error: render(error, await readerLocale()), ...(retryAfterSeconds ? { retryAfterSeconds } : {}) },
        { status: result.status, headers },
      );
    } catch (err) {
      // The print routes' words for the same refusal (lib/http's TOO_LARGE, in the reader's language).
      if (err instanceof BodyTooLarge) return refusal(msg("adminPrint.refusals.tooLargeMessage"), 413);
      console.error(`${name} failed:`, err);
      return refusal(msg(name === "search" ? "parent.searchFailed" : "parent.reportFailed"), 500);
    }
  };
}
