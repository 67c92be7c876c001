"use client";

import { useActionState, useId } from "react";
import { createSchoolAction } from "@/app/district/actions";
import { ActionOutcome } from "@/components/error-banner";
import { PrimaryButton } from "@/components/teacher/form-controls";
import { useTranslations } from "@/components/use-translations";
import { idle } from "@/lib/action-result";

// /district → Add a school (issue 42): the school's name and its first admin. The admin's access
// code comes back once, in this answer only, for the district admin to hand over.

const field = "w-full rounded-lg border border-line bg-surface px-3 py-2 text-sm";

export function AddSchoolForm() {
  const t = useTranslations("district");
  const [state, action, pending] = useActionState(createSchoolAction, idle);
  const id = useId();
  const errors = (!state.ok && state.fieldErrors) || {};
  const input = (name: "name" | "adminName" | "adminUsername", label: string) => (
    <div className="space-y-1">
      <label htmlFor={`${id}-${name}`} className="block text-sm font-medium">
        {label}
      </label>
      <input
        id={`${id}-${name}`}
        name={name}
        required
        maxLength={name === "adminUsername" ? 100 : 200}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `${id}-${name}-error` : undefined}
        className={field}
      />
      {errors[name] && (
        <p id={`${id}-${name}-error`} className="text-sm text-red-700 dark:text-red-300">
          {errors[name][0]}
        </p>
      )}
    </div>
  );
  return (
    <section aria-labelledby={`${id}-heading`} className="mt-8 space-y-3 rounded-2xl border border-line bg-surface p-4">
      <h2 id={`${id}-heading`} className="text-lg font-semibold">
        {t("addHeading")}
      </h2>
      <p className="max-w-prose text-sm text-ink-muted">{t("addHelp")}</p>
      <form action={action} className="grid max-w-xl gap-3 sm:grid-cols-3" data-testid="add-school">
        {input("name", t("name"))}
        {input("adminName", t("adminName"))}
        {input("adminUsername", t("adminUsername"))}
        <div className="sm:col-span-3">
          <PrimaryButton type="submit" disabled={pending}>
            {t("add")}
          </PrimaryButton>
        </div>
      </form>
      <ActionOutcome state={state} />
      {state.ok && state.data && (
        <p className="text-sm" data-testid="new-admin-code">
          <span className="font-mono text-base font-semibold" data-user-text>
            {state.data.code}
          </span>{" "}
          <span className="text-ink-muted">{t("codeOnce")}</span>
        </p>
      )}
    </section>
  );
}
