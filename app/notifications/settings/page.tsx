import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { AppShell } from "@/components/app-header";
import { LanguageForm } from "@/components/notifications/language-form";
import { PreferencesForm } from "@/components/notifications/preferences-form";
import { getT, requestLocale } from "@/lib/i18n/request-locale";
import { intlLocaleOf } from "@/lib/i18n/locales";
import { getSessionUser } from "@/lib/auth/session";
import { DIGEST_HOUR } from "@/lib/domain/notify-events";
import { mailSettings } from "@/lib/mail/transport";
import { choosesNotifications, emailOnFile, loadPreferences } from "@/lib/notify/preferences";
import { PageMessages } from "@/components/page-messages";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getT("settings"))("title") };
}

/** One's own notification choices (issue 20): per event, immediately, a daily or weekly digest, or off. */
export default async function NotificationSettingsPage() {
  const user = await getSessionUser();
  if (!user) redirect("/");
  const chooses = choosesNotifications(user.role);
  const [prefs, email] = await Promise.all([chooses ? loadPreferences(user.id) : null, emailOnFile(user.id)]);
  const mail = mailSettings();
  const t = await getT("settings");
  const locale = await requestLocale();
  return (
    <AppShell user={user}>
      <h1 className="text-2xl font-semibold sm:text-3xl">{t("title")}</h1>
      <p className="mt-1 max-w-2xl text-ink-muted">{t("intro", { hour: DIGEST_HOUR })}</p>
      <p className="mt-3 text-sm" data-testid="mail-state">
        {!mail.enabled ? t("mailOff") : email ? t("mailTo", { email }) : t("noEmail")}
      </p>
      <PageMessages namespaces={["settings"]}>
        <div className="mt-6">
          <LanguageForm current={intlLocaleOf(locale)} />
        </div>
        {prefs ? (
          <div className="mt-6">
            <PreferencesForm prefs={prefs} />
          </div>
        ) : (
          <p className="mt-6 text-sm">{t("nothingToChoose")}</p>
        )}
      </PageMessages>
      <p className="mt-6 text-sm">
        <a
          href="/notifications"
          className="font-medium text-brand-700 underline underline-offset-2 dark:text-brand-100"
        >
          {t("back")}
        </a>
      </p>
    </AppShell>
  );
}
