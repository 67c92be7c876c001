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
  type ResponseEntry,
} from "@/app/level/[levelCode]/update/assignment-actions";
import { bulkGrade } from "@/app/level/[levelCode]/update/grade-actions";
import { loadResponseFiles, type ResponseFiles } from "@/app/level/[levelCode]/files-actions";
import { AssignmentFilesButton } from "@/components/files/target-files";
import { ResponseFilesAndScore } from "@/components/files/response-grading";
import { ErrorBanner } from "@/components/error-banner";
import { Modal } from "@/components/modal";
import { EmptyState } from "@/components/states";
import { useToast } from "@/components/toast";
import type { ActionResult } from "@/lib/action-result";
import { MAX_SCORE_DEFAULT } from "@/lib/domain/constants";
import { Field, PrimaryButton, SecondaryButton, Select, TextArea, TextInput, FormActions } from "./form-controls";
import { ConfirmDelete, ManagedPost, ManagerHeader } from "./manager-parts";
import { MessageGuardians } from "./message-guardians";

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
  const [responses, setResponses] = useState<{
    assignment: ManagedAssignment;
    entries: ResponseEntry[];
    files: ResponseFiles | null;
  } | null>(null);
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
      <Modal
        open={responses !== null}
        onOpenChange={(o) => !o && setResponses(null)}
        title={responses ? t("responsesOf", { title: responses.assignment.title }) : t("responses")}
        wide
      >
        {responses && responses.entries.length === 0 && <p className="text-ink-muted">{t("noSubmissions")}</p>}
        {responses && responses.entries.length > 0 && (
          <a
            href={`/level/${encodeURIComponent(levelCode)}/files/zip?assignmentId=${responses.assignment.id}`}
            className="mb-3 inline-block rounded-lg border border-line px-3 py-1.5 text-sm font-medium hover:bg-surface-muted"
          >
            {t("downloadAll")}
          </a>
        )}
        <ul className="space-y-3">
          {responses?.entries.map((r) => (
            <li key={r.id} className="rounded-lg border border-line p-3">
              <div className="flex flex-wrap justify-between gap-2 text-sm">
                <span className="font-semibold" data-user-text>
                  {r.studentName}
                </span>
                <span className="text-ink-muted">{r.submittedAt}</span>
              </div>
              <p className="mt-2 whitespace-pre-line text-sm" data-user-text>
                {r.content}
              </p>
              {responses.files?.submissions[r.id] && (
                <ResponseFilesAndScore
                  levelCode={levelCode}
                  assignmentId={responses.assignment.id}
                  studentId={responses.files.submissions[r.id]!.studentId}
                  studentName={r.studentName}
                  maxScore={responses.assignment.maxScore}
                  files={responses.files.submissions[r.id]!.files}
                  score={responses.files.scores[responses.files.submissions[r.id]!.studentId]}
                />
              )}
            </li>
          ))}
        </ul>
      </Modal>
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

function BulkGradeModal({
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
  const [rows, setRows] = useState(() =>
    Object.fromEntries(
      roster.map((s) => [
        s.id,
        { score: existing[s.id] ? String(existing[s.id]!.score) : "", feedback: existing[s.id]?.feedback ?? "" },
      ]),
    ),
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
        return now.score !== (before ? String(before.score) : "") || now.feedback !== (before?.feedback ?? "");
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
                      type="number"
                      min={0}
                      max={assignment.maxScore}
                      step={0.01}
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
