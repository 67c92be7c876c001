import { NextResponse, type NextRequest } from "next/server";
import { contentSecurityPolicy } from "@/lib/security-headers";

// Sets the per-request CSP nonce and the transport headers. Never decides access: every page and
// action checks the session and the role itself (lib/auth). The one refusal here is a cross-site
// server-action POST, which Next answers with a 500 (its Origin check throws) when left to it.

/** X-Forwarded-* reach the app only from TRUSTED_PROXIES (scripts/start.mjs drops them otherwise). */
function isHttps(request: NextRequest): boolean {
  return (
    request.headers.get("x-forwarded-proto")?.split(",")[0]?.trim() === "https" || request.nextUrl.protocol === "https:"
  );
}

function crossSiteAction(request: NextRequest): boolean {
  if (request.method !== "POST" || !request.headers.has("next-action")) return false;
  const origin = request.headers.get("origin");
  if (!origin) return false; // not a browser: no cross-site request forgery to stop
  const host = request.headers.get("x-forwarded-host") ?? request.headers.get("host");
  try {
    return new URL(origin).host !== host;
  } catch {
    return true;
  }
}

export function proxy(request: NextRequest) {
  if (crossSiteAction(request))
    return new NextResponse("Forbidden", {
      status: 403,
      headers: { "content-type": "text/plain", "cache-control": "no-store" },
    });
  // An attachment is not a page: its own CSP (sandbox, no scripts) must not be replaced by the pages' one.
  const attachment = request.nextUrl.pathname.startsWith("/files/");
  const nonce = Buffer.from(crypto.randomUUID()).toString("base64");
  const csp = contentSecurityPolicy(nonce, process.env.NODE_ENV === "development");
  const headers = new Headers(request.headers);
  headers.set("x-nonce", nonce);
  headers.set("Content-Security-Policy", csp);
  const response = attachment ? NextResponse.next() : NextResponse.next({ request: { headers } });
  if (!attachment) response.headers.set("Content-Security-Policy", csp);
  if (isHttps(request)) response.headers.set("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
  return response;
}

export const config = {
  matcher: [{ source: "/((?!_next/static|_next/image|favicon.ico).*)" }],
};
