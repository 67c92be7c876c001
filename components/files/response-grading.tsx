"use client";

import { useState } from "react";
import { saveGrade } from "@/app/level/[levelCode]/update/grade-actions";
import { useGradeNumbers } from "@/components/grade-numbers";
import { SCORE_INPUT } from "@/components/score-input";
import { useToast } from "@/components/toast";
import { useTranslations } from "@/components/use-translations";
import type { FileView } from "@/lib/files/records";
import { FileLinks, fileHref } from "./file-links";

/**
 * One submission's files in View Responses (issue 33): images and PDFs shown in place (a PDF in
 * the browser's own viewer), others as downloads, with the student's score beside them, in the
 * reader's language and digits ("12,75"; the teacher's View Responses words, teacherAssignments).
 */
export function ResponseFilesAndScore({
  levelCode,
  assignmentId,
  studentId,
  studentName,
  maxScore,
  files,
  score,
}: {
  levelCode: string;
  assignmentId: number;
  studentId: number;
  studentName: string;
  maxScore: number;
  files: FileView[];
  score: number | undefined;
}) {
  const t = useTranslations("teacherAssignments");
  const common = useTranslations("common");
  const { number } = useGradeNumbers();
  const [value, setValue] = useState(score === undefined ? "" : number(score));
  const [saving, setSaving] = useState(false);
  const toast = useToast();
  const shown = files.filter((f) => f.mime.startsWith("image/") || f.mime === "application/pdf");
  const others = files.filter((f) => !shown.includes(f));
  const inputId = `score-${assignmentId}-${studentId}`;
  return (
    <div className="mt-3 flex flex-col gap-3 lg:flex-row">
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
      <form
        className="flex items-end gap-2 lg:w-48 lg:flex-col lg:items-stretch"
        onSubmit={(e) => {
          e.preventDefault();
          setSaving(true);
          void saveGrade({ levelCode, assignmentId, studentId, score: value }).then((res) => {
            setSaving(false);
            toast(res.ok ? t("scoreSaved") : res.message, res.ok ? "success" : "error");
          });
        }}
      >
        <label htmlFor={inputId} className="text-sm font-medium">
          {t("responseScoreFor", { name: studentName, max: number(maxScore) })}
        </label>
        <input
          id={inputId}
          {...SCORE_INPUT}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          className="w-24 rounded-lg border border-line bg-surface px-2 py-1 lg:w-full"
        />
        <button
          type="submit"
          disabled={saving}
          className="rounded-lg bg-brand-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-brand-700 disabled:opacity-60"
        >
          {saving ? common("saving") : t("saveScore")}
        </button>
      </form>
    </div>
  );
}
