"use client";

import { lazyComponent } from "@/components/lazy-component";
import { useActionState, useEffect, useState, useTransition } from "react";
import { useTranslations } from "@/components/use-translations";
import {
  createAssignment,
  deleteAssignment,
  editAssignmentText,
  loadAssignmentResponses,
  updateAssignment,
} from "@/app/level/[levelCode]/update/assignment-actions";
import { loadResponseFiles } from "@/app/level/[levelCode]/files-actions";
import { AssignmentFilesButton } from "@/components/files/target-files";
import { ErrorBanner } from "@/components/error-banner";
import { Modal } from "@/components/modal";
import { EmptyState } from "@/components/states";
import { useToast } from "@/components/toast";
import type { ActionResult } from "@/lib/action-result";
import { MAX_SCORE_DEFAULT } from "@/lib/domain/constants";
import { BulkGradeModal } from "./bulk-grade-modal";
import { Field, SecondaryButton, Select, TextArea, TextInput, FormActions } from "./form-controls";
import { ConfirmDelete, ManagedPost, ManagerHeader } from "./manager-parts";
import { MessageGuardians } from "./message-guardians";
import { ResponsesModal, type ResponsesShown } from "./responses-modal";

// The markdown renderer is only needed for the preview: load it when a form opens.
const Markdown = lazyComponent(() => import("@/components/markdown").then((m) => m.Markdown));

export interface ManagedAssignment {
  id: number;
  title: string;
  description: string;
  preview: string;
  maxScore: number;
  dueIso: string | null;
  due: string;
  categoryId: number | null;
  category: string | null;
  submissions: number;
  graded: number;
}

export interface RosterEntry {
  id: number;
  name: string;
}

const idle: ActionResult = { ok: true };

export function AssignmentsManager({
  levelCode,
  assignments,
  categories,
  roster,
  gradesByAssignment,
}: {
  levelCode: string;
  assignments: ManagedAssignment[];
  categories: { id: number; name: string }[];
  roster: RosterEntry[];
  /** assignmentId → studentId → { score, feedback } */
  gradesByAssignment: Record<number, Record<number, { score: number; feedback: string | null }>>;
}) {
  const [form, setForm] = useState<{ mode: "new" } | { mode: "edit"; assignment: ManagedAssignment } | null>(null);
  const [deleting, setDeleting] = useState<ManagedAssignment | null>(null);
  const [bulk, setBulk] = useState<ManagedAssignment | null>(null);
  const [responses, setResponses] = useState<ResponsesShown | null>(null);
  const [, start] = useTransition();
  const toast = useToast();
  const t = useTranslations("teacherAssignments");
  const shared = useTranslations("teacherShared");

  const saveText = async (assignmentId: number, patch: { title?: string; description?: string }) => {
    const res = await editAssignmentText({ levelCode, assignmentId, ...patch });
    if (!res.ok) toast(res.message, "error");
    return res.ok;
  };

  return (
    <div>
      <ManagerHeader title={t("heading")} newLabel={t("new")} onNew={() => setForm({ mode: "new" })} />
      {assignments.length === 0 ? (
        <EmptyState title={t("none")} message={t("noneHint")} />
      ) : (
        <ul className="space-y-4">
          {assignments.map((a) => (
            <li key={a.id}>
              <ManagedPost
                testId="managed-assignment"
                title={a.title}
                titleLabel={t("titleLabel")}
                onSaveTitle={(title) => saveText(a.id, { title })}
                meta={
                  <>
                    {a.due} · {t("maxScoreOf", { max: a.maxScore })}
                    {a.category ? " · " : ""}
                    {a.category ? <span data-user-text>{a.category}</span> : null} ·{" "}
                    {t("submissions", { count: a.submissions })} · {t("graded", { count: a.graded })}
                  </>
                }
                actionsClassName="flex flex-wrap gap-2"
                actions={
                  <>
                    <SecondaryButton onClick={() => setBulk(a)}>{t("bulkGrade")}</SecondaryButton>
                    <MessageGuardians
                      levelCode={levelCode}
                      target={{ kind: "not_submitted", assignmentId: a.id, title: a.title }}
                    />
                    <SecondaryButton
                      onClick={() =>
                        start(async () => {
                          const [res, files] = await Promise.all([
                            loadAssignmentResponses(levelCode, a.id),
                            loadResponseFiles({ levelCode, assignmentId: a.id }),
                          ]);
                          if (res.ok)
                            setResponses({
                              assignment: a,
                              entries: res.data ?? [],
                              files: files.ok ? files.data! : null,
                            });
                          else toast(res.message, "error");
                        })
                      }
                    >
                      {t("viewResponses")}
                    </SecondaryButton>
                    <AssignmentFilesButton levelCode={levelCode} kind="assignment" id={a.id} title={a.title} />
                    <SecondaryButton onClick={() => setForm({ mode: "edit", assignment: a })}>
                      {shared("editFull")}
                    </SecondaryButton>
                    <SecondaryButton tone="danger" onClick={() => setDeleting(a)}>
                      {shared("delete")}
                    </SecondaryButton>
                  </>
                }
                text={a.description}
                textLabel={t("descriptionLabel")}
                textClassName="mt-3 text-sm"
                onSaveText={(description) => saveText(a.id, { description })}
              />
            </li>
          ))}
        </ul>
      )}

      {form && (
        <AssignmentForm
          key={form.mode === "edit" ? form.assignment.id : "new"}
          levelCode={levelCode}
          categories={categories}
          assignment={form.mode === "edit" ? form.assignment : null}
          onClose={() => setForm(null)}
        />
      )}
      {bulk && (
        <BulkGradeModal
          key={bulk.id}
          levelCode={levelCode}
          assignment={bulk}
          roster={roster}
          existing={gradesByAssignment[bulk.id] ?? {}}
          onClose={() => setBulk(null)}
        />
      )}
      <ResponsesModal levelCode={levelCode} responses={responses} onClose={() => setResponses(null)} />
      <ConfirmDelete
        noun="assignment"
        target={deleting}
        onClose={() => setDeleting(null)}
        remove={(a) => deleteAssignment({ levelCode, assignmentId: a.id })}
      />
    </div>
  );
}

/** datetime-local wants local wall time; we send an ISO instant so the browser's zone is explicit. */
function toLocalInput(iso: string | null): string {
  if (!iso) return "";
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

function AssignmentForm({
  levelCode,
  categories,
  assignment,
  onClose,
}: {
  levelCode: string;
  categories: { id: number; name: string }[];
  assignment: ManagedAssignment | null;
  onClose: () => void;
}) {
  const [state, action, pending] = useActionState(assignment ? updateAssignment : createAssignment, idle);
  const [title, setTitle] = useState(assignment?.title ?? "");
  const [description, setDescription] = useState(assignment?.description ?? "");
  const [maxScore, setMaxScore] = useState(String(assignment?.maxScore ?? MAX_SCORE_DEFAULT));
  const [due, setDue] = useState(() => toLocalInput(assignment?.dueIso ?? null));
  const [categoryId, setCategoryId] = useState(assignment?.categoryId ? String(assignment.categoryId) : "");
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
        <FormActions onCancel={onClose} pending={pending} label={assignment ? shared("saveChanges") : t("create")} />
      </form>
    </Modal>
  );
}
