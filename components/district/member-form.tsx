"use client";

import { useActionState, useId } from "react";
import { addMembershipAction, removeMembershipAction } from "@/app/district/actions";
import { ActionOutcome } from "@/components/error-banner";
import { PrimaryButton } from "@/components/teacher/form-controls";
import { useTranslations } from "@/components/use-translations";
import { idle } from "@/lib/action-result";

// /district → Add a person to a school, and Take a person out of a school (issue 42): someone of
// the district joins another school, or leaves one of theirs. The same two fields either way.

const field = "w-full rounded-lg border border-line bg-surface px-3 py-2 text-sm";

const MODES = {
  add: { action: addMembershipAction, heading: "memberHeading", help: "memberHelp", submit: "memberAdd" },
  remove: {
    action: removeMembershipAction,
    heading: "memberRemoveHeading",
    help: "memberRemoveHelp",
    submit: "memberRemove",
  },
} as const;

export function MemberForm({ schools, mode }: { schools: { id: number; name: string }[]; mode: keyof typeof MODES }) {
  const t = useTranslations("district");
  const words = MODES[mode];
  const [state, action, pending] = useActionState(words.action, idle);
  const id = useId();
  return (
    <section aria-labelledby={`${id}-heading`} className="mt-8 space-y-3 rounded-2xl border border-line bg-surface p-4">
      <h2 id={`${id}-heading`} className="text-lg font-semibold">
        {t(words.heading)}
      </h2>
      <p className="max-w-prose text-sm text-ink-muted">{t(words.help)}</p>
      <form action={action} className="grid max-w-xl gap-3 sm:grid-cols-2" data-testid={`${mode}-member`}>
        <div className="space-y-1">
          <label htmlFor={`${id}-username`} className="block text-sm font-medium">
            {t("memberUsername")}
          </label>
          <input id={`${id}-username`} name="username" required maxLength={100} className={field} />
        </div>
        <div className="space-y-1">
          <label htmlFor={`${id}-school`} className="block text-sm font-medium">
            {t("memberSchool")}
          </label>
          <select id={`${id}-school`} name="school" className={field}>
            {schools.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </select>
        </div>
        <div className="sm:col-span-2">
          <PrimaryButton type="submit" disabled={pending}>
            {t(words.submit)}
          </PrimaryButton>
        </div>
      </form>
      <ActionOutcome state={state} />
    </section>
  );
}
