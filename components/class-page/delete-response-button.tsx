"use client";

import { useState, useTransition } from "react";
import { useTranslations } from "@/components/use-translations";
import { deleteResponse } from "@/app/level/[levelCode]/update/response-actions";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { useToast } from "@/components/toast";

/** The class's teacher removes a response (audited on the server), after confirming. */
export function DeleteResponseButton({
  levelCode,
  responseId,
  label,
}: {
  levelCode: string;
  responseId: number;
  label: string;
}) {
  const t = useTranslations("classPage");
  const [confirming, setConfirming] = useState(false);
  const [pending, start] = useTransition();
  const toast = useToast();
  return (
    <>
      <button
        type="button"
        onClick={() => setConfirming(true)}
        disabled={pending}
        aria-label={t("updates.deleteLabel", { label })}
        className="rounded-lg border border-line px-2 py-0.5 text-xs font-medium text-red-700 hover:bg-red-50 disabled:opacity-60 dark:text-red-300 dark:hover:bg-red-950"
      >
        {t("updates.delete")}
      </button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t("updates.deleteTitle")}
        message={t("updates.deleteConfirm")}
        confirmLabel={t("updates.delete")}
        onConfirm={() =>
          start(async () => {
            const res = await deleteResponse({ levelCode, responseId });
            toast(res.ok ? t("actions.responseDeleted") : res.message, res.ok ? "success" : "error");
          })
        }
      />
    </>
  );
}
