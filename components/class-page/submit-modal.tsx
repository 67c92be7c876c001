"use client";

import { useActionState, useEffect, useState } from "react";
import { useTranslations } from "@/components/use-translations";
import { submitAssignment } from "@/app/level/[levelCode]/actions";
import { loadHandIn } from "@/app/level/[levelCode]/files-actions";
import { ErrorBanner } from "@/components/error-banner";
import { AttachmentPicker } from "@/components/files/attachment-picker";
import { FileLinks } from "@/components/files/file-links";
import { KeptFiles } from "@/components/files/kept-files";
import { Modal } from "@/components/modal";
import type { ActionResult } from "@/lib/action-result";
import { MIN_RESPONSE_LENGTH } from "@/lib/domain/constants";
import { isCompleteSubmission, responseLength } from "@/lib/domain/response-length";
import type { FileView } from "@/lib/files/records";
import type { AssignmentView } from "@/lib/queries/class-page-types";

const idle: ActionResult = { ok: true };

/** This dialog's uploads, apart from those of a dialog left unsent (lib/files/records.ts). */
function newDraftId(): string {
  // getRandomValues, not randomUUID: the portal may be served over plain HTTP on a school's network.
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * Submit or resubmit (spec §5): the text, the files uploaded here, and on a resubmission the files
 * the last one handed in, each kept unless unchecked. Text of 10 characters or a file is enough.
 */
export function SubmitModal({
  assignment,
  description,
  levelCode,
  studentId,
  onClose,
  onResult,
}: {
  assignment: AssignmentView;
  description: React.ReactNode;
  levelCode: string;
  studentId: number;
  onClose: () => void;
  onResult: (res: ActionResult) => void;
}) {
  const t = useTranslations("classPage");
  const [content, setContent] = useState("");
  const [state, action, pending] = useActionState(submitAssignment, idle);
  const [draftId] = useState(newDraftId);
  // Attachments (issue 33): uploaded while the student writes, handed in with the submission.
  const [fileIds, setFileIds] = useState<number[]>([]);
  const [uploading, setUploading] = useState(false);
  const [handouts, setHandouts] = useState<FileView[]>([]);
  const [previous, setPrevious] = useState<FileView[]>([]);
  const [dropped, setDropped] = useState<ReadonlySet<number>>(new Set());
  const [maxMb, setMaxMb] = useState<number | undefined>(undefined);
  useEffect(() => {
    void loadHandIn({ levelCode, assignmentId: assignment.id }).then((res) => {
      if (!res.ok || !res.data) return;
      setHandouts(res.data.handouts);
      setPrevious(res.data.previous);
      setMaxMb(res.data.maxMb);
    });
  }, [levelCode, assignment.id]);
  const keptIds = previous.filter((f) => !dropped.has(f.id)).map((f) => f.id);
  const allIds = [...keptIds, ...fileIds];
  // Closed without sending: the files uploaded here are removed rather than left staged (the
  // sweep removes them otherwise, when a tab is closed). Kept files are handed-in work: untouched.
  const close = () => {
    for (const id of fileIds) void fetch(`/files/${id}`, { method: "DELETE" });
    onClose();
  };
  // The count shown is the count the server's rule applies: trimmed, as typed.
  const length = responseLength(content);
  const complete = isCompleteSubmission(content, allIds.length);

  useEffect(() => {
    if (state !== idle) onResult(state);
    // onResult is recreated on every render of the parent; the result is what matters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [state]);

  // The action answers in the reader's language (rendered by guarded(), lib/actions.ts), as the catalog here.
  const serverError = !state.ok && state.message !== t("actions.submitFailed") ? state.message : null;
  return (
    <Modal
      open
      onOpenChange={(o) => !o && close()}
      title={assignment.title}
      userTitle
      description={t("assignments.dialogDescription", { due: assignment.due, max: assignment.maxScore })}
      wide
    >
      <div className="rounded-lg border border-line bg-surface-muted p-4">
        {description}
        <FileLinks files={handouts} />
      </div>
      <form action={action} className="mt-4 space-y-3">
        {serverError && <ErrorBanner message={serverError} />}
        <input type="hidden" name="levelCode" value={levelCode} />
        <input type="hidden" name="assignmentId" value={assignment.id} />
        <input type="hidden" name="studentId" value={studentId} />
        <input type="hidden" name="fileIds" value={allIds.join(",")} />
        <div>
          <label htmlFor="submission-content" className="block text-sm font-medium">
            {t("form.yourResponse")}
          </label>
          <textarea
            id="submission-content"
            name="content"
            rows={8}
            maxLength={20000}
            value={content}
            onChange={(e) => setContent(e.target.value)}
            aria-describedby="submission-hint"
            className="mt-1 w-full rounded-lg border border-line bg-surface px-3 py-2"
          />
          <div id="submission-hint" className="mt-1 flex justify-between gap-2 text-xs text-ink-muted">
            <span>{t("assignments.minimumOrFile", { min: MIN_RESPONSE_LENGTH })}</span>
            <span>{t("assignments.characters", { count: length, n: String(length) })}</span>
          </div>
          {content.length > 0 && !complete && (
            <p role="alert" className="mt-1 text-sm text-red-700 dark:text-red-300">
              {t("actions.responseTooShort", { min: MIN_RESPONSE_LENGTH })}
            </p>
          )}
        </div>
        <KeptFiles
          files={previous}
          dropped={dropped}
          onToggle={(id, keep) =>
            setDropped((d) => {
              const next = new Set(d);
              if (keep) next.delete(id);
              else next.add(id);
              return next;
            })
          }
        />
        <AttachmentPicker
          levelCode={levelCode}
          kind="submission"
          targetId={assignment.id}
          draftId={draftId}
          reserved={keptIds.length}
          maxMb={maxMb}
          onChange={(ids, busy) => {
            setFileIds(ids);
            setUploading(busy);
          }}
        />
        <div className="flex justify-end gap-2">
          <button
            type="button"
            onClick={close}
            className="rounded-lg border border-line px-4 py-2 text-sm font-medium hover:bg-surface-muted"
          >
            {t("form.cancel")}
          </button>
          <button
            type="submit"
            disabled={pending || !complete || uploading}
            className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700 disabled:opacity-60"
          >
            {pending ? t("form.submitting") : t("assignments.submit")}
          </button>
        </div>
      </form>
    </Modal>
  );
}
