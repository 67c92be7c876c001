"use client";

import { useActionState } from "react";
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
  return (
    <section className="rounded-2xl border border-line bg-surface p-4" aria-labelledby="sync-heading">
      <h2 id="sync-heading" className="font-semibold">
        Nightly roster sync
      </h2>
      <p className="mt-1 text-sm text-ink-muted" data-testid="sync-status">
        {sync.dir
          ? `Imports the files in ${sync.dir} every day at ${sync.at} (${sync.timeZone}). The same files are never applied twice; the result is in the import history below, and the admins are e-mailed when a sync is not applied.`
          : "Off. Set ROSTER_SYNC_DIR (and ROSTER_SYNC_AT, default 02:00) to import the files your student information system drops into a folder every night."}
      </p>
      <form action={action} className="mt-3 space-y-3">
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" name="skipInvalid" defaultChecked={sync.skipInvalid} className="size-4" />
          Apply the rest when some rows are invalid (they are skipped and listed)
        </label>
        <div>
          <label htmlFor="sync-deletion-percent" className="block text-sm font-medium">
            Refuse a sync that removes more than this share of people (%)
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
            A sync that would remove an administrator is always refused.
          </p>
        </div>
        <button
          type="submit"
          disabled={pending}
          className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-50"
        >
          Save sync settings
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
