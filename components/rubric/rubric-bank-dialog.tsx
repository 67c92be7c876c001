"use client";

// The rubric bank (issue 44), opened from the Assignments tab: the school's rubrics and the
// teacher's own, each editable by whoever may change it (its owner; the school's by admins), and a
// new one (the school's when an admin says so). Assignments keep their own copies: nothing here
// changes an assignment or a grade.
import { useState, useTransition } from "react";
import { createBankRubric, deleteBankRubric, updateBankRubric } from "@/app/level/[levelCode]/update/rubric-actions";
import { ErrorBanner } from "@/components/error-banner";
import { useGradeNumbers } from "@/components/grade-numbers";
import { Modal } from "@/components/modal";
import { PrimaryButton, SecondaryButton } from "@/components/teacher/form-controls";
import { useToast } from "@/components/toast";
import { useTranslations } from "@/components/use-translations";
import { hundredthsText } from "@/lib/domain/rubrics";
import type { BankOption } from "./assignment-rubric-field";
import { bodyOfDraft, draftOfRubric, emptyDraft, RubricEditor, type RubricDraft } from "./rubric-editor";

type Editing = { id: number | null; draft: RubricDraft; shared: boolean };

export function RubricBankDialog({
  levelCode,
  bank,
  canShare,
  onClose,
}: {
  levelCode: string;
  bank: (BankOption & { editable: boolean })[];
  canShare: boolean;
  onClose: () => void;
}) {
  const t = useTranslations("rubrics");
  const { number } = useGradeNumbers();
  const toast = useToast();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [deleting, setDeleting] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, start] = useTransition();

  const save = (e: Editing) =>
    start(async () => {
      const rubric = bodyOfDraft(e.draft);
      const res =
        e.id === null
          ? await createBankRubric({ levelCode, rubric, shared: e.shared })
          : await updateBankRubric({ levelCode, rubricId: e.id, rubric });
      if (res.ok) {
        toast(res.message ?? "");
        setEditing(null);
        setError(null);
      } else setError(res.message);
    });
  const remove = (id: number) =>
    start(async () => {
      const res = await deleteBankRubric({ levelCode, rubricId: id });
      setDeleting(null);
      toast(res.message ?? "", res.ok ? undefined : "error");
    });

  const groups = [
    { key: "school", title: t("bank.school"), list: bank.filter((b) => b.shared) },
    { key: "own", title: t("bank.own"), list: bank.filter((b) => !b.shared) },
  ];
  return (
    <Modal open onOpenChange={(o) => !o && onClose()} title={t("bank.heading")} wide>
      {editing ? (
        <form
          className="space-y-3"
          onSubmit={(ev) => {
            ev.preventDefault();
            save(editing);
          }}
        >
          {error && <ErrorBanner message={error} />}
          <RubricEditor
            idPrefix="bank-editor"
            value={editing.draft}
            onChange={(draft) => setEditing({ ...editing, draft })}
          />
          {editing.id === null && canShare && (
            <label className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                checked={editing.shared}
                onChange={(ev) => setEditing({ ...editing, shared: ev.target.checked })}
              />
              {t("bank.shared")}
            </label>
          )}
          <div className="flex justify-end gap-2">
            <SecondaryButton onClick={() => setEditing(null)}>{t("bank.cancel")}</SecondaryButton>
            <PrimaryButton type="submit" disabled={pending}>
              {t("bank.save")}
            </PrimaryButton>
          </div>
        </form>
      ) : (
        <div className="space-y-4">
          <div className="flex justify-end">
            <PrimaryButton onClick={() => setEditing({ id: null, draft: emptyDraft(), shared: false })}>
              {t("bank.new")}
            </PrimaryButton>
          </div>
          {groups.map((g) => (
            <section key={g.key} aria-labelledby={`bank-${g.key}`}>
              <h3 id={`bank-${g.key}`} className="mb-2 text-sm font-semibold">
                {g.title}
              </h3>
              {g.list.length === 0 ? (
                <p className="text-sm text-ink-muted">{t("bank.empty")}</p>
              ) : (
                <ul className="divide-y divide-line rounded-lg border border-line">
                  {g.list.map((b) => (
                    <li key={b.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2">
                      <div className="min-w-0">
                        <p className="font-medium" data-user-text>
                          {b.title}
                        </p>
                        <p className="text-xs text-ink-muted">
                          {t("bank.total", { total: number(hundredthsText(b.maxHundredths)) })}
                        </p>
                      </div>
                      {b.editable &&
                        (deleting === b.id ? (
                          <div className="flex flex-wrap items-center gap-2">
                            <p className="text-sm">{t("bank.confirmDelete", { title: b.title })}</p>
                            <SecondaryButton tone="danger" disabled={pending} onClick={() => remove(b.id)}>
                              {t("bank.delete")}
                            </SecondaryButton>
                            <SecondaryButton onClick={() => setDeleting(null)}>{t("bank.cancel")}</SecondaryButton>
                          </div>
                        ) : (
                          <div className="flex gap-2">
                            <SecondaryButton
                              onClick={() => setEditing({ id: b.id, draft: draftOfRubric(b.body), shared: b.shared })}
                            >
                              {t("bank.edit")}
                            </SecondaryButton>
                            <SecondaryButton tone="danger" onClick={() => setDeleting(b.id)}>
                              {t("bank.delete")}
                            </SecondaryButton>
                          </div>
                        ))}
                    </li>
                  ))}
                </ul>
              )}
            </section>
          ))}
        </div>
      )}
    </Modal>
  );
}
