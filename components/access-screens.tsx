import { AppShell } from "@/components/app-header";
import { BlockedScreen } from "@/components/states";
import type { AccessDenied } from "@/lib/auth/guards";
import type { SessionUser } from "@/lib/auth/session";
import { MSG } from "@/lib/domain/messages";

/** 'Class Not Found' or 'Access Denied' with the refusal's message (spec §2, §8). */
export function blockedScreen(user: SessionUser, err: AccessDenied): React.ReactNode {
  return (
    <AppShell user={user}>
      {err.reason === "not-found" ? (
        <BlockedScreen title={MSG.classNotFoundTitle} message={MSG.classNotFound} />
      ) : (
        <BlockedScreen title={MSG.accessDenied} message={err.message} />
      )}
    </AppShell>
  );
}
