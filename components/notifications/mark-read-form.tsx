"use client";

import { useActionState } from "react";
import { markNotificationsReadAction } from "@/app/notifications/actions";
import { idle } from "@/lib/action-result";

/** "Mark all as read" (id "all") or one notification's "Mark read", with the action's answer. */
export function MarkReadForm({ id, label }: { id: number | "all"; label: string }) {
  const [state, action, pending] = useActionState(markNotificationsReadAction, idle);
  return (
    <form action={action} className="inline-flex items-center gap-2">
      <input type="hidden" name="id" value={String(id)} />
      <button
        type="submit"
        disabled={pending}
        className="rounded-lg border border-line px-3 py-1.5 text-sm font-medium hover:bg-surface-muted"
      >
        {label}
      </button>
      {state.message && (
        <span role={state.ok ? "status" : "alert"} className="text-sm text-ink-muted">
          {state.message}
        </span>
      )}
    </form>
  );
}
