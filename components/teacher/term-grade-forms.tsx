"use client";

import { startTransition, useActionState } from "react";
import { setTermCommentAction } from "@/app/level/[levelCode]/update/comment-actions";
import { setTermOverrideAction } from "@/app/level/[levelCode]/update/override-actions";
import type { ActionResult } from "@/lib/action-result";

// One student's term-grade override: a percent and the reason (required), or blank to remove.
const idle: ActionResult = { ok: true };
const input = "rounded-lg border border-line bg-surface px-2 py-1 text-sm";

export function OverrideForm({ levelCode, studentId, studentName, termId, current }: { levelCode: string; studentId: number; studentName: string; termId: number; current: { percent: number; reason: string } | null }) {
  const [state, action, pending] = useActionState(setTermOverrideAction, idle);
  return (
    <form
      className="flex flex-wrap items-center gap-2"
      onSubmit={(e) => {
        e.preventDefault(); // dispatched by hand so a refusal keeps what was typed
        const data = new FormData(e.currentTarget);
        startTransition(() => action(data));
      }}
    >
      <input type="hidden" name="levelCode" value={levelCode} />
      <input type="hidden" name="studentId" value={studentId} />
      <input type="hidden" name="termId" value={termId} />
      <input className={`${input} w-20 tabular-nums`} name="percent" inputMode="decimal" defaultValue={current?.percent ?? ""} aria-label={`Override percent for ${studentName}`} placeholder="%" />
      <input className={`${input} w-56`} name="reason" maxLength={500} defaultValue={current?.reason ?? ""} aria-label={`Reason for ${studentName}'s override`} placeholder="Reason" />
      <button type="submit" disabled={pending} className="rounded-lg border border-line px-3 py-1 text-sm font-medium hover:bg-surface-muted">
        {pending ? "Saving..." : "Save"}
        <span className="sr-only"> override for {studentName}</span>
      </button>
      {state.message && (
        <span role={state.ok ? "status" : "alert"} className={`text-xs ${state.ok ? "text-emerald-800 dark:text-emerald-200" : "text-red-700 dark:text-red-300"}`}>
          {state.message}
        </span>
      )}
    </form>
  );
}

/** The student's report-card comment for the term; suggestions come from the teacher's comment bank (a datalist on the page). */
export function CommentForm({ levelCode, studentId, studentName, termId, current }: { levelCode: string; studentId: number; studentName: string; termId: number; current: string | null }) {
  const [state, action, pending] = useActionState(setTermCommentAction, idle);
  return (
    <form
      className="flex flex-wrap items-center gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        const data = new FormData(e.currentTarget);
        startTransition(() => action(data));
      }}
    >
      <input type="hidden" name="levelCode" value={levelCode} />
      <input type="hidden" name="studentId" value={studentId} />
      <input type="hidden" name="termId" value={termId} />
      <input
        className={`${input} min-w-0 flex-1`}
        name="comment"
        list="comment-bank"
        maxLength={1000}
        defaultValue={current ?? ""}
        aria-label={`Report-card comment for ${studentName}`}
        placeholder="Comment for the report card ({first name} works)"
      />
      <label className="flex items-center gap-1 text-xs text-ink-muted">
        <input type="checkbox" name="bank" className="h-4 w-4" />
        Add to my comment bank
      </label>
      <button type="submit" disabled={pending} className="rounded-lg border border-line px-3 py-1 text-sm font-medium hover:bg-surface-muted">
        {pending ? "Saving..." : "Save"}
        <span className="sr-only"> comment for {studentName}</span>
      </button>
      {state.message && (
        <span role={state.ok ? "status" : "alert"} className={`text-xs ${state.ok ? "text-emerald-800 dark:text-emerald-200" : "text-red-700 dark:text-red-300"}`}>
          {state.message}
        </span>
      )}
    </form>
  );
}
