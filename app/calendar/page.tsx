import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { AppShell } from "@/components/app-header";
import { CalendarFeedForm } from "@/components/calendar/calendar-feed-form";
import { PageMessages } from "@/components/page-messages";
import { getSessionUser } from "@/lib/auth/session";
import { currentFeed } from "@/lib/calendar/feeds";
import { formatDateTime } from "@/lib/domain/format";
import { schoolTimeZone } from "@/lib/env";
import { intlLocaleOf } from "@/lib/i18n/locales";
import { getT, requestLocale } from "@/lib/i18n/request-locale";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getT("calendar"))("title") };
}

const ROLES = ["student", "parent", "instructor", "admin"] as const;

/** One's own calendar feed (issue 20): what it lists, whether it is on, a new address or off. In the reader's language. */
export default async function CalendarPage() {
  const user = await getSessionUser();
  if (!user) redirect("/");
  const [feed, t, reader] = await Promise.all([currentFeed(user.id), getT("calendar"), requestLocale()]);
  const locale = intlLocaleOf(reader);
  const role = ROLES.find((r) => r === user.role) ?? "admin";
  const at = (d: Date) => formatDateTime(d, schoolTimeZone(), locale);
  return (
    <AppShell user={user}>
      <h1 className="text-2xl font-semibold sm:text-3xl">{t("title")}</h1>
      <p className="mt-1 max-w-2xl text-ink-muted">{t("intro", { what: t(`what.${role}`) })}</p>
      <p className="mt-4 text-sm" data-testid="calendar-feed-state">
        {!feed
          ? t("off")
          : feed.lastUsedAt
            ? t("onRead", { since: at(feed.createdAt), read: at(feed.lastUsedAt) })
            : t("onUnread", { since: at(feed.createdAt) })}
      </p>
      <div className="mt-4">
        <PageMessages namespaces={["calendarFeed"]}>
          <CalendarFeedForm live={feed !== null} />
        </PageMessages>
      </div>
    </AppShell>
  );
}
