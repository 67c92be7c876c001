"use client";

import { useActionState, useEffect, useState, useTransition } from "react";
import { useTranslations } from "@/components/use-translations";
import { addGrade } from "@/app/level/[levelCode]/update/grade-actions";
import { ErrorBanner } from "@/components/error-banner";
import { useGradeNumbers } from "@/components/grade-numbers";
import { Modal } from "@/components/modal";
import { useToast } from "@/components/toast";
import type { ActionResult } from "@/lib/action-result";
import { Field, FormActions, Select, TextArea, TextInput } from "./form-controls";
import type { GridData } from "./grade-grid-parts";
import { SCORE_INPUT } from "@/components/score-input";

const idle: ActionResult = { ok: true };

/** Add Grade (spec §2): student, assignment, score and feedback. */
export function AddGradeModal({
  levelCode,
  data,
  onClose,
}: {
  levelCode: string;
  data: GridData;
  onClose: () => void;
}) {
  const [state, action, pending] = useActionState(addGrade, idle);
  const [studentId, setStudentId] = useState("");
  const [assignmentId, setAssignmentId] = useState("");
  const [score, setScore] = useState("");
  const [feedback, setFeedback] = useState("");
  const [, start] = useTransition();
  const toast = useToast();
  const t = useTranslations("grades");
  const { number } = useGradeNumbers();
  useEffect(() => {
    if (state === idle) return;
    if (state.ok) {
      start(() => toast(t("grid.add.saved")));
      onClose();
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [state]);
  const max = data.assignments.find((a) => String(a.id) === assignmentId)?.maxScore;
  return (
    <Modal open onOpenChange={(o) => !o && onClose()} title={t("grid.addGrade")}>
      <form action={action} className="space-y-4">
        {!state.ok && <ErrorBanner message={state.message} />}
        <input type="hidden" name="levelCode" value={levelCode} />
        <Field label={t("shared.student")} htmlFor="add-grade-student">
          <Select
            id="add-grade-student"
            name="studentId"
            required
            value={studentId}
            onChange={(e) => setStudentId(e.target.value)}
          >
            <option value="">{t("grid.add.chooseStudent")}</option>
            {data.students.map((s) => (
              <option key={s.id} value={s.id} data-user-text>
                {s.name}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={t("grid.add.assignment")} htmlFor="add-grade-assignment">
          <Select
            id="add-grade-assignment"
            name="assignmentId"
            required
            value={assignmentId}
            onChange={(e) => setAssignmentId(e.target.value)}
          >
            <option value="">{t("grid.add.chooseAssignment")}</option>
            {data.assignments.map((a) => (
              <option key={a.id} value={a.id} data-user-text>
                {a.title} (/{a.maxScore})
              </option>
            ))}
          </Select>
        </Field>
        <Field
          label={t("grid.add.score")}
          htmlFor="add-grade-score"
          hint={max !== undefined ? t("grid.add.range", { max: number(max) }) : undefined}
        >
          <TextInput
            id="add-grade-score"
            name="score"
            {...SCORE_INPUT}
            required
            value={score}
            onChange={(e) => setScore(e.target.value)}
          />
        </Field>
        <Field label={t("grid.add.feedback")} htmlFor="add-grade-feedback">
          <TextArea
            id="add-grade-feedback"
            name="feedback"
            rows={3}
            maxLength={20000}
            value={feedback}
            onChange={(e) => setFeedback(e.target.value)}
          />
        </Field>
        <FormActions
          onCancel={onClose}
          pending={pending}
          label={t("grid.add.save")}
          pendingLabel={t("shared.saving")}
        />
      </form>
    </Modal>
  );
}
