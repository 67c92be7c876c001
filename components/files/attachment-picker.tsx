"use client";

import { useEffect, useRef, useState } from "react";
import { useTranslations } from "@/components/use-translations";
import type { FileView } from "@/lib/files/records";
import { ACCEPT_ATTRIBUTE } from "@/lib/files/types";
import { AttachmentItem, mayRetry, type Item } from "./attachment-item";

const MAX_FILES = 10;
const MB = 1024 * 1024;

// A file input is hidden and its label is the button people see: the label draws the focus ring
// the input would (the global :focus-visible outline), or a keyboard user cannot tell where they are.
const BUTTON =
  "cursor-pointer rounded-lg border border-line px-3 py-1.5 font-medium hover:bg-surface-muted has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600 has-[:focus-visible]:outline-solid";

/**
 * Drag and drop, a file picker and (on phones) the camera; each file is uploaded on its own
 * request with a progress bar. A file the portal refuses says why, and one that failed on the way
 * can be retried. Whatever was typed in the form around it is the form's own state and is never
 * touched here.
 */
export function AttachmentPicker({
  levelCode,
  kind,
  targetId,
  draftId,
  studentId,
  initial = [],
  reserved = 0,
  maxMb,
  onChange,
  label,
}: {
  levelCode: string;
  kind: "submission" | "assignment" | "announcement" | "comment";
  targetId: number;
  /** A student's hand-in dialog or a comment box: its uploads count against its own limit (lib/files/records.ts). */
  draftId?: string;
  /** A private comment's upload: whose thread (kind "comment"). */
  studentId?: number;
  initial?: FileView[];
  /** Slots of the ten already taken by files listed elsewhere (kept from the last submission). */
  reserved?: number;
  /** The size limit, when known: a larger file is refused here instead of being sent. */
  maxMb?: number;
  /** The ids of the files uploaded so far, and whether any upload is still running. */
  onChange?: (ids: number[], busy: boolean) => void;
  label?: string;
}) {
  const [items, setItems] = useState<Item[]>(() =>
    initial.map((f) => ({ key: `f${f.id}`, name: f.name, size: f.size, progress: 1, status: "done", fileId: f.id })),
  );
  const t = useTranslations("classPage.files");
  const [dragging, setDragging] = useState(false);
  const counter = useRef(0);

  useEffect(() => {
    onChange?.(
      items.filter((i) => i.status === "done").map((i) => i.fileId!),
      items.some((i) => i.status === "uploading"),
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [items]);

  const patch = (key: string, p: Partial<Item>) =>
    setItems((all) => all.map((i) => (i.key === key ? { ...i, ...p } : i)));

  const upload = (key: string, file: File) => {
    const xhr = new XMLHttpRequest();
    const draft = draftId ? `&draft=${encodeURIComponent(draftId)}` : "";
    const student = studentId === undefined ? "" : `&student=${studentId}`;
    xhr.open("POST", `/level/${encodeURIComponent(levelCode)}/files?kind=${kind}&id=${targetId}${student}${draft}`);
    xhr.upload.onprogress = (e) => e.lengthComputable && patch(key, { progress: e.loaded / e.total });
    xhr.onload = () => {
      let body: { ok?: boolean; message?: string; file?: { id: number; name: string } } = {};
      try {
        body = JSON.parse(xhr.responseText) as typeof body;
      } catch {
        /* not JSON: a proxy's error page */
      }
      if (xhr.status === 201 && body.file)
        return patch(key, { status: "done", progress: 1, fileId: body.file.id, name: body.file.name, file: undefined });
      const retry = mayRetry(xhr.status);
      patch(key, {
        status: retry ? "failed" : "refused",
        message: body.message ?? t("uploadFailed"),
        file: retry ? file : undefined,
      });
    };
    xhr.onerror = () => patch(key, { status: "failed", message: t("connectionLost") });
    const data = new FormData();
    data.append("file", file, file.name);
    xhr.send(data);
  };

  const add = (list: FileList | null) => {
    if (!list) return;
    // Refused files take no slot; files still on their way or waiting for a retry do.
    let room = MAX_FILES - reserved - items.filter((i) => i.status !== "refused").length;
    const fresh: Item[] = Array.from(list).map((file) => {
      const base = { key: `n${++counter.current}`, name: file.name, size: file.size, progress: 0 };
      if (maxMb !== undefined && file.size > maxMb * MB)
        return { ...base, status: "refused", message: t("tooLarge", { mb: maxMb }) };
      if (room <= 0) return { ...base, status: "refused", message: t("tooMany", { max: MAX_FILES }) };
      room--;
      return { ...base, status: "uploading", file };
    });
    setItems((all) => [...all, ...fresh]);
    for (const i of fresh) if (i.status === "uploading") upload(i.key, i.file!);
  };

  const remove = async (item: Item) => {
    if (item.fileId) {
      const res = await fetch(`/files/${item.fileId}`, { method: "DELETE" });
      if (!res.ok) return patch(item.key, { status: "failed", message: t("removeFailed") });
    }
    setItems((all) => all.filter((i) => i.key !== item.key));
  };

  const inputId = `attach-${kind}-${targetId}${studentId === undefined ? "" : `-${studentId}`}`;
  const pick = (e: React.ChangeEvent<HTMLInputElement>) => {
    add(e.target.files);
    e.target.value = "";
  };
  return (
    <div>
      <div
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(e) => {
          e.preventDefault();
          setDragging(false);
          add(e.dataTransfer.files);
        }}
        className={`rounded-lg border-2 border-dashed px-4 py-3 text-sm ${dragging ? "border-brand-600 bg-brand-50" : "border-line"}`}
        data-testid="attachment-drop"
      >
        <p className="text-ink-muted">{t("dropHere")}</p>
        <div className="mt-2 flex flex-wrap gap-2">
          <label className={BUTTON}>
            {label ?? t("attach")}
            <input id={inputId} type="file" multiple accept={ACCEPT_ATTRIBUTE} className="sr-only" onChange={pick} />
          </label>
          {/* For phones: hidden from sm up, and with it its input, so no tab stop is left that nobody sees. */}
          <label className={`${BUTTON} sm:hidden`}>
            {t("takePhoto")}
            <input
              id={`${inputId}-camera`}
              type="file"
              accept="image/*"
              capture="environment"
              className="sr-only"
              onChange={pick}
            />
          </label>
        </div>
        <p className="mt-2 text-xs text-ink-muted">{t("kinds", { max: MAX_FILES })}</p>
      </div>
      {items.length > 0 && (
        <ul className="mt-2 space-y-2" aria-label={t("toAttach")}>
          {items.map((i) => (
            <AttachmentItem
              key={i.key}
              item={i}
              onRetry={() => {
                patch(i.key, { status: "uploading", progress: 0, message: undefined });
                upload(i.key, i.file!);
              }}
              onRemove={() => void remove(i)}
            />
          ))}
        </ul>
      )}
    </div>
  );
}
