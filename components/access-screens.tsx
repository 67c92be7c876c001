import { AppShell } from "@/components/app-header";
import { BlockedScreen } from "@/components/states";
import type { PageRefusal } from "@/lib/auth/page-access";
import { getSessionUser, type SessionUser } from "@/lib/auth/session";
import { getT } from "@/lib/i18n/request-locale";
import { translateRefusal } from "@/lib/i18n/refusal";

/** The refusal in the reader's language: the guards and page-access.ts say it in the spec's English. */
async function translated(refusal: PageRefusal): Promise<PageRefusal> {
  const child = await getT("child");
  const message =
    refusal.message === "You can only see the report cards of your own children."
      ? child("denied")
      : await translateRefusal(refusal.message);
  return { ...refusal, title: await translateRefusal(refusal.title), message };
}

/**
 * A refused page's screen (spec §2, §6, §8: Access Denied, Class Not Found…), inside the app's
 * header for a signed-in visitor.
 */
export async function RefusalScreen({ user, refusal }: { user: SessionUser | null; refusal: PageRefusal }) {
  const { title, message } = await translated(refusal);
  const screen = <BlockedScreen title={title} message={message} homeLabel={refusal.homeLabel} />;
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
