import { setStateCookie } from "@/lib/auth/oidc/cookie";
import { startOidcSignIn } from "@/lib/auth/oidc/flow";
import { clientAddress } from "@/lib/rate-limit";

/**
 * "Sign in with <label>" (issue 32): a plain link, so it works without JavaScript. Sends the
 * browser to the provider with a fresh state, nonce and PKCE challenge; on a problem, back to the
 * sign-in dialog with ?signin=oidc_<reason>.
 */
export async function GET(request: Request, { params }: { params: Promise<{ provider: string }> }) {
  const name = (await params).provider.slice(0, 40);
  try {
    const start = await startOidcSignIn(name, clientAddress(request.headers));
    if (!start.ok) return back(start.reason);
    await setStateCookie(start.state);
    return new Response(null, { status: 303, headers: { Location: start.url, "Cache-Control": "no-store" } });
  } catch (err) {
    console.error("oidc sign-in start failed:", err);
    return back("unavailable");
  }
}

function back(reason: string): Response {
  return new Response(null, {
    status: 303,
    headers: { Location: `/?signin=oidc_${reason}`, "Cache-Control": "no-store" },
  });
}
