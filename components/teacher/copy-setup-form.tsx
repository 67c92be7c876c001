"use client";

import { useActionState } from "react";
import { copySetupAction } from "@/app/level/[levelCode]/update/setup-copy-actions";
import { ActionOutcome } from "@/components/error-banner";
import { Field, PrimaryButton, Select } from "@/components/teacher/form-controls";
import { useTranslations } from "@/components/use-translations";
import type { ActionResult } from "@/lib/action-result";

// Under a class's grading settings (issue 41): copy the set-up of a class of an earlier year (the
// teacher's own; an admin's choice of any), replacing this class's.

const idle: ActionResult = { ok: true };

export function CopySetupForm({
  levelCode,
  sources,
}: {
  levelCode: string;
  sources: { code: string; name: string; year: string }[];
}) {
  const t = useTranslations("years.admin.copy");
  const [state, action, pending] = useActionState(copySetupAction, idle);
  return (
    <section aria-labelledby="copy-setup" className="mt-8 max-w-2xl space-y-3 border-t border-line pt-6">
      <h2 id="copy-setup" className="text-lg font-semibold">
        {t("heading")}
      </h2>
      <p className="text-sm text-ink-muted">{t("help")}</p>
      <form action={action} className="flex flex-wrap items-end gap-3">
        <input type="hidden" name="levelCode" value={levelCode} />
        <Field label={t("source")} htmlFor="copy-setup-source">
          <Select id="copy-setup-source" name="source" defaultValue={sources[0]?.code}>
            {sources.map((s) => (
              <option key={s.code} value={s.code} data-user-text>
                {t("option", { name: s.name, code: s.code, year: s.year })}
              </option>
            ))}
          </Select>
        </Field>
        <PrimaryButton type="submit" disabled={pending}>
          {pending ? t("copying") : t("submit")}
        </PrimaryButton>
      </form>
      <ActionOutcome state={state} />
    </section>
  );
}
