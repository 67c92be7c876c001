import { AppShell } from "@/components/app-header";
import { BlockedScreen } from "@/components/states";
import type { PageRefusal } from "@/lib/auth/page-access";
import { getSessionUser, type SessionUser } from "@/lib/auth/session";
import { render } from "@/lib/i18n/render";
import { requestLocale } from "@/lib/i18n/request-locale";

/**
 * A refused page's screen (spec §2, §6, §8: Access Denied, Class Not Found…), inside the app's
 * header for a signed-in visitor.
 */
export async function RefusalScreen({ user, refusal }: { user: SessionUser | null; refusal: PageRefusal }) {
  // The refusal's descriptors (lib/auth/page-access.ts) in the reader's language.
  const locale = await requestLocale();
  const screen = (
    <BlockedScreen
      title={render(refusal.title, locale)}
      message={render(refusal.message, locale)}
      homeLabel={refusal.homeLabel && render(refusal.homeLabel, locale)}
    />
  );
  return user ? <AppShell user={user}>{screen}</AppShell> : <main className="px-4 py-10">{screen}</main>;
}

/**
 * What a forbidden.tsx (403) or not-found.tsx (404) next to a gated page renders (decision 027):
 * the page's own refusal screen, or nothing when this visitor was not refused with that status.
 * Next.js renders these boundaries with every page, unseen, so "nothing" keeps pages light.
 */
export async function RefusedPage({ refusal, status }: { refusal: Promise<PageRefusal | null>; status: 403 | 404 }) {
  const found = await refusal;
  if (found?.status !== status) return null;
  return <RefusalScreen user={await getSessionUser()} refusal={found} />;
}
