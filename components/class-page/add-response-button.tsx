"use client";

import { useActionState, useState } from "react";
import { useTranslations } from "@/components/use-translations";
import { addResponse } from "@/app/level/[levelCode]/actions";
import { ErrorBanner } from "@/components/error-banner";
import { Modal } from "@/components/modal";
import type { ActionResult } from "@/lib/action-result";

const idle: ActionResult = { ok: true };

/** Add Response modal (spec §2): Title, Your Response (4 rows), Cancel, Submit Response. */
export function AddResponseButton({
  levelCode,
  updateId,
  studentId,
  updateTitle,
}: {
  levelCode: string;
  updateId: number;
  studentId: number;
  updateTitle: string;
}) {
  const t = useTranslations("classPage");
  const [open, setOpen] = useState(false);
  const [title, setTitle] = useState("");
  const [content, setContent] = useState("");
  const [state, action, pending] = useActionState(addResponse, idle);
  const [shownError, setShownError] = useState<string | null>(null);

  // Each new answer from the action is handled once, while rendering (React's "adjust state when
  // a value changes" pattern), instead of in an effect that would render the form a second time.
  const [handled, setHandled] = useState(state);
  if (state !== handled) {
    setHandled(state);
    if (state.ok) {
      setTitle("");
      setContent("");
      setShownError(null);
      setOpen(false);
    } else {
      setShownError(state.message);
    }
  }

  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        className="rounded-lg bg-brand-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-brand-700"
      >
        {t("updates.addResponse")}
      </button>
      <Modal
        open={open}
        onOpenChange={(o) => {
          setOpen(o);
          if (!o) setShownError(null);
        }}
        title={t("updates.addResponse")}
        description={t("updates.to", { title: updateTitle })}
      >
        {shownError && (
          <div className="mb-4">
            <ErrorBanner message={shownError} />
          </div>
        )}
        <form action={action} className="space-y-4">
          <input type="hidden" name="levelCode" value={levelCode} />
          <input type="hidden" name="updateId" value={updateId} />
          <input type="hidden" name="studentId" value={studentId} />
          <div>
            <label htmlFor={`response-title-${updateId}`} className="block text-sm font-medium">
              {t("updates.title")}
            </label>
            <input
              id={`response-title-${updateId}`}
              name="title"
              required
              maxLength={200}
              value={title}
              onChange={(e) => setTitle(e.target.value)}
              className="mt-1 w-full rounded-lg border border-line bg-surface px-3 py-2"
            />
          </div>
          <div>
            <label htmlFor={`response-content-${updateId}`} className="block text-sm font-medium">
              {t("form.yourResponse")}
            </label>
            <textarea
              id={`response-content-${updateId}`}
              name="content"
              rows={4}
              required
              maxLength={20000}
              value={content}
              onChange={(e) => setContent(e.target.value)}
              className="mt-1 w-full rounded-lg border border-line bg-surface px-3 py-2"
            />
          </div>
          <div className="flex justify-end gap-2">
            <button
              type="button"
              onClick={() => setOpen(false)}
              className="rounded-lg border border-line px-4 py-2 text-sm font-medium hover:bg-surface-muted"
            >
              {t("form.cancel")}
            </button>
            <button
              type="submit"
              disabled={pending}
              className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700 disabled:opacity-60"
            >
              {pending ? t("form.submitting") : t("assignments.submit")}
            </button>
          </div>
        </form>
      </Modal>
    </>
  );
}
