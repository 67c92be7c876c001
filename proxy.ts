import { NextResponse, type NextRequest } from "next/server";
import { ACTION_BODY_LIMIT, ACTION_TOO_LARGE, refuseActionBody, refusePath, type Refusal } from "@/lib/request-guard";
import { PAGE_LOAD_HEADER, PAGE_PATH_HEADER } from "@/lib/auth/page-path";
import { contentSecurityPolicy } from "@/lib/security-headers";

// Sets the per-request CSP nonce and the transport headers. Never decides access: every page and
// action checks the session and the role itself (lib/auth). It refuses only what Next.js would
// answer with a 500 before our code runs: a cross-site server-action POST (its Origin check
// throws), an address that is not UTF-8 or holds a NUL, and a server-action body that is too
// large or not what React's client sends (lib/request-guard.ts, decision 020).

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

/**
 * A page load, not the client router's fetch of a page's payload nor a server action, which
 * re-render a page the visitor already has. Next.js removes the RSC header before proxy.ts (and
 * the page's headers()) see it, so this reads what the browser sets itself and page scripts cannot:
 * Sec-Fetch-Mode is "navigate" for a document, "cors" or "same-origin" for fetch(). A client
 * without Fetch Metadata (curl, an old browser) counts as a page load unless it names the router's
 * current page (Next-Url), which only the router sends.
 */
function isPageLoad(request: NextRequest): boolean {
  if (request.headers.has("next-action")) return false;
  const mode = request.headers.get("sec-fetch-mode");
  if (mode !== null) return mode === "navigate";
  return !request.headers.has("next-url") && !request.headers.has("rsc");
}

const refuse = (r: Refusal) =>
  new NextResponse(r.message, {
    status: r.status,
    headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" },
  });

/** The action body, read from a copy up to the limit; null when it runs past it. */
async function boundedBody(request: NextRequest): Promise<Uint8Array | null> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > ACTION_BODY_LIMIT) return null;
  const body = request.clone().body;
  if (!body) return new Uint8Array(0);
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let length = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    length += value.length;
    if (length > ACTION_BODY_LIMIT) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(length);
  let o = 0;
  for (const c of chunks) {
    bytes.set(c, o);
    o += c.length;
  }
  return bytes;
}

export async function proxy(request: NextRequest) {
  const raw = new URL(request.url);
  const badPath = refusePath(raw.pathname + raw.search);
  if (badPath) return refuse(badPath);
  if (crossSiteAction(request))
    return new NextResponse("Forbidden", {
      status: 403,
      headers: { "content-type": "text/plain", "cache-control": "no-store" },
    });
  if (request.method === "POST" && request.headers.has("next-action")) {
    const bytes = await boundedBody(request);
    if (!bytes) return refuse(ACTION_TOO_LARGE);
    const bad = await refuseActionBody(request.headers.get("content-type") ?? "", bytes);
    if (bad) return refuse(bad);
  }
  // An attachment is not a page: its own CSP (sandbox, no scripts) must not be replaced by the pages' one.
  const attachment = request.nextUrl.pathname.startsWith("/files/");
  const nonce = Buffer.from(crypto.randomUUID()).toString("base64");
  const csp = contentSecurityPolicy(nonce, process.env.NODE_ENV === "development");
  const headers = new Headers(request.headers);
  headers.set("x-nonce", nonce);
  headers.set("Content-Security-Policy", csp);
  // Which page the refusal screens belong to (app/forbidden.tsx, decision 027); never the client's own.
  headers.set(PAGE_PATH_HEADER, request.nextUrl.pathname);
  if (isPageLoad(request)) headers.set(PAGE_LOAD_HEADER, "1");
  else headers.delete(PAGE_LOAD_HEADER);
  const response = attachment ? NextResponse.next() : NextResponse.next({ request: { headers } });
  if (!attachment) response.headers.set("Content-Security-Policy", csp);
  if (isHttps(request)) response.headers.set("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
  return response;
}

// Not the upload route (/level/<code>/files, app/level/[levelCode]/files/route.ts): for every
// request the proxy runs on, Next.js copies the body into memory so both can read it, and cuts that
// copy off at 10 MB (experimental.proxyClientMaxBodySize) without an error — a 12 MB photo reached
// the route cut short. That route streams its body itself under its own cap (lib/files/receive.ts)
// and checks the origin and the session itself. Raising the cap instead would let every address
// buffer that much. Only a class code as codes are written (letters, digits, '.', '_', '-') is left
// out: an address with anything else (%00, %C0%80) still meets refusePath here, since Next.js
// answers a dynamic segment it cannot decode with a 500 before the route runs.
export const config = {
  matcher: [{ source: "/((?!_next/static|_next/image|favicon.ico|level/[A-Za-z0-9._-]+/files$).*)" }],
};
