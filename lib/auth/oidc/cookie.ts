import "server-only";
import { cookies } from "next/headers";
import { isHttps } from "../session";
import { PENDING_LIFETIME_MS, STATE_COOKIE } from "./flow";

// The state's copy in this browser: it ties the provider's answer to the browser that asked
// (login CSRF). Lax, so the provider's top-level redirect back carries it; only /auth/oidc sees it.
export async function setStateCookie(state: string): Promise<void> {
  (await cookies()).set(STATE_COOKIE, state, {
    httpOnly: true,
    sameSite: "lax",
    secure: await isHttps(),
    path: "/auth/oidc",
    maxAge: PENDING_LIFETIME_MS / 1000,
  });
}

/** Reads and clears it: one answer per start. */
export async function takeStateCookie(): Promise<string | undefined> {
  const jar = await cookies();
  const value = jar.get(STATE_COOKIE)?.value;
  if (value !== undefined) jar.set(STATE_COOKIE, "", { path: "/auth/oidc", maxAge: 0 });
  return value;
}
