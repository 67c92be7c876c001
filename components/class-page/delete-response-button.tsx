"use client";

import { useState, useTransition } from "react";
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
  const [confirming, setConfirming] = useState(false);
  const [pending, start] = useTransition();
  const toast = useToast();
  return (
    <>
      <button
        type="button"
        onClick={() => setConfirming(true)}
        disabled={pending}
        aria-label={`Delete response: ${label}`}
        className="rounded-lg border border-line px-2 py-0.5 text-xs font-medium text-red-700 hover:bg-red-50 disabled:opacity-60 dark:text-red-300 dark:hover:bg-red-950"
      >
        Delete
      </button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Delete response"
        message="Are you sure you want to delete this response?"
        confirmLabel="Delete"
        onConfirm={() =>
          start(async () => {
            const res = await deleteResponse({ levelCode, responseId });
            toast(res.ok ? "Response deleted" : res.message, res.ok ? "success" : "error");
          })
        }
      />
    </>
  );
}
