"use client";

import { useState, useTransition } from "react";
import { useTranslations } from "@/components/use-translations";
import { loadAttachments } from "@/app/level/[levelCode]/files-actions";
import { Modal } from "@/components/modal";
import { useToast } from "@/components/toast";
import type { FileView } from "@/lib/files/records";
import { AttachmentPicker } from "./attachment-picker";

/** A teacher's "Files" button on an assignment or announcement: handouts, attached as soon as uploaded. */
export function AssignmentFilesButton({
  levelCode,
  kind,
  id,
  title,
}: {
  levelCode: string;
  kind: "assignment" | "announcement";
  id: number;
  title: string;
}) {
  const [files, setFiles] = useState<FileView[] | null>(null);
  const [pending, start] = useTransition();
  const toast = useToast();
  // The dashboard's Updates and Assignments tabs, whose words (teacherShared) they send.
  const t = useTranslations("teacherShared");
  return (
    <>
      <button
        type="button"
        disabled={pending}
        onClick={() =>
          start(async () => {
            const res = await loadAttachments({ levelCode, kind, id });
            if (res.ok) setFiles(res.data ?? []);
            else toast(res.message, "error");
          })
        }
        className="rounded-lg border border-line px-3 py-1.5 text-sm font-medium hover:bg-surface-muted disabled:opacity-60"
      >
        {t("files")}
      </button>
      <Modal open={files !== null} onOpenChange={(o) => !o && setFiles(null)} title={t("filesOf", { title })}>
        {files && (
          <AttachmentPicker levelCode={levelCode} kind={kind} targetId={id} initial={files} label={t("addFiles")} />
        )}
      </Modal>
    </>
  );
}
