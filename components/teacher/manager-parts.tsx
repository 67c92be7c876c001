"use client";

import { useTransition } from "react";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { useToast } from "@/components/toast";
import type { ActionResult } from "@/lib/action-result";
import { PrimaryButton } from "./form-controls";

// What the teacher's Assignments and Announcements tabs share: the heading with its "New" button,
// and the delete that asks first, then says what happened in a toast.

export function ManagerHeader({ title, newLabel, onNew }: { title: string; newLabel: string; onNew: () => void }) {
  return (
    <div className="mb-4 flex justify-between gap-3">
      <h2 className="text-lg font-semibold">{title}</h2>
      <PrimaryButton onClick={onNew}>{newLabel}</PrimaryButton>
    </div>
  );
}

/** "Delete assignment" / "Are you sure you want to delete this assignment?", then "Assignment deleted" or why not. */
export function ConfirmDelete<T>({
  noun,
  target,
  onClose,
  remove,
}: {
  noun: "assignment" | "announcement";
  /** The item asked about; null: the dialog is closed. */
  target: T | null;
  onClose: () => void;
  remove: (target: T) => Promise<ActionResult>;
}) {
  const [, start] = useTransition();
  const toast = useToast();
  const done = `${noun[0]!.toUpperCase()}${noun.slice(1)} deleted`;
  return (
    <ConfirmDialog
      open={target !== null}
      onOpenChange={(o) => !o && onClose()}
      title={`Delete ${noun}`}
      message={`Are you sure you want to delete this ${noun}?`}
      confirmLabel="Delete"
      onConfirm={() => {
        if (target === null) return;
        start(async () => {
          const res = await remove(target);
          toast(res.ok ? done : res.message, res.ok ? "success" : "error");
        });
      }}
    />
  );
}
