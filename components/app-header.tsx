import { signOut } from "@/app/auth/actions";
import type { SessionUser } from "@/lib/auth/session";
import { SchoolSwitcher } from "./school-switcher";
import { SessionCountdown } from "./session-countdown";
import Link from "next/link";
import { getT } from "@/lib/i18n/request-locale";

export async function AppHeader({ user }: { user: SessionUser }) {
  const t = await getT("header");
  const appName = (await getT("common"))("appName");
  return (
    <header className="border-b border-line bg-surface">
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-3 px-4 py-3">
        <Link href="/" className="text-lg font-semibold text-brand-700 dark:text-brand-100">
          {appName}
        </Link>
        <div className="flex flex-wrap items-center justify-end gap-3">
          <SchoolSwitcher user={user} />
          <a
            href="/notifications"
            className="relative grid h-9 w-9 place-items-center rounded-full border border-line hover:bg-surface-muted"
            aria-label={
              user.unread === 0
                ? t("notificationsNone")
                : t("notificationsUnread", { count: user.unread === 100 ? t("hundredOrMore") : user.unread })
            }
            data-testid="notification-bell"
          >
            <svg
              aria-hidden
              viewBox="0 0 24 24"
              className="h-5 w-5"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
              strokeLinejoin="round"
            >
              <path d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
              <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
            </svg>
            {user.unread > 0 && (
              <span
                aria-hidden
                className="absolute -end-1 -top-1 min-w-5 rounded-full bg-red-700 px-1 text-center text-xs font-semibold leading-5 text-white"
              >
                {user.unread >= 100 ? "99+" : user.unread}
              </span>
            )}
          </a>
          <span
            aria-hidden
            className="grid h-9 w-9 place-items-center rounded-full bg-brand-600 font-semibold text-white"
            data-user-text
          >
            {user.name.trim().charAt(0).toUpperCase()}
          </span>
          <div className="hidden text-sm leading-tight sm:block">
            <div className="font-medium" data-testid="header-name" data-user-text>
              {user.name}
            </div>
            <div className="text-ink-muted" data-user-text>
              @{user.username}
            </div>
          </div>
          <div className="text-sm text-ink-muted" title={t("timeLeft")}>
            {/* eslint-disable-next-line react-hooks/purity -- rendered on the server once per request: the
                countdown needs the server's clock at that moment to correct for the browser's. */}
            <SessionCountdown expiresAt={user.expiresAt} serverNow={Date.now()} />
          </div>
          <form action={signOut}>
            <button
              type="submit"
              className="rounded-lg border border-line px-3 py-1.5 text-sm font-medium hover:bg-surface-muted"
            >
              {t("logout")}
            </button>
          </form>
        </div>
      </div>
    </header>
  );
}

export function AppShell({ user, children }: { user: SessionUser; children: React.ReactNode }) {
  return (
    <>
      <AppHeader user={user} />
      <main className="mx-auto max-w-6xl px-4 py-6">{children}</main>
    </>
  );
}
