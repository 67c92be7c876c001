"use client";

import { useState, useTransition } from "react";
import { useTranslations } from "@/components/use-translations";
import {
  deleteAssignment,
  editAssignmentText,
  loadAssignmentResponses,
} from "@/app/level/[levelCode]/update/assignment-actions";
import { loadResponseFiles } from "@/app/level/[levelCode]/files-actions";
import { AssignmentFilesButton } from "@/components/files/target-files";
import { EmptyState } from "@/components/states";
import { useToast } from "@/components/toast";
import { BulkGradeModal } from "./bulk-grade-modal";
import { SecondaryButton } from "./form-controls";
import { ConfirmDelete, ManagedPost, ManagerHeader } from "./manager-parts";
import { MessageGuardians } from "./message-guardians";
import { ResponsesModal, type ResponsesShown } from "./responses-modal";
import { ReturnButton } from "./return-button";
import { AssignmentForm } from "./assignment-form";
import type { BankOption } from "@/components/rubric/assignment-rubric-field";
import { RubricBankDialog } from "@/components/rubric/rubric-bank-dialog";
import type { PostPolicy, RubricBody } from "@/lib/domain/rubric-types";

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
  /** When students see its grades (issue 44), and how many of its grades are drafts still. */
  postPolicy: PostPolicy;
  drafts: number;
  /** Issue 44: the assignment's own rubric and the bank rubric it came from. */
  rubric: RubricBody | null;
  rubricId: number | null;
}

export interface RosterEntry {
  id: number;
  name: string;
}

export function AssignmentsManager({
  levelCode,
  assignments,
  categories,
  roster,
  gradesByAssignment,
  bank,
  canShareRubrics,
}: {
  levelCode: string;
  assignments: ManagedAssignment[];
  categories: { id: number; name: string }[];
  roster: RosterEntry[];
  /** assignmentId → studentId → { score, feedback } */
  gradesByAssignment: Record<number, Record<number, { score: number; feedback: string | null }>>;
  /** The rubric bank the teacher sees (issue 44): their own and the school's. */
  bank: (BankOption & { editable: boolean })[];
  /** The viewer is an admin: their new rubrics may be the school's. */
  canShareRubrics: boolean;
}) {
  const [form, setForm] = useState<{ mode: "new" } | { mode: "edit"; assignment: ManagedAssignment } | null>(null);
  const [deleting, setDeleting] = useState<ManagedAssignment | null>(null);
  const [bulk, setBulk] = useState<ManagedAssignment | null>(null);
  const [responses, setResponses] = useState<ResponsesShown | null>(null);
  const [bankOpen, setBankOpen] = useState(false);
  const [, start] = useTransition();
  const toast = useToast();
  const t = useTranslations("teacherAssignments");
  const shared = useTranslations("teacherShared");
  const rubricWords = useTranslations("rubrics");

  const saveText = async (assignmentId: number, patch: { title?: string; description?: string }) => {
    const res = await editAssignmentText({ levelCode, assignmentId, ...patch });
    if (!res.ok) toast(res.message, "error");
    return res.ok;
  };

  return (
    <div>
      <ManagerHeader title={t("heading")} newLabel={t("new")} onNew={() => setForm({ mode: "new" })} />
      <div className="-mt-2 mb-4 flex justify-end">
        <SecondaryButton onClick={() => setBankOpen(true)}>{rubricWords("bank.open")}</SecondaryButton>
      </div>
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
                    <a
                      href={`/level/${encodeURIComponent(levelCode)}/update/queue?assignment=${a.id}`}
                      className="rounded-lg border border-line px-3 py-1.5 text-sm font-medium hover:bg-surface-muted"
                    >
                      {t("gradeInQueue")}
                    </a>
                    <SecondaryButton onClick={() => setBulk(a)}>{t("bulkGrade")}</SecondaryButton>
                    {a.postPolicy === "on_return" && (
                      <ReturnButton levelCode={levelCode} assignmentId={a.id} count={a.drafts} />
                    )}
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
          bank={bank}
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
      {bankOpen && (
        <RubricBankDialog
          levelCode={levelCode}
          bank={bank}
          canShare={canShareRubrics}
          onClose={() => setBankOpen(false)}
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
