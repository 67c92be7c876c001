"use client";

import { useTranslations } from "@/components/use-translations";
import type { FileView } from "@/lib/files/records";
import { FileLinks, fileHref } from "./file-links";

/**
 * A submission's files where a teacher grades it (View Responses, the grading queue): images and
 * PDFs shown in place (a PDF in the browser's own viewer), the others as downloads.
 */
export function InlineFiles({ files, studentName }: { files: FileView[]; studentName: string }) {
  const t = useTranslations("teacherAssignments");
  const shown = files.filter((f) => f.mime.startsWith("image/") || f.mime === "application/pdf");
  const others = files.filter((f) => !shown.includes(f));
  return (
    <div className="min-w-0 flex-1 space-y-2">
      {shown.map((f) =>
        f.mime === "application/pdf" ? (
          <iframe
            key={f.id}
            src={fileHref(f.id, { inline: true })}
            title={t("fileBy", { file: f.name, name: studentName })}
            className="h-96 w-full rounded-lg border border-line"
          />
        ) : (
          <a key={f.id} href={fileHref(f.id, { inline: true })} target="_blank" rel="noopener">
            {/* eslint-disable-next-line @next/next/no-img-element */}
            <img
              src={fileHref(f.id, { inline: true })}
              alt={t("fileBy", { file: f.name, name: studentName })}
              className="max-h-96 rounded-lg border border-line"
            />
          </a>
        ),
      )}
      <FileLinks files={others} />
    </div>
  );
}
