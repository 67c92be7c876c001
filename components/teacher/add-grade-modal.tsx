"use client";

import { useActionState, useEffect, useState, useTransition } from "react";
import { addGrade } from "@/app/level/[levelCode]/update/grade-actions";
import { ErrorBanner } from "@/components/error-banner";
import { Modal } from "@/components/modal";
import { useToast } from "@/components/toast";
import type { ActionResult } from "@/lib/action-result";
import { Field, FormActions, Select, TextArea, TextInput } from "./form-controls";
import type { GridData } from "./grade-grid-parts";

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
  useEffect(() => {
    if (state === idle) return;
    if (state.ok) {
      start(() => toast("Grade saved"));
      onClose();
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [state]);
  const max = data.assignments.find((a) => String(a.id) === assignmentId)?.maxScore;
  return (
    <Modal open onOpenChange={(o) => !o && onClose()} title="Add Grade">
      <form action={action} className="space-y-4">
        {!state.ok && <ErrorBanner message={state.message} />}
        <input type="hidden" name="levelCode" value={levelCode} />
        <Field label="Student" htmlFor="add-grade-student">
          <Select
            id="add-grade-student"
            name="studentId"
            required
            value={studentId}
            onChange={(e) => setStudentId(e.target.value)}
          >
            <option value="">Choose a student</option>
            {data.students.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="Assignment" htmlFor="add-grade-assignment">
          <Select
            id="add-grade-assignment"
            name="assignmentId"
            required
            value={assignmentId}
            onChange={(e) => setAssignmentId(e.target.value)}
          >
            <option value="">Choose an assignment</option>
            {data.assignments.map((a) => (
              <option key={a.id} value={a.id}>
                {a.title} (/{a.maxScore})
              </option>
            ))}
          </Select>
        </Field>
        <Field label="Score" htmlFor="add-grade-score" hint={max !== undefined ? `0 to ${max}` : undefined}>
          <TextInput
            id="add-grade-score"
            name="score"
            type="number"
            min={0}
            max={max}
            step={0.01}
            required
            value={score}
            onChange={(e) => setScore(e.target.value)}
          />
        </Field>
        <Field label="Feedback (optional)" htmlFor="add-grade-feedback">
          <TextArea
            id="add-grade-feedback"
            name="feedback"
            rows={3}
            maxLength={20000}
            value={feedback}
            onChange={(e) => setFeedback(e.target.value)}
          />
        </Field>
        <FormActions onCancel={onClose} pending={pending} label="Save Grade" />
      </form>
    </Modal>
  );
}
