import "server-only";
import { PHONE_MESSAGES } from "@/lib/domain/phone";
import { BodyTooLarge, readJson, sameOrigin, TOO_LARGE } from "@/lib/http";
import { getT } from "@/lib/i18n/request-locale";
import { clientAddress } from "@/lib/rate-limit";
import { NOT_FOUND_MESSAGE, PORTAL_OFF_MESSAGE, VERIFIED_REPORT_MESSAGE, type PortalResult } from "./portal";

// Report cards are records: no cache, shared or private, may keep them.
const NO_STORE = { "Cache-Control": "no-store" };

type Route = "search" | "report";

/** The portal's answers are the spec's English; the family reads them in their language (issue 31). */
const IN_CATALOG = new Map<string, "portalOff" | "notFound" | "verifiedReport" | "enterPhone" | "phoneInvalid">([
  [PORTAL_OFF_MESSAGE, "portalOff"],
  [NOT_FOUND_MESSAGE, "notFound"],
  [VERIFIED_REPORT_MESSAGE, "verifiedReport"],
  [PHONE_MESSAGES.enterPhone, "enterPhone"],
  [PHONE_MESSAGES.phoneInvalid, "phoneInvalid"],
]);

async function inReadersLanguage(error: string, retryAfterSeconds: number | undefined): Promise<string> {
  const t = await getT("parent");
  if (retryAfterSeconds) return t("tooManyLookups", { seconds: retryAfterSeconds });
  const key = IN_CATALOG.get(error);
  return key ? t(key) : error;
}

/** A parent-portal POST handler: Origin check, JSON body, status and Retry-After from the result. */
export function portalRoute<T>(name: Route, run: (body: unknown, client: string) => Promise<PortalResult<T>>) {
  return async function POST(request: Request): Promise<Response> {
    if (!sameOrigin(request)) return Response.json({ error: "Forbidden" }, { status: 403 });
    try {
      const result = await run(await readJson(request, 2_000), clientAddress(request.headers));
      const body = result.body as { error?: string; retryAfterSeconds?: number };
      if (typeof body.error === "string") body.error = await inReadersLanguage(body.error, body.retryAfterSeconds);
      const headers = body.retryAfterSeconds
        ? { ...NO_STORE, "Retry-After": String(body.retryAfterSeconds) }
        : NO_STORE;
      return Response.json(body, { status: result.status, headers });
    } catch (err) {
      if (err instanceof BodyTooLarge)
        return Response.json({ error: TOO_LARGE.message }, { status: 413, headers: NO_STORE });
      console.error(`${name} failed:`, err);
      const t = await getT("parent");
      return Response.json({ error: t(`${name}Failed`) }, { status: 500, headers: NO_STORE });
    }
  };
}
