import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { AppShell } from "@/components/app-header";
import { PreferencesForm } from "@/components/notifications/preferences-form";
import { getSessionUser } from "@/lib/auth/session";
import { DIGEST_HOUR } from "@/lib/domain/notify-events";
import { mailSettings } from "@/lib/mail/transport";
import { choosesNotifications, emailOnFile, loadPreferences } from "@/lib/notify/preferences";

export const metadata: Metadata = { title: "Notification settings" };

/** One's own notification choices (issue 20): per event, immediately, a daily or weekly digest, or off. */
export default async function NotificationSettingsPage() {
  const user = await getSessionUser();
  if (!user) redirect("/");
  const chooses = choosesNotifications(user.role);
  const [prefs, email] = await Promise.all([chooses ? loadPreferences(user.id) : null, emailOnFile(user.id)]);
  const mail = mailSettings();
  return (
    <AppShell user={user}>
      <h1 className="text-2xl font-semibold sm:text-3xl">Notification settings</h1>
      <p className="mt-1 max-w-2xl text-ink-muted">
        Everything you choose to hear about appears under Notifications. E-mails go out as it happens, or gathered into
        one summary a day (at {DIGEST_HOUR}:00) or a week (Fridays at {DIGEST_HOUR}:00).
      </p>
      <p className="mt-3 text-sm" data-testid="mail-state">
        {!mail.enabled
          ? "This school does not send e-mail yet: notifications appear in the portal only."
          : email
            ? `E-mails go to ${email}. The school office can change this address.`
            : "The school has no e-mail address for you: notifications appear in the portal only. The school office can add one."}
      </p>
      {prefs ? (
        <div className="mt-6">
          <PreferencesForm prefs={prefs} />
        </div>
      ) : (
        <p className="mt-6 text-sm">Notifications are about students: there is nothing to choose for your account.</p>
      )}
      <p className="mt-6 text-sm">
        <a
          href="/notifications"
          className="font-medium text-brand-700 underline underline-offset-2 dark:text-brand-100"
        >
          Back to notifications
        </a>
      </p>
    </AppShell>
  );
}
