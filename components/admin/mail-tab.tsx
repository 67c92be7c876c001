"use client";

import { useActionState } from "react";
import { sendTestMailAction } from "@/app/admin/mail-actions";
import { idle } from "@/lib/action-result";
import type { MailStatus } from "@/lib/notify/mail-status";

/** /admin → E-mail: whether e-mail is on, the queue's state, and a test message. */
export function MailTab({ status, defaultTo }: { status: MailStatus; defaultTo: string }) {
  const [state, action, pending] = useActionState(sendTestMailAction, idle);
  return (
    <div className="space-y-6">
      {/* Not a named region: the tab panel around it is already the landmark "E-mail" (axe landmark-unique). */}
      <section>
        <h2 id="mail-state" className="text-lg font-semibold">
          E-mail
        </h2>
        {status.enabled ? (
          <p className="mt-1 text-sm" data-testid="mail-status">
            E-mail is on: sent through {status.server} from {status.from}.
          </p>
        ) : (
          <p className="mt-1 text-sm" data-testid="mail-status">
            {status.offReason} Students and families still see every notification in the portal.
          </p>
        )}
        <dl className="mt-3 grid max-w-md grid-cols-2 gap-x-4 gap-y-1 text-sm">
          <dt className="text-ink-muted">E-mails waiting</dt>
          <dd data-testid="mail-queued">{status.queued}</dd>
          <dt className="text-ink-muted">Sent in the last 24 hours</dt>
          <dd>{status.sentToday}</dd>
          <dt className="text-ink-muted">Given up (last 30 days)</dt>
          <dd>{status.failed}</dd>
        </dl>
        {status.lastError && <p className="mt-2 text-sm text-red-700">Last failure: {status.lastError}</p>}
      </section>
      <section aria-labelledby="mail-test">
        <h2 id="mail-test" className="text-lg font-semibold">
          Send a test e-mail
        </h2>
        <form action={action} className="mt-2 flex flex-wrap items-end gap-3">
          <div>
            <label htmlFor="mail-test-to" className="block text-sm font-medium">
              To
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
            Send test e-mail
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
