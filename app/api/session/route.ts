import { attemptSignIn } from "@/lib/auth/sign-in-flow";
import { readJson, sameOrigin } from "@/lib/http";
import { clientAddress } from "@/lib/rate-limit";

/** Sign in with an access code (a route handler so a refusal can be a real HTTP 429). */
export async function POST(request: Request) {
  if (!sameOrigin(request)) return Response.json({ ok: false, message: "Forbidden" }, { status: 403 });
  try {
    const result = await attemptSignIn(await readJson(request), clientAddress(request.headers));
    const retry = result.body.ok ? undefined : result.body.retryAfterSeconds;
    return Response.json(result.body, { status: result.status, headers: retry ? { "Retry-After": String(retry) } : undefined });
  } catch (err) {
    console.error("sign-in failed:", err);
    return Response.json({ ok: false, message: "Something went wrong. Please try again." }, { status: 500 });
  }
}
