"use client";

import { useActionState, useEffect, useState, useTransition } from "react";
import { useTranslations } from "@/components/use-translations";
import {
  createAnnouncement,
  deleteAnnouncement,
  editAnnouncement,
} from "@/app/level/[levelCode]/update/announcement-actions";
import { ErrorBanner } from "@/components/error-banner";
import { Modal } from "@/components/modal";
import { EmptyState } from "@/components/states";
import { useToast } from "@/components/toast";
import type { ActionResult } from "@/lib/action-result";
import { MoreResponses, ResponseList, type UpdateView } from "@/components/class-page/update-list";
import { ConfirmDelete, ManagedPost, ManagerHeader } from "./manager-parts";
import { AssignmentFilesButton } from "@/components/files/target-files";
import { Field, SecondaryButton, TextArea, TextInput, FormActions } from "./form-controls";

const idle: ActionResult = { ok: true };

export function UpdatesManager({ levelCode, updates }: { levelCode: string; updates: UpdateView[] }) {
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<UpdateView | null>(null);
  const [deleting, setDeleting] = useState<UpdateView | null>(null);
  const toast = useToast();
  const t = useTranslations("teacherUpdates");
  const shared = useTranslations("teacherShared");

  const save = async (updateId: number, patch: { title?: string; content?: string }) => {
    const res = await editAnnouncement({ levelCode, updateId, ...patch });
    if (!res.ok) toast(res.message, "error");
    return res.ok;
  };

  return (
    <div>
      <ManagerHeader title={t("heading")} newLabel={t("new")} onNew={() => setCreating(true)} />
      {updates.length === 0 ? (
        <EmptyState title={t("none")} message={t("noneHint")} />
      ) : (
        <ul className="space-y-4">
          {updates.map((u) => (
            <li key={u.id}>
              <ManagedPost
                testId="announcement"
                title={u.title}
                titleLabel={t("titleLabel")}
                onSaveTitle={(title) => save(u.id, { title })}
                meta={u.date}
                actionsClassName="flex flex-wrap gap-2"
                actions={
                  <>
                    <AssignmentFilesButton levelCode={levelCode} kind="announcement" id={u.id} title={u.title} />
                    <SecondaryButton onClick={() => setEditing(u)}>{shared("editFull")}</SecondaryButton>
                    <SecondaryButton tone="danger" onClick={() => setDeleting(u)}>
                      {shared("delete")}
                    </SecondaryButton>
                  </>
                }
                text={u.content}
                textLabel={t("contentLabel")}
                textClassName="mt-3"
                onSaveText={(content) => save(u.id, { content })}
              >
                <ResponseList
                  responses={u.responses}
                  count={u.responseCount}
                  moderateIn={levelCode}
                  footer={<MoreResponses update={u} levelCode={levelCode} />}
                />
              </ManagedPost>
            </li>
          ))}
        </ul>
      )}
      <AnnouncementForm
        key={creating ? "new-open" : "new"}
        open={creating}
        onClose={() => setCreating(false)}
        levelCode={levelCode}
      />
      {editing && (
        <EditFullAnnouncement
          key={editing.id}
          update={editing}
          onClose={() => setEditing(null)}
          levelCode={levelCode}
        />
      )}
      <ConfirmDelete
        noun="announcement"
        target={deleting}
        onClose={() => setDeleting(null)}
        remove={(u) => deleteAnnouncement({ levelCode, updateId: u.id })}
      />
    </div>
  );
}

function AnnouncementForm({ open, onClose, levelCode }: { open: boolean; onClose: () => void; levelCode: string }) {
  const [state, action, pending] = useActionState(createAnnouncement, idle);
  const [title, setTitle] = useState("");
  const [content, setContent] = useState("");
  const t = useTranslations("teacherUpdates");
  const shared = useTranslations("teacherShared");
  useEffect(() => {
    if (state !== idle && state.ok) onClose();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [state]);
  return (
    <Modal open={open} onOpenChange={(o) => !o && onClose()} title={t("new")}>
      <form action={action} className="space-y-4">
        {!state.ok && <ErrorBanner message={state.message} />}
        <input type="hidden" name="levelCode" value={levelCode} />
        <Field label={shared("title")} htmlFor="new-announcement-title">
          <TextInput
            id="new-announcement-title"
            name="title"
            required
            maxLength={200}
            value={title}
            onChange={(e) => setTitle(e.target.value)}
          />
        </Field>
        <Field label={t("content")} htmlFor="new-announcement-content">
          <TextArea
            id="new-announcement-content"
            name="content"
            required
            rows={5}
            maxLength={20000}
            value={content}
            onChange={(e) => setContent(e.target.value)}
          />
        </Field>
        <FormActions onCancel={onClose} pending={pending} label={t("post")} pendingLabel={t("posting")} />
      </form>
    </Modal>
  );
}

function EditFullAnnouncement({
  update,
  onClose,
  levelCode,
}: {
  update: UpdateView;
  onClose: () => void;
  levelCode: string;
}) {
  const [title, setTitle] = useState(update.title);
  const [content, setContent] = useState(update.content);
  const [error, setError] = useState<string | null>(null);
  const [pending, start] = useTransition();
  const t = useTranslations("teacherUpdates");
  const shared = useTranslations("teacherShared");
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    start(async () => {
      const res = await editAnnouncement({ levelCode, updateId: update.id, title, content });
      if (res.ok) onClose();
      else setError(res.message);
    });
  };
  return (
    <Modal open onOpenChange={(o) => !o && onClose()} title={t("edit")}>
      <form onSubmit={submit} className="space-y-4">
        {error && <ErrorBanner message={error} />}
        <Field label={shared("title")} htmlFor="edit-announcement-title">
          <TextInput
            id="edit-announcement-title"
            required
            maxLength={200}
            value={title}
            onChange={(e) => setTitle(e.target.value)}
          />
        </Field>
        <Field label={t("content")} htmlFor="edit-announcement-content">
          <TextArea
            id="edit-announcement-content"
            required
            rows={6}
            maxLength={20000}
            value={content}
            onChange={(e) => setContent(e.target.value)}
          />
        </Field>
        <FormActions onCancel={onClose} pending={pending} label={shared("saveChanges")} />
      </form>
    </Modal>
  );
}
