"use client";

import { useActionState } from "react";
import { useTranslations } from "@/components/use-translations";
import { setTermCommentAction } from "@/app/level/[levelCode]/update/term-grade-actions";
import { setTermOverrideAction } from "@/app/level/[levelCode]/update/term-grade-actions";
import { useGradeNumbers } from "@/components/grade-numbers";
import { keepFieldsSubmit } from "@/components/keep-fields-submit";
import { SCORE_INPUT } from "@/components/score-input";
import type { ActionResult } from "@/lib/action-result";

// The Term grades page's two forms per student: the override (a percent and a required reason,
// private to staff unless shared, and an optional note to the family; blank to remove) and the
// report-card comment. Both name one student, class and term.
const idle: ActionResult = { ok: true };
const input = "rounded-lg border border-line bg-surface px-2 py-1 text-sm";

interface Row {
  levelCode: string;
  studentId: number;
  studentName: string;
  termId: number;
}

/** One student's row form: the ids as hidden fields, the inputs, Save and the action's answer. */
function TermRowForm({
  row,
  action,
  state,
  pending,
  what,
  children,
}: {
  row: Row;
  action: (data: FormData) => void;
  state: ActionResult;
  pending: boolean;
  /** What Save saves, for a screen reader: "override for Ava Johnson". */
  what: string;
  children: React.ReactNode;
}) {
  const t = useTranslations("grades");
  return (
    <form className="flex flex-wrap items-center gap-2" onSubmit={keepFieldsSubmit(action)}>
      <input type="hidden" name="levelCode" value={row.levelCode} />
      <input type="hidden" name="studentId" value={row.studentId} />
      <input type="hidden" name="termId" value={row.termId} />
      {children}
      <button
        type="submit"
        disabled={pending}
        className="rounded-lg border border-line px-3 py-1 text-sm font-medium hover:bg-surface-muted"
      >
        {pending ? t("shared.saving") : t("shared.save")}
        <span className="sr-only"> {what}</span>
      </button>
      {state.message && (
        <span
          role={state.ok ? "status" : "alert"}
          className={`text-xs ${state.ok ? "text-emerald-800 dark:text-emerald-200" : "text-red-700 dark:text-red-300"}`}
        >
          {state.message}
        </span>
      )}
    </form>
  );
}

export function OverrideForm({
  current,
  ...row
}: Row & { current: { percent: number; reason: string; shared?: boolean; note?: string | null } | null }) {
  const [state, action, pending] = useActionState(setTermOverrideAction, idle);
  const t = useTranslations("grades.term");
  const { number } = useGradeNumbers(); // the reader's digits, "87,5"
  const name = row.studentName;
  return (
    <TermRowForm row={row} action={action} state={state} pending={pending} what={t("saveOverrideFor", { name })}>
      <input
        className={`${input} w-20 tabular-nums`}
        name="percent"
        {...SCORE_INPUT}
        defaultValue={current ? number(current.percent) : ""}
        aria-label={t("percentFor", { name })}
        placeholder="%"
      />
      <input
        className={`${input} w-56`}
        name="reason"
        maxLength={500}
        defaultValue={current?.reason ?? ""}
        aria-label={t("reasonFor", { name })}
        placeholder={t("reason")}
      />
      {/* Issue 27: the reason is a note to colleagues unless the teacher shares it; the note is for the family. */}
      <label className="flex items-center gap-1 text-xs text-ink-muted">
        <input type="checkbox" name="shared" className="h-4 w-4" defaultChecked={current?.shared ?? false} />
        {t("shared")}
      </label>
      <input
        className={`${input} w-56`}
        name="note"
        maxLength={500}
        defaultValue={current?.note ?? ""}
        aria-label={t("noteFor", { name })}
        placeholder={t("note")}
      />
    </TermRowForm>
  );
}

/** The student's report-card comment for the term; suggestions come from the teacher's comment bank (a datalist on the page). */
export function CommentForm({ current, ...row }: Row & { current: string | null }) {
  const [state, action, pending] = useActionState(setTermCommentAction, idle);
  const t = useTranslations("grades.term");
  return (
    <TermRowForm
      row={row}
      action={action}
      state={state}
      pending={pending}
      what={t("saveCommentFor", { name: row.studentName })}
    >
      <input
        className={`${input} min-w-0 flex-1`}
        name="comment"
        list="comment-bank"
        maxLength={1000}
        defaultValue={current ?? ""}
        aria-label={t("commentFor", { name: row.studentName })}
        placeholder={t("comment")}
      />
      <label className="flex items-center gap-1 text-xs text-ink-muted">
        <input type="checkbox" name="bank" className="h-4 w-4" />
        {t("bank")}
      </label>
    </TermRowForm>
  );
}
