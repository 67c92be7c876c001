import "server-only";
import { readJson, sameOrigin } from "@/lib/http";
import { clientAddress } from "@/lib/rate-limit";
import type { PortalResult } from "./portal";

/** A parent-portal POST handler: Origin check, JSON body, status and Retry-After from the result. */
export function portalRoute<T>(name: string, run: (body: unknown, client: string) => Promise<PortalResult<T>>) {
  return async function POST(request: Request): Promise<Response> {
    if (!sameOrigin(request)) return Response.json({ error: "Forbidden" }, { status: 403 });
    try {
      const result = await run(await readJson(request), clientAddress(request.headers));
      const body = result.body as { retryAfterSeconds?: number };
      const headers = body.retryAfterSeconds ? { "Retry-After": String(body.retryAfterSeconds) } : undefined;
      return Response.json(result.body, { status: result.status, headers });
    } catch (err) {
      console.error(`${name} failed:`, err);
      return Response.json({ error: `the ${name} could not be completed` }, { status: 500 });
    }
  };
}
