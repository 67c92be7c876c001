import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { AppShell } from "@/components/app-header";
import { MarkReadForm } from "@/components/notifications/mark-read-form";
import { EmptyState } from "@/components/states";
import { getSessionUser } from "@/lib/auth/session";
import { formatDateTime } from "@/lib/domain/format";
import { schoolTimeZone } from "@/lib/env";
import { listNotifications, NOTIFICATIONS_SHOWN } from "@/lib/notify/notifications";

export const metadata: Metadata = { title: "Notifications" };

/** The signed-in user's own notifications (issue 20), newest first; each links to its screen. */
export default async function NotificationsPage() {
  const user = await getSessionUser();
  if (!user) redirect("/");
  const items = await listNotifications(user.id);
  const tz = schoolTimeZone();
  return (
    <AppShell user={user}>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold sm:text-3xl">Notifications</h1>
          <p className="text-ink-muted">
            {user.unread === 0 ? "Nothing unread." : `${user.unread === 100 ? "100 or more" : user.unread} unread.`} The
            newest {NOTIFICATIONS_SHOWN} are listed.
          </p>
          <p className="mt-1 flex flex-wrap gap-x-4 text-sm">
            <a
              href="/notifications/settings"
              className="font-medium text-brand-700 underline underline-offset-2 dark:text-brand-100"
            >
              Notification settings
            </a>
            <a href="/calendar" className="font-medium text-brand-700 underline underline-offset-2 dark:text-brand-100">
              Due dates in your own calendar app
            </a>
          </p>
        </div>
        {user.unread > 0 && <MarkReadForm id="all" label="Mark all as read" />}
      </div>
      {items.length === 0 ? (
        <div className="mt-6">
          <EmptyState
            title="No notifications yet"
            message="Absences, missing work, grades below your threshold, announcements, report cards and teachers' messages show here."
          />
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
                  <span className="mr-2 rounded-full bg-brand-600 px-2 py-0.5 text-xs font-semibold text-white">
                    New
                  </span>
                )}
                <a
                  href={n.href}
                  className="font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-100"
                >
                  {n.title}
                </a>
                {n.detail && <p className="mt-1 whitespace-pre-line text-sm">{n.detail}</p>}
                <p className="text-xs text-ink-muted">{formatDateTime(n.createdAt, tz)}</p>
              </div>
              {!n.read && <MarkReadForm id={n.id} label="Mark read" />}
            </li>
          ))}
        </ul>
      )}
    </AppShell>
  );
}
