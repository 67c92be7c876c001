"use client";

// The form that creates or edits one assignment, with its markdown preview (the Assignments tab's modal).
import { lazyComponent } from "@/components/lazy-component";
import { useActionState, useEffect, useState } from "react";
import { useTranslations } from "@/components/use-translations";
import { createAssignment, updateAssignment } from "@/app/level/[levelCode]/update/assignment-actions";
import { ErrorBanner } from "@/components/error-banner";
import { Modal } from "@/components/modal";
import type { ActionResult } from "@/lib/action-result";
import { MAX_SCORE_DEFAULT } from "@/lib/domain/constants";
import { AssignmentRubricField, type BankOption } from "@/components/rubric/assignment-rubric-field";
import { Field, Select, TextArea, TextInput, FormActions } from "./form-controls";
import type { ManagedAssignment } from "./assignments-manager";
import { PostPolicyField } from "./post-policy-field";

// The markdown renderer is only needed for the preview: load it when a form opens.
const Markdown = lazyComponent(() => import("@/components/markdown").then((m) => m.Markdown));

const idle: ActionResult = { ok: true };

/** datetime-local wants local wall time; we send an ISO instant so the browser's zone is explicit. */
function toLocalInput(iso: string | null): string {
  if (!iso) return "";
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

export function AssignmentForm({
  levelCode,
  categories,
  assignment,
  bank,
  onClose,
}: {
  levelCode: string;
  categories: { id: number; name: string }[];
  assignment: ManagedAssignment | null;
  /** The rubrics the teacher may attach (issue 44): their own and the school's. */
  bank: BankOption[];
  onClose: () => void;
}) {
  const [state, action, pending] = useActionState(assignment ? updateAssignment : createAssignment, idle);
  const [title, setTitle] = useState(assignment?.title ?? "");
  const [description, setDescription] = useState(assignment?.description ?? "");
  const [maxScore, setMaxScore] = useState(String(assignment?.maxScore ?? MAX_SCORE_DEFAULT));
  const [due, setDue] = useState(() => toLocalInput(assignment?.dueIso ?? null));
  const [categoryId, setCategoryId] = useState(assignment?.categoryId ? String(assignment.categoryId) : "");
  const [postPolicy, setPostPolicy] = useState(assignment?.postPolicy ?? "immediate");
  const [preview, setPreview] = useState(false);
  const t = useTranslations("teacherAssignments");
  const shared = useTranslations("teacherShared");
  useEffect(() => {
    if (state !== idle && state.ok) onClose();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [state]);
  const dueIso = due ? new Date(due).toISOString() : "";
  return (
    <Modal open onOpenChange={(o) => !o && onClose()} title={assignment ? t("edit") : t("new")} wide>
      <form action={action} className="space-y-4">
        {!state.ok && <ErrorBanner message={state.message} />}
        <input type="hidden" name="levelCode" value={levelCode} />
        {assignment && <input type="hidden" name="assignmentId" value={assignment.id} />}
        <input type="hidden" name="dueDate" value={dueIso} />
        <Field label={shared("title")} htmlFor="assignment-title">
          <TextInput
            id="assignment-title"
            name="title"
            required
            maxLength={200}
            value={title}
            onChange={(e) => setTitle(e.target.value)}
          />
        </Field>
        <div>
          <div className="flex items-center justify-between">
            <label htmlFor="assignment-description" className="block text-sm font-medium">
              {t("description")}
            </label>
            <button
              type="button"
              onClick={() => setPreview((p) => !p)}
              className="text-sm font-medium text-brand-700 underline dark:text-brand-100"
              aria-pressed={preview}
            >
              {preview ? t("editText") : t("preview")}
            </button>
          </div>
          {preview ? (
            <div
              className="mt-1 min-h-32 rounded-lg border border-line bg-surface-muted p-3"
              data-testid="markdown-preview"
            >
              <Markdown source={description} />
            </div>
          ) : (
            <TextArea
              id="assignment-description"
              name="description"
              required
              rows={6}
              maxLength={20000}
              value={description}
              onChange={(e) => setDescription(e.target.value)}
              className="mt-1"
            />
          )}
          {preview && <input type="hidden" name="description" value={description} />}
        </div>
        <div className="grid gap-4 sm:grid-cols-3">
          <Field label={t("maxScore")} htmlFor="assignment-max">
            <TextInput
              id="assignment-max"
              name="maxScore"
              type="number"
              min={1}
              step={1}
              required
              value={maxScore}
              onChange={(e) => setMaxScore(e.target.value)}
            />
          </Field>
          <Field label={t("dueDate")} htmlFor="assignment-due">
            <TextInput
              id="assignment-due"
              type="datetime-local"
              required
              value={due}
              onChange={(e) => setDue(e.target.value)}
            />
          </Field>
          <Field label={t("category")} htmlFor="assignment-category">
            <Select
              id="assignment-category"
              name="categoryId"
              value={categoryId}
              onChange={(e) => setCategoryId(e.target.value)}
            >
              <option value="">{t("noCategory")}</option>
              {categories.map((c) => (
                <option key={c.id} value={c.id} data-user-text>
                  {c.name}
                </option>
              ))}
            </Select>
          </Field>
        </div>
        <PostPolicyField value={postPolicy} onChange={setPostPolicy} />
        <AssignmentRubricField
          bank={bank}
          rubric={assignment?.rubric ?? null}
          rubricId={assignment?.rubricId ?? null}
          graded={(assignment?.graded ?? 0) > 0}
          maxScore={maxScore}
          onUseTotal={(total) => setMaxScore(String(total))}
        />
        <FormActions onCancel={onClose} pending={pending} label={assignment ? shared("saveChanges") : t("create")} />
      </form>
    </Modal>
  );
}
