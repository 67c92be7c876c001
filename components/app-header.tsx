import { signOut } from "@/app/auth/actions";
import type { SessionUser } from "@/lib/auth/session";
import { SessionCountdown } from "./session-countdown";

export function AppHeader({ user }: { user: SessionUser }) {
  return (
    <header className="border-b border-line bg-surface">
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-3 px-4 py-3">
        <a href="/" className="text-lg font-semibold text-brand-700 dark:text-brand-100">
          Classroom Portal
        </a>
        <div className="flex items-center gap-3">
          <span aria-hidden className="grid h-9 w-9 place-items-center rounded-full bg-brand-600 font-semibold text-white">
            {user.name.trim().charAt(0).toUpperCase()}
          </span>
          <div className="hidden text-sm leading-tight sm:block">
            <div className="font-medium" data-testid="header-name">{user.name}</div>
            <div className="text-ink-muted">@{user.username}</div>
          </div>
          <div className="text-sm text-ink-muted" title="Time left in this session">
            <SessionCountdown expiresAt={user.expiresAt} serverNow={Date.now()} />
          </div>
          <form action={signOut}>
            <button type="submit" className="rounded-lg border border-line px-3 py-1.5 text-sm font-medium hover:bg-surface-muted">
              Logout
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
