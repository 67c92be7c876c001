import "server-only";
import { BodyTooLarge, readJson, sameOrigin, TOO_LARGE } from "@/lib/http";

// Report cards are records: no cache, shared or private, may keep them.
const NO_STORE = { "Cache-Control": "no-store" };
import { clientAddress } from "@/lib/rate-limit";
import type { PortalResult } from "./portal";

/** A parent-portal POST handler: Origin check, JSON body, status and Retry-After from the result. */
export function portalRoute<T>(name: string, run: (body: unknown, client: string) => Promise<PortalResult<T>>) {
  return async function POST(request: Request): Promise<Response> {
    if (!sameOrigin(request)) return Response.json({ error: "Forbidden" }, { status: 403 });
    try {
      const result = await run(await readJson(request, 2_000), clientAddress(request.headers));
      const body = result.body as { retryAfterSeconds?: number };
      const headers = body.retryAfterSeconds
        ? { ...NO_STORE, "Retry-After": String(body.retryAfterSeconds) }
        : NO_STORE;
      return Response.json(result.body, { status: result.status, headers });
    } catch (err) {
      if (err instanceof BodyTooLarge)
        return Response.json({ error: TOO_LARGE.message }, { status: 413, headers: NO_STORE });
      console.error(`${name} failed:`, err);
      return Response.json({ error: `the ${name} could not be completed` }, { status: 500, headers: NO_STORE });
    }
  };
}
