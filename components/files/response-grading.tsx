"use client";

import { useState } from "react";
import { saveGrade } from "@/app/level/[levelCode]/update/grade-actions";
import { useGradeNumbers } from "@/components/grade-numbers";
import { SCORE_INPUT } from "@/components/score-input";
import { useToast } from "@/components/toast";
import { useTranslations } from "@/components/use-translations";
import type { FileView } from "@/lib/files/records";
import { InlineFiles } from "./inline-files";

/**
 * One submission's files in View Responses (issue 33), shown in place (InlineFiles), with the
 * student's score beside them, in the reader's language and digits ("12,75"; the teacher's View
 * Responses words, teacherAssignments).
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
  const inputId = `score-${assignmentId}-${studentId}`;
  return (
    <div className="mt-3 flex flex-col gap-3 lg:flex-row">
      <InlineFiles files={files} studentName={studentName} />
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
