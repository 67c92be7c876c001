import { headers } from "next/headers";
import { msg, type Message } from "@/lib/i18n/message";
import { render } from "@/lib/i18n/render";
import { answerLocale } from "@/lib/i18n/request-locale";
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

/**
 * An answer in the poster's language: a mail provider sends no cookie, so its Accept-Language, else
 * the school's. Never fails for want of a language: the school's then.
 */
async function answer(status: number, message: Message, extra: Record<string, string> = {}): Promise<Response> {
  return plain(status, render(message, await answerLocale("one-click unsubscribe")), extra);
}

export async function POST(_request: Request, { params }: { params: Promise<{ token: string }> }): Promise<Response> {
  const limit = await hitRateLimit(clientKey("unsubscribe", clientAddress(await headers())), 30, 60_000);
  if (!limit.allowed)
    return answer(429, msg("common.tooManyRequests", { seconds: limit.retryAfterSeconds }), {
      "retry-after": String(limit.retryAfterSeconds),
    });
  const done = await unsubscribe((await params).token.slice(0, 100));
  if (!done) return answer(404, msg("unsubscribe.invalid"));
  return answer(200, msg("unsubscribe.done", { what: done.what }));
}

export function GET(): Promise<Response> {
  return answer(405, msg("unsubscribe.oneClickOnly"), { allow: "POST" });
}
