import { takeStateCookie } from "@/lib/auth/oidc/cookie";
import { finishOidcSignIn } from "@/lib/auth/oidc/flow";
import { clientAddress } from "@/lib/rate-limit";

/**
 * The provider sends the browser back here (issue 32). Signed in: home. Refused: the sign-in
 * dialog, with ?signin=oidc_<reason> naming what the school must do.
 */
export async function GET(request: Request, { params }: { params: Promise<{ provider: string }> }) {
  const name = (await params).provider.slice(0, 40);
  const query = new URL(request.url).searchParams;
  let location = "/";
  try {
    const cookieState = await takeStateCookie();
    const result = await finishOidcSignIn(name, query, cookieState, clientAddress(request.headers));
    if (!result.ok) location = `/?signin=oidc_${result.reason}`;
  } catch (err) {
    console.error("oidc sign-in failed:", err);
    location = "/?signin=oidc_unavailable";
  }
  return new Response(null, { status: 303, headers: { Location: location, "Cache-Control": "no-store" } });
}
