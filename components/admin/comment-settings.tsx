"use client";

import { useActionState } from "react";
import { useTranslations } from "@/components/use-translations";
import { saveCommentSettingsAction } from "@/app/admin/guardian-actions";
import { idle } from "@/lib/action-result";

/** /admin → Parents: whether linked guardians read the private comments on their child's work (issue 44). */
export function CommentSettingsForm({ settings }: { settings: { guardiansReadPrivateComments: boolean } }) {
  const [state, action, pending] = useActionState(saveCommentSettingsAction, idle);
  const t = useTranslations("privateComments");
  return (
    <section
      className="mb-4 rounded-2xl border border-line bg-surface p-4"
      aria-labelledby="comment-settings-heading"
      data-testid="comment-settings"
    >
      <h2 id="comment-settings-heading" className="font-semibold">
        {t("settings.heading")}
      </h2>
      <form action={action} className="mt-2 space-y-3">
        <label className="flex items-start gap-2 text-sm">
          <input
            type="checkbox"
            name="guardiansReadPrivateComments"
            defaultChecked={settings.guardiansReadPrivateComments}
            aria-describedby="comment-settings-help"
            className="mt-0.5 size-4 shrink-0"
          />
          {t("settings.guardiansRead")}
        </label>
        <p id="comment-settings-help" className="text-xs text-ink-muted">
          {t("settings.help")}
        </p>
        <button
          type="submit"
          disabled={pending}
          className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-50"
        >
          {t("settings.save")}
        </button>
        <p role="status" aria-live="polite" className={`text-sm ${state.ok ? "" : "text-red-700"}`}>
          {state.message ?? ""}
        </p>
      </form>
    </section>
  );
}
