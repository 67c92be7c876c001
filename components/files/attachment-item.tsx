"use client";

import { useLocale } from "use-intl";
import { useTranslations } from "@/components/use-translations";
import { formatSize } from "./file-links";

export interface Item {
  key: string;
  name: string;
  size: number;
  progress: number; // 0..1
  /**
   * "refused": the portal said no (its type, its size, the count…) and sending it again would be
   * refused again; "failed": the connection or the server failed, and a retry may succeed.
   */
  status: "uploading" | "done" | "refused" | "failed";
  message?: string;
  fileId?: number;
  file?: File; // kept for Retry
}

/** Whether an upload that did not succeed may succeed if sent again (a lost connection, a server error). */
export function mayRetry(status: number): boolean {
  return status === 0 || status === 408 || status === 429 || status >= 500;
}

/** One file of the picker: its name and size, its progress while it uploads, why it was refused. */
export function AttachmentItem({ item, onRetry, onRemove }: { item: Item; onRetry: () => void; onRemove: () => void }) {
  const t = useTranslations("classPage.files");
  const locale = useLocale();
  const settled = item.status === "refused" || item.status === "failed";
  return (
    <li className="rounded-lg border border-line px-3 py-2 text-sm" data-testid="attachment-item">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="min-w-0 flex-1 truncate">
          {item.name} <span className="text-ink-muted">{formatSize(item.size, locale)}</span>
        </span>
        {item.status === "failed" && item.file && (
          <button type="button" className="font-medium text-brand-700 underline" onClick={onRetry}>
            {t("retry")}
          </button>
        )}
        {item.status !== "uploading" && (
          <button type="button" className="text-ink-muted underline" onClick={onRemove}>
            {t("remove")}
            <span className="sr-only"> {item.name}</span>
          </button>
        )}
      </div>
      {/* The bar shows progress and success only: a file that did not arrive has none. */}
      {!settled && (
        <progress
          className="mt-1 h-1.5 w-full"
          max={1}
          value={item.progress}
          aria-label={t("uploadOf", { name: item.name })}
        />
      )}
      {item.status === "done" && <span className="sr-only">{t("uploaded")}</span>}
      {settled && (
        <p role="alert" className="mt-1 text-red-700 dark:text-red-300">
          {item.message}
        </p>
      )}
    </li>
  );
}
