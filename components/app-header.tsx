import type { SessionUser } from "@/lib/auth/session";
import { AppHeader } from "./header-bar";

export function AppShell({ user, children }: { user: SessionUser; children: React.ReactNode }) {
  return (
    <>
      <AppHeader user={{ name: user.name, username: user.username, unread: user.unread, expiresAt: user.expiresAt, serverNow: Date.now() }} />
      <main className="mx-auto max-w-6xl px-4 py-6">{children}</main>
    </>
  );
}
