import { RefusalScreen } from "@/components/access-screens";
import { BlockedScreen } from "@/components/states";
import { TryAgainButton } from "@/components/try-again-button";
import { adminPageAccess } from "@/lib/auth/page-access";
import type { SessionUser } from "@/lib/auth/session";
import { getT } from "@/lib/i18n/request-locale";

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
  const [t, states] = await Promise.all([getT("admin"), getT("states")]);
  return {
    screen: (
      <main className="px-4 py-10">
        <BlockedScreen title={t("signInRequired")} message={states("adminNoSession")} homeLabel={t("goHome")}>
          <TryAgainButton />
        </BlockedScreen>
      </main>
    ),
  };
}
