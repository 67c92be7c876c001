import { AppShell } from "@/components/app-header";
import { BlockedScreen } from "@/components/states";
import type { AccessDenied } from "@/lib/auth/guards";
import type { SessionUser } from "@/lib/auth/session";
import { getT } from "@/lib/i18n/request-locale";
import { translateRefusal } from "@/lib/i18n/refusal";

/** 'Class Not Found' or 'Access Denied' with the refusal's message (spec §2, §8). */
export async function blockedScreen(user: SessionUser, err: AccessDenied): Promise<React.ReactNode> {
  const t = await getT("states");
  const message = await translateRefusal(err.message);
  return (
    <AppShell user={user}>
      {err.reason === "not-found" ? (
        <BlockedScreen title={t("classNotFoundTitle")} message={t("classNotFound")} />
      ) : (
        <BlockedScreen title={t("accessDenied")} message={message} />
      )}
    </AppShell>
  );
}
