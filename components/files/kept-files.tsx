"use client";

import { useLocale } from "use-intl";
import { useTranslations } from "@/components/use-translations";
import type { FileView } from "@/lib/files/records";
import { fileHref, formatSize } from "./file-links";

/**
 * A resubmission starts from the files the last submission handed in (issue 39): each is kept
 * unless unchecked. Unchecking only leaves it out of this submission; the earlier one keeps it.
 */
export function KeptFiles({
  files,
  dropped,
  onToggle,
}: {
  files: FileView[];
  dropped: ReadonlySet<number>;
  onToggle: (id: number, keep: boolean) => void;
}) {
  const t = useTranslations("classPage.files");
  const locale = useLocale();
  if (files.length === 0) return null;
  return (
    <fieldset className="rounded-lg border border-line px-3 py-2 text-sm" aria-describedby="kept-files-hint">
      <legend className="px-1 font-medium">{t("previous")}</legend>
      <p id="kept-files-hint" className="text-xs text-ink-muted">
        {t("previousHint")}
      </p>
      <ul className="mt-2 space-y-1">
        {files.map((f) => {
          const kept = !dropped.has(f.id);
          return (
            <li key={f.id} className="flex flex-wrap items-center justify-between gap-2">
              <a
                href={fileHref(f.id, { inline: true })}
                target="_blank"
                rel="noopener"
                className={`min-w-0 flex-1 truncate ${kept ? "underline" : "text-ink-muted line-through"}`}
              >
                <span data-user-text>{f.name}</span>{" "}
                <span className="text-ink-muted">{formatSize(f.size, locale)}</span>
              </a>
              <label className="inline-flex items-center gap-1.5">
                <input type="checkbox" checked={kept} onChange={(e) => onToggle(f.id, e.target.checked)} />
                {t("keep")}
                <span className="sr-only"> {f.name}</span>
              </label>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
