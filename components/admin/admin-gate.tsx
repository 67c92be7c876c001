import { RefusalScreen } from "@/components/access-screens";
import { BlockedScreen } from "@/components/states";
import { TryAgainButton } from "@/components/try-again-button";
import { adminPageAccess } from "@/lib/auth/page-access";
import type { SessionUser } from "@/lib/auth/session";
import { MSG } from "@/lib/domain/messages";

/**
 * Every admin page starts here: the admin, or the sign-in-required screen (spec §2 wording) for a
 * signed-out visitor. Other roles get 403 from lib/auth/page-access on a page load, and the same
 * screen on the client router's own requests.
 */
export async function adminOrScreen(): Promise<
  { admin: SessionUser; screen?: undefined } | { admin?: undefined; screen: React.ReactNode }
> {
  const admin = await adminPageAccess();
  if (admin && "refusal" in admin) return { screen: <RefusalScreen {...admin} /> };
  if (admin) return { admin };
  return {
    screen: (
      <main className="px-4 py-10">
        <BlockedScreen title="Sign in required" message={MSG.adminNoSession} homeLabel="Go to Home">
          <TryAgainButton />
        </BlockedScreen>
      </main>
    ),
  };
}
