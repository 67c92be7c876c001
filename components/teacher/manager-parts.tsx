"use client";

import { useTransition } from "react";
import { useTranslations } from "@/components/use-translations";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { useToast } from "@/components/toast";
import type { ActionResult } from "@/lib/action-result";
import { PrimaryButton } from "./form-controls";
import { InlineEdit } from "./inline-edit";

// What the teacher's Assignments and Announcements tabs share: the heading with its "New" button,
// each item's card (title and text edited in place), and the delete that asks first, then says
// what happened in a toast.

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
  const t = useTranslations("teacherShared");
  const words =
    noun === "assignment"
      ? { title: t("deleteAssignment"), message: t("confirmAssignment"), done: t("assignmentDeleted") }
      : { title: t("deleteAnnouncement"), message: t("confirmAnnouncement"), done: t("announcementDeleted") };
  const done = words.done;
  return (
    <ConfirmDialog
      open={target !== null}
      onOpenChange={(o) => !o && onClose()}
      title={words.title}
      message={words.message}
      confirmLabel={t("delete")}
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

/** One assignment or announcement: its title edited in place, a line about it, its buttons, its text edited in place. */
export function ManagedPost({
  testId,
  title,
  titleLabel,
  onSaveTitle,
  meta,
  actions,
  actionsClassName,
  text,
  textLabel,
  textClassName,
  onSaveText,
  children,
}: {
  testId: string;
  title: string;
  titleLabel: string;
  onSaveTitle: (title: string) => Promise<boolean>;
  meta: React.ReactNode;
  actions: React.ReactNode;
  actionsClassName: string;
  text: string;
  textLabel: string;
  textClassName: string;
  onSaveText: (text: string) => Promise<boolean>;
  /** Below the text (an announcement's responses). */
  children?: React.ReactNode;
}) {
  return (
    <article className="rounded-2xl border border-line bg-surface p-5 shadow-sm" data-testid={testId}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-48 flex-1">
          <InlineEdit value={title} label={titleLabel} className="text-lg font-semibold" onSave={onSaveTitle} />
          <p className="text-sm text-ink-muted">{meta}</p>
        </div>
        <div className={actionsClassName}>{actions}</div>
      </div>
      <div className={textClassName}>
        <InlineEdit value={text} label={textLabel} multiline className="whitespace-pre-line" onSave={onSaveText} />
      </div>
      {children}
    </article>
  );
}
