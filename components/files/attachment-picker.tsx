"use client";

import { useEffect, useRef, useState } from "react";
import { useLocale } from "use-intl";
import { useTranslations } from "@/components/use-translations";
import type { FileView } from "@/lib/files/records";
import { ACCEPT_ATTRIBUTE } from "@/lib/files/types";
import { formatSize } from "./file-links";

interface Item {
  key: string;
  name: string;
  size: number;
  progress: number; // 0..1
  status: "uploading" | "done" | "error";
  message?: string;
  fileId?: number;
  file?: File; // kept for Retry
}

const MAX_FILES = 10;

/**
 * Drag and drop, a file picker and (on phones) the camera; each file is uploaded on its own
 * request with a progress bar, and a failed one can be retried. Whatever was typed in the form
 * around it is the form's own state and is never touched here.
 */
export function AttachmentPicker({
  levelCode,
  kind,
  targetId,
  initial = [],
  onChange,
  label,
}: {
  levelCode: string;
  kind: "submission" | "assignment" | "announcement";
  targetId: number;
  initial?: FileView[];
  /** The ids of the files uploaded so far, and whether any upload is still running. */
  onChange?: (ids: number[], busy: boolean) => void;
  label?: string;
}) {
  const [items, setItems] = useState<Item[]>(() =>
    initial.map((f) => ({ key: `f${f.id}`, name: f.name, size: f.size, progress: 1, status: "done", fileId: f.id })),
  );
  const t = useTranslations("classPage.files");
  const locale = useLocale();
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
    xhr.open("POST", `/level/${encodeURIComponent(levelCode)}/files?kind=${kind}&id=${targetId}`);
    xhr.upload.onprogress = (e) => e.lengthComputable && patch(key, { progress: e.loaded / e.total });
    xhr.onload = () => {
      let body: { ok?: boolean; message?: string; file?: { id: number; name: string } } = {};
      try {
        body = JSON.parse(xhr.responseText) as typeof body;
      } catch {
        /* not JSON: a proxy's error page */
      }
      if (xhr.status === 201 && body.file)
        patch(key, { status: "done", progress: 1, fileId: body.file.id, name: body.file.name, file: undefined });
      else patch(key, { status: "error", message: body.message ?? t("uploadFailed") });
    };
    xhr.onerror = () => patch(key, { status: "error", message: t("connectionLost") });
    const data = new FormData();
    data.append("file", file, file.name);
    xhr.send(data);
  };

  const add = (list: FileList | null) => {
    if (!list) return;
    const room = MAX_FILES - items.length;
    const picked = Array.from(list).slice(0, Math.max(0, room));
    const fresh = picked.map((file) => ({
      key: `n${++counter.current}`,
      name: file.name,
      size: file.size,
      progress: 0,
      status: "uploading" as const,
      file,
    }));
    setItems((all) => [...all, ...fresh]);
    fresh.forEach((i) => upload(i.key, i.file));
  };

  const remove = async (item: Item) => {
    if (item.fileId) {
      const res = await fetch(`/files/${item.fileId}`, { method: "DELETE" });
      if (!res.ok) return patch(item.key, { status: "error", message: t("removeFailed") });
    }
    setItems((all) => all.filter((i) => i.key !== item.key));
  };

  const inputId = `attach-${kind}-${targetId}`;
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
          <label
            htmlFor={inputId}
            className="cursor-pointer rounded-lg border border-line px-3 py-1.5 font-medium hover:bg-surface-muted"
          >
            {label ?? t("attach")}
          </label>
          <input
            id={inputId}
            type="file"
            multiple
            accept={ACCEPT_ATTRIBUTE}
            className="sr-only"
            onChange={(e) => {
              add(e.target.files);
              e.target.value = "";
            }}
          />
          <label
            htmlFor={`${inputId}-camera`}
            className="cursor-pointer rounded-lg border border-line px-3 py-1.5 font-medium hover:bg-surface-muted sm:hidden"
          >
            {t("takePhoto")}
          </label>
          <input
            id={`${inputId}-camera`}
            type="file"
            accept="image/*"
            capture="environment"
            // Its visible label is for phones only (hidden from sm up): the input keeps a name everywhere.
            aria-label={t("takePhoto")}
            className="sr-only"
            onChange={(e) => {
              add(e.target.files);
              e.target.value = "";
            }}
          />
        </div>
        <p className="mt-2 text-xs text-ink-muted">{t("kinds", { max: MAX_FILES })}</p>
      </div>
      {items.length > 0 && (
        <ul className="mt-2 space-y-2" aria-label={t("toAttach")}>
          {items.map((i) => (
            <li key={i.key} className="rounded-lg border border-line px-3 py-2 text-sm" data-testid="attachment-item">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span className="min-w-0 flex-1 truncate">
                  {i.name} <span className="text-ink-muted">{formatSize(i.size, locale)}</span>
                </span>
                {i.status === "error" && i.file && (
                  <button
                    type="button"
                    className="font-medium text-brand-700 underline"
                    onClick={() => {
                      patch(i.key, { status: "uploading", progress: 0, message: undefined });
                      upload(i.key, i.file!);
                    }}
                  >
                    {t("retry")}
                  </button>
                )}
                {i.status !== "uploading" && (
                  <button type="button" className="text-ink-muted underline" onClick={() => void remove(i)}>
                    {t("remove")}
                    <span className="sr-only"> {i.name}</span>
                  </button>
                )}
              </div>
              <progress
                className="mt-1 h-1.5 w-full"
                max={1}
                value={i.progress}
                aria-label={t("uploadOf", { name: i.name })}
              />
              {i.status === "done" && <span className="sr-only">{t("uploaded")}</span>}
              {i.status === "error" && (
                <p role="alert" className="mt-1 text-red-700 dark:text-red-300">
                  {i.message}
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
