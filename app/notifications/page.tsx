import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { AppShell } from "@/components/app-header";
import { MarkReadForm } from "@/components/notifications/mark-read-form";
import { EmptyState } from "@/components/states";
import { getSessionUser } from "@/lib/auth/session";
import { formatDateTime } from "@/lib/domain/format";
import { schoolTimeZone } from "@/lib/env";
import { getT, requestLocale } from "@/lib/i18n/request-locale";
import { listNotifications, NOTIFICATIONS_SHOWN } from "@/lib/notify/notifications";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getT("notifications"))("title") };
}

/** The signed-in user's own notifications (issue 20), newest first; each links to its screen. */
export default async function NotificationsPage() {
  const user = await getSessionUser();
  if (!user) redirect("/");
  const items = await listNotifications(user.id);
  const tz = schoolTimeZone();
  const t = await getT("notifications");
  const locale = await requestLocale();
  const unread = user.unread === 100 ? (await getT("header"))("hundredOrMore") : user.unread;
  return (
    <AppShell user={user}>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold sm:text-3xl">{t("title")}</h1>
          <p className="text-ink-muted">
            {user.unread === 0 ? t("nothingUnread") : t("unread", { count: unread })}{" "}
            {t("newest", { shown: NOTIFICATIONS_SHOWN })}
          </p>
          <p className="mt-1 flex flex-wrap gap-x-4 text-sm">
            <a
              href="/notifications/settings"
              className="font-medium text-brand-700 underline underline-offset-2 dark:text-brand-100"
            >
              {t("settingsLink")}
            </a>
            <a href="/calendar" className="font-medium text-brand-700 underline underline-offset-2 dark:text-brand-100">
              {t("calendarLink")}
            </a>
          </p>
        </div>
        {user.unread > 0 && <MarkReadForm id="all" label={t("markAllRead")} />}
      </div>
      {items.length === 0 ? (
        <div className="mt-6">
          <EmptyState title={t("emptyTitle")} message={t("empty")} />
        </div>
      ) : (
        <ul className="mt-6 space-y-2" data-testid="notification-list">
          {items.map((n) => (
            <li
              key={n.id}
              className={`flex flex-wrap items-center justify-between gap-3 rounded-xl border px-4 py-3 ${n.read ? "border-line bg-surface" : "border-brand-600 bg-surface"}`}
              data-testid="notification"
            >
              <div>
                {!n.read && (
                  <span className="me-2 rounded-full bg-brand-600 px-2 py-0.5 text-xs font-semibold text-white">
                    {t("new")}
                  </span>
                )}
                <a
                  href={n.href}
                  className="font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-100"
                >
                  {n.title}
                </a>
                {n.detail && <p className="mt-1 whitespace-pre-line text-sm">{n.detail}</p>}
                <p className="text-xs text-ink-muted">{formatDateTime(n.createdAt, tz, locale)}</p>
              </div>
              {!n.read && <MarkReadForm id={n.id} label={t("markRead")} />}
            </li>
          ))}
        </ul>
      )}
    </AppShell>
  );
}
