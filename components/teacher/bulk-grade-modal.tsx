"use client";

import { useState, useTransition } from "react";
import { useTranslations } from "@/components/use-translations";
import { bulkGrade } from "@/app/level/[levelCode]/update/grade-actions";
import { ErrorBanner } from "@/components/error-banner";
import { useGradeNumbers } from "@/components/grade-numbers";
import { Modal } from "@/components/modal";
import { useToast } from "@/components/toast";
import type { ManagedAssignment, RosterEntry } from "./assignments-manager";
import { PrimaryButton, SecondaryButton } from "./form-controls";
import { SCORE_INPUT } from "@/components/score-input";

/**
 * Bulk Grade (spec §2): every student's score and feedback for one assignment. Scores are shown and
 * typed with the reader's decimal mark ("9,5"); only the rows the teacher changed are sent.
 */
export function BulkGradeModal({
  levelCode,
  assignment,
  roster,
  existing,
  onClose,
}: {
  levelCode: string;
  assignment: ManagedAssignment;
  roster: RosterEntry[];
  existing: Record<number, { score: number; feedback: string | null }>;
  onClose: () => void;
}) {
  const { number } = useGradeNumbers();
  // Each student's score as the field first shows it, in the reader's digits ("9,5").
  const shown = (id: number) => {
    const grade = existing[id];
    return grade ? number(grade.score) : "";
  };
  const [rows, setRows] = useState(() =>
    Object.fromEntries(roster.map((s) => [s.id, { score: shown(s.id), feedback: existing[s.id]?.feedback ?? "" }])),
  );
  const [error, setError] = useState<string | null>(null);
  const [pending, start] = useTransition();
  const toast = useToast();
  const t = useTranslations("teacherAssignments");
  const common = useTranslations("common");
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    start(async () => {
      // Only what the teacher changed: untouched grades keep their graded date.
      const changed = roster.filter((s) => {
        const before = existing[s.id];
        const now = rows[s.id]!;
        return now.score !== shown(s.id) || now.feedback !== (before?.feedback ?? "");
      });
      const res = await bulkGrade({
        levelCode,
        assignmentId: assignment.id,
        rows: changed.map((s) => ({ studentId: s.id, score: rows[s.id]!.score, feedback: rows[s.id]!.feedback })),
      });
      if (res.ok) {
        toast(res.message ?? t("gradesSaved"));
        onClose();
      } else setError(res.message);
    });
  };
  return (
    <Modal
      open
      onOpenChange={(o) => !o && onClose()}
      title={t("bulkTitle", { title: assignment.title })}
      description={t("bulkHint", { max: assignment.maxScore })}
      wide
    >
      <form onSubmit={submit} noValidate>
        {error && (
          <div className="mb-3">
            <ErrorBanner message={error} />
          </div>
        )}
        <div className="max-h-[55vh] overflow-y-auto rounded-lg border border-line">
          <table className="w-full text-sm">
            <thead className="sticky top-0 bg-surface-muted">
              <tr>
                <th scope="col" className="px-3 py-2 text-left font-medium">
                  {t("student")}
                </th>
                <th scope="col" className="px-3 py-2 text-left font-medium">
                  {t("score")}
                </th>
                <th scope="col" className="px-3 py-2 text-left font-medium">
                  {t("feedback")}
                </th>
              </tr>
            </thead>
            <tbody>
              {roster.map((s) => (
                <tr key={s.id} className="border-t border-line">
                  <th scope="row" className="px-3 py-2 text-left font-normal" data-user-text>
                    {s.name}
                  </th>
                  <td className="px-3 py-1">
                    <input
                      {...SCORE_INPUT}
                      aria-label={t("scoreFor", { name: s.name })}
                      value={rows[s.id]!.score}
                      onChange={(e) => setRows((r) => ({ ...r, [s.id]: { ...r[s.id]!, score: e.target.value } }))}
                      className="w-24 rounded-md border border-line bg-surface px-2 py-1"
                    />
                  </td>
                  <td className="px-3 py-1">
                    <input
                      aria-label={t("feedbackFor", { name: s.name })}
                      value={rows[s.id]!.feedback}
                      onChange={(e) => setRows((r) => ({ ...r, [s.id]: { ...r[s.id]!, feedback: e.target.value } }))}
                      className="w-full rounded-md border border-line bg-surface px-2 py-1"
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <div className="mt-4 flex justify-end gap-2">
          <SecondaryButton onClick={onClose}>{common("cancel")}</SecondaryButton>
          <PrimaryButton type="submit" disabled={pending}>
            {pending ? common("saving") : t("saveGrades")}
          </PrimaryButton>
        </div>
      </form>
    </Modal>
  );
}
