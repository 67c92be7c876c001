import { attemptSignIn } from "@/lib/auth/sign-in-flow";
import { msg } from "@/lib/i18n/message";
import { render } from "@/lib/i18n/render";
import { requestLocale } from "@/lib/i18n/request-locale";
import { BodyTooLarge, readForm, readJson, sameOrigin, TOO_LARGE } from "@/lib/http";
import { clientAddress } from "@/lib/rate-limit";

const FALLBACK_REASON: Record<number, string> = {
  400: "empty",
  401: "invalid",
  429: "limited",
  500: "error",
  503: "error",
};

/**
 * Sign in with an access code (a route handler so a refusal can be a real HTTP 429). JSON from
 * the page's script; a plain form post when the script has not loaded (or is off), answered with a
 * redirect back to the page, signed in or with ?signin=<reason>.
 */
export async function POST(request: Request) {
  if (!sameOrigin(request)) return Response.json({ ok: false, message: "Forbidden" }, { status: 403 });
  const isForm = /^(application\/x-www-form-urlencoded|multipart\/form-data)/.test(
    request.headers.get("content-type") ?? "",
  );
  try {
    const input = isForm ? { code: (await readForm(request, 4_000))?.get("code") } : await readJson(request, 4_000);
    const result = await attemptSignIn(input, clientAddress(request.headers));
    if (isForm) return backTo(request, result.body.ok ? null : FALLBACK_REASON[result.status]!);
    const retry = result.body.ok ? undefined : result.body.retryAfterSeconds;
    // The refusal in the reader's language (the script shows it as it comes).
    const body = result.body.ok
      ? result.body
      : { ...result.body, message: render(result.body.message, await requestLocale()) };
    return Response.json(body, {
      status: result.status,
      headers: retry ? { "Retry-After": String(retry) } : undefined,
    });
  } catch (err) {
    if (err instanceof BodyTooLarge)
      return isForm
        ? backTo(request, "invalid")
        : Response.json({ ok: false, message: TOO_LARGE.message }, { status: 413 });
    console.error("sign-in failed:", err);
    if (isForm) return backTo(request, FALLBACK_REASON[500]!);
    const message = render(msg("common.genericError"), await requestLocale().catch(() => "en" as const));
    return Response.json({ ok: false, message }, { status: 500 });
  }
}

/** 303 to the page the form was on (this site's pages only), with the failure reason if any. */
function backTo(request: Request, reason: string | null): Response {
  let path = "/";
  try {
    const from = new URL(request.headers.get("referer") ?? "");
    const host = request.headers.get("x-forwarded-host") ?? request.headers.get("host");
    // A path starting with // would be read as another host.
    if (from.host === host && !from.pathname.startsWith("//")) {
      from.searchParams.delete("signin");
      if (reason) from.searchParams.set("signin", reason);
      path = from.pathname + from.search;
    } else if (reason) path = `/?signin=${reason}`;
  } catch {
    if (reason) path = `/?signin=${reason}`;
  }
  return new Response(null, { status: 303, headers: { Location: path } });
}
