import { headers } from "next/headers";
import { unsubscribe } from "@/lib/notify/unsubscribe";
import { clientAddress, clientKey, hitRateLimit } from "@/lib/rate-limit";

// POST /api/unsubscribe/<token>: RFC 8058 one-click unsubscribe, the address in every e-mail's
// List-Unsubscribe header. Mail providers post `List-Unsubscribe=One-Click` here without cookies;
// the token names the one recipient and event it turns off. A GET changes nothing (link scanners
// open links): the e-mail's own link goes to the /unsubscribe page, which asks first.

const plain = (status: number, text: string, extra: Record<string, string> = {}) =>
  new Response(text, {
    status,
    headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store", ...extra },
  });

export async function POST(_request: Request, { params }: { params: Promise<{ token: string }> }): Promise<Response> {
  const limit = await hitRateLimit(clientKey("unsubscribe", clientAddress(await headers())), 30, 60_000);
  if (!limit.allowed)
    return plain(429, `Too many requests. Please wait ${limit.retryAfterSeconds} seconds and try again.`, {
      "retry-after": String(limit.retryAfterSeconds),
    });
  const done = await unsubscribe((await params).token.slice(0, 100));
  if (!done)
    return plain(
      404,
      "This unsubscribe link is not valid. Sign in to the portal and choose what you receive under Notifications.",
    );
  return plain(200, `Unsubscribed: you will no longer receive ${done.what}.`);
}

export function GET(): Response {
  return plain(405, "Use the link in the e-mail's footer, or your mail app's Unsubscribe button.", { allow: "POST" });
}
