import { AppShell } from "@/components/app-header";
import { BlockedScreen } from "@/components/states";
import { TryAgainButton } from "@/components/try-again-button";
import { AccessDenied, requireAdmin } from "@/lib/auth/guards";
import { getSessionUser, type SessionUser } from "@/lib/auth/session";

/**
 * Every admin page starts here: the admin, or the screen to show instead (spec §2 wording: sign in
 * required, or Access Denied with Go to Home).
 */
export async function adminOrScreen(): Promise<
  { admin: SessionUser; screen?: undefined } | { admin?: undefined; screen: React.ReactNode }
> {
  const user = await getSessionUser();
  try {
    return { admin: await requireAdmin() };
  } catch (err) {
    if (!(err instanceof AccessDenied)) throw err;
    const screen = (
      <BlockedScreen
        title={err.reason === "unauthenticated" ? "Sign in required" : "Access Denied"}
        message={err.message}
        homeLabel="Go to Home"
      >
        {err.reason === "unauthenticated" && <TryAgainButton />}
      </BlockedScreen>
    );
    return { screen: user ? <AppShell user={user}>{screen}</AppShell> : <main className="px-4 py-10">{screen}</main> };
  }
}
