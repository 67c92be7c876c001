"use client";

import { useActionState } from "react";
import { useTranslations } from "@/components/use-translations";
import { saveSyncPolicyAction } from "@/app/admin/roster-actions";
import { idle } from "@/lib/action-result";

export interface RosterSyncView {
  /** ROSTER_SYNC_DIR, or null when the sync is off. */
  dir: string | null;
  /** HH:MM, school time. */
  at: string;
  timeZone: string;
  skipInvalid: boolean;
  deletionPercent: number;
}

/** /admin → Import & export: the nightly sync's folder and time, and what it may do without a person (issue 29). */
export function RosterSyncSettings({ sync }: { sync: RosterSyncView }) {
  const [state, action, pending] = useActionState(saveSyncPolicyAction, idle);
  const t = useTranslations("adminRoster");
  return (
    <section className="rounded-2xl border border-line bg-surface p-4" aria-labelledby="sync-heading">
      <h2 id="sync-heading" className="font-semibold">
        {t("syncHeading")}
      </h2>
      <p className="mt-1 text-sm text-ink-muted" data-testid="sync-status">
        {sync.dir ? t("syncOn", { dir: sync.dir, at: sync.at, timeZone: sync.timeZone }) : t("syncOff")}
      </p>
      <form action={action} className="mt-3 space-y-3">
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" name="skipInvalid" defaultChecked={sync.skipInvalid} className="size-4" />
          {t("syncSkipInvalid")}
        </label>
        <div>
          <label htmlFor="sync-deletion-percent" className="block text-sm font-medium">
            {t("syncThreshold")}
          </label>
          <input
            id="sync-deletion-percent"
            name="deletionPercent"
            inputMode="decimal"
            required
            maxLength={5}
            defaultValue={String(sync.deletionPercent)}
            aria-describedby="sync-deletion-help"
            className="mt-1 w-24 rounded-md border border-line bg-surface px-2 py-1.5"
          />
          <p id="sync-deletion-help" className="mt-1 text-xs text-ink-muted">
            {t("syncAdminHelp")}
          </p>
        </div>
        <button
          type="submit"
          disabled={pending}
          className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-50"
        >
          {t("syncSave")}
        </button>
        {state.message && (
          <p role={state.ok ? "status" : "alert"} className={`text-sm ${state.ok ? "" : "text-red-700"}`}>
            {state.message}
          </p>
        )}
      </form>
    </section>
  );
}
