import type { ActionResult } from "@/lib/action-result";

/**
 * A settings form's submit button and, beside it, what the save answered (status when it worked,
 * alert when not), as the language, notification-preference and unsubscribe forms show them.
 */
export function SaveWithStatus({ label, pending, state }: { label: string; pending: boolean; state: ActionResult }) {
  return (
    <>
      <button
        type="submit"
        disabled={pending}
        className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700"
      >
        {label}
      </button>
      {state.message && (
        <span role={state.ok ? "status" : "alert"} className={`text-sm ${state.ok ? "" : "text-red-700"}`}>
          {state.message}
        </span>
      )}
    </>
  );
}
