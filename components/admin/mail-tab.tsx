"use client";

import { useActionState } from "react";
import { useTranslations } from "@/components/use-translations";
import { sendTestMailAction } from "@/app/admin/mail-actions";
import { idle } from "@/lib/action-result";
import type { MailStatus } from "@/lib/notify/mail-status";

/** /admin → E-mail: whether e-mail is on, the queue's state, and a test message. */
export function MailTab({
  status,
  defaultTo,
}: {
  /** offReason written in the reader's language by the page. */
  status: Omit<MailStatus, "offReason"> & { offReason: string | null };
  defaultTo: string;
}) {
  const [state, action, pending] = useActionState(sendTestMailAction, idle);
  const t = useTranslations("adminMail");
  return (
    <div className="space-y-6">
      {/* Not a named region: the tab panel around it is already the landmark "E-mail" (axe landmark-unique). */}
      <section>
        <h2 id="mail-state" className="text-lg font-semibold">
          {t("heading")}
        </h2>
        {status.enabled ? (
          <p className="mt-1 text-sm" data-testid="mail-status">
            {t("on", { server: status.server ?? "", from: status.from ?? "" })}
          </p>
        ) : (
          <p className="mt-1 text-sm" data-testid="mail-status">
            {status.offReason} {t("offTail")}
          </p>
        )}
        <dl className="mt-3 grid max-w-md grid-cols-2 gap-x-4 gap-y-1 text-sm">
          <dt className="text-ink-muted">{t("waiting")}</dt>
          <dd data-testid="mail-queued">{status.queued}</dd>
          <dt className="text-ink-muted">{t("sentToday")}</dt>
          <dd>{status.sentToday}</dd>
          <dt className="text-ink-muted">{t("failed")}</dt>
          <dd>{status.failed}</dd>
        </dl>
        {status.lastError && (
          <p className="mt-2 text-sm text-red-700">
            {t.rich("lastFailure", { error: () => <span data-user-text>{status.lastError}</span> })}
          </p>
        )}
      </section>
      <section aria-labelledby="mail-test">
        <h2 id="mail-test" className="text-lg font-semibold">
          {t("testHeading")}
        </h2>
        <form action={action} className="mt-2 flex flex-wrap items-end gap-3">
          <div>
            <label htmlFor="mail-test-to" className="block text-sm font-medium">
              {t("to")}
            </label>
            <input
              id="mail-test-to"
              name="to"
              type="email"
              required
              maxLength={254}
              defaultValue={defaultTo}
              className="mt-1 w-72 rounded-md border border-line bg-surface px-2 py-1.5"
            />
          </div>
          <button
            type="submit"
            disabled={pending || !status.enabled}
            className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-50"
          >
            {t("send")}
          </button>
        </form>
        {state.message && (
          <p role={state.ok ? "status" : "alert"} className={`mt-2 text-sm ${state.ok ? "" : "text-red-700"}`}>
            {state.message}
          </p>
        )}
      </section>
    </div>
  );
}
