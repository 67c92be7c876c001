"use client";

import { useActionState } from "react";
import { eraseDepartedAction } from "@/app/admin/records-actions";
import { ActionOutcome } from "@/components/error-banner";
import { Field, SecondaryButton, TextInput } from "@/components/teacher/form-controls";
import { idle } from "@/lib/action-result";

/**
 * The typed confirmation of /admin/records: the admin types how many students the list shows. The
 * words come from the page (years.records, server-rendered), so this form adds no namespace.
 */
export function EraseDepartedForm({
  labels,
  listed,
}: {
  labels: { confirm: string; help: string; erase: string; erasing: string };
  /** The ids of the students the page lists: the erasure takes exactly these or refuses. */
  listed: readonly number[];
}) {
  const [state, action, pending] = useActionState(eraseDepartedAction, idle);
  return (
    <form action={action} className="space-y-3 rounded-2xl border border-line bg-surface p-4">
      <ActionOutcome state={state} />
      <input type="hidden" name="listed" value={listed.join(",")} />
      <Field label={labels.confirm} htmlFor="erase-confirm" hint={labels.help}>
        <TextInput
          id="erase-confirm"
          name="confirm"
          inputMode="numeric"
          autoComplete="off"
          required
          maxLength={20}
          className="max-w-40"
        />
      </Field>
      <SecondaryButton type="submit" tone="danger" disabled={pending}>
        {pending ? labels.erasing : labels.erase}
      </SecondaryButton>
    </form>
  );
}
