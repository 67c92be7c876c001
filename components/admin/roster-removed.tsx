"use client";

import { useState, useTransition } from "react";
import { useTranslations } from "@/components/use-translations";
import { restoreRosterRemovedAction } from "@/app/admin/roster-actions";
import { SecondaryButton } from "@/components/teacher/form-controls";
import { useToast } from "@/components/toast";

/**
 * "Removed by the roster on <date>" beside a person or class the roster removed but kept for its
 * records (decision 012), with a Restore button. A restored person's new access code is shown
 * here once.
 */
export function RosterRemovedMarker({
  kind,
  id,
  name,
  on,
}: {
  kind: "user" | "class";
  id: number;
  name: string;
  /** The day of the removal, formatted in the school's time zone. */
  on: string;
}) {
  const [restored, setRestored] = useState<{ code: string | null } | null>(null);
  const [pending, start] = useTransition();
  const toast = useToast();
  const t = useTranslations("adminUser");
  if (restored)
    return (
      <span role="status" className="text-sm text-emerald-700 dark:text-emerald-300" data-testid="roster-restored">
        {t("restored")}
        {restored.code && (
          <>
            {" "}
            · {t("accessCode")}{" "}
            <strong className="font-mono" data-user-text>
              {restored.code}
            </strong>
          </>
        )}
      </span>
    );
  return (
    <span className="inline-flex flex-wrap items-center gap-2 text-sm font-normal" data-testid="roster-removed">
      <span className="rounded-md border border-amber-600 bg-amber-50 px-2 py-0.5 text-amber-900 dark:bg-amber-950 dark:text-amber-100">
        {t("removedOn", { on })}
      </span>
      <SecondaryButton
        disabled={pending}
        onClick={() =>
          start(async () => {
            const res = await restoreRosterRemovedAction({ kind, id });
            if (res.ok) {
              setRestored({ code: res.data?.code ?? null });
              toast(res.message ?? t("restoredName", { name }), "success");
            } else toast(res.message, "error");
          })
        }
      >
        {t("restore")}
        <span className="sr-only" data-user-text>
          {" "}
          {name}
        </span>
      </SecondaryButton>
    </span>
  );
}
