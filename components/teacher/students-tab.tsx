"use client";

import { useState, useTransition } from "react";
import { useTranslations } from "@/components/use-translations";
import { removeStudent } from "@/app/level/[levelCode]/update/class-roster-actions";
import { AdminsOnlyCode } from "@/components/admins-only-code";
import { CodeBadge } from "@/components/code-badge";
import { ClassCardsForm } from "./class-cards-form";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { EmptyState } from "@/components/states";
import { useToast } from "@/components/toast";
import type { RosterView } from "@/lib/queries/roster-types";
import { PrimaryButton, SecondaryButton } from "./form-controls";
import { AddStudentsDialog, EditStudentDialog } from "./student-dialogs";

export function StudentsTab({
  levelCode,
  students,
  readOnly = false,
}: {
  levelCode: string;
  students: RosterView[];
  /** A concluded class (issue 41): the roster is read, never changed (its sign-in cards still print). */
  readOnly?: boolean;
}) {
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<RosterView | null>(null);
  const [removing, setRemoving] = useState<RosterView | null>(null);
  const [newCode, setNewCode] = useState<{ name: string; code: string } | null>(null);
  const [, start] = useTransition();
  const toast = useToast();
  const t = useTranslations("teacherStudents");
  const adminsOnly = { label: t("adminsOnly"), title: t("adminsOnlyTitle") };

  return (
    <div>
      <div className="mb-4 flex justify-between gap-3">
        <h2 className="text-lg font-semibold">{t("heading", { count: students.length })}</h2>
        <div className="flex flex-wrap gap-2">
          {students.length > 0 && <ClassCardsForm levelCode={levelCode} label={t("printCards")} />}
          {!readOnly && <PrimaryButton onClick={() => setAdding(true)}>{t("add")}</PrimaryButton>}
        </div>
      </div>
      {newCode && (
        <div
          role="status"
          className="mb-4 flex flex-wrap items-center justify-between gap-3 rounded-xl border border-brand-600 bg-brand-50 px-4 py-3 text-sm text-brand-800 dark:bg-brand-800 dark:text-brand-50"
        >
          <span>
            {t("codeFor", { name: newCode.name })}{" "}
            <strong className="font-mono text-base" data-testid="new-code" data-user-text>
              {newCode.code}
            </strong>{" "}
            {t("codeHint")}
          </span>
          <SecondaryButton onClick={() => setNewCode(null)}>{t("dismiss")}</SecondaryButton>
        </div>
      )}
      {students.length === 0 ? (
        <EmptyState title={t("none")} message={t("noneHint")} />
      ) : (
        <div className="relative overflow-x-auto rounded-2xl border border-line bg-surface">
          <table className="w-full text-sm">
            <thead className="bg-surface-muted [&_th]:text-start text-ink-muted">
              <tr>
                <th scope="col" className="px-3 py-2 font-medium">
                  {t("student")}
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  {t("contact")}
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  {t("code")}
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  {t("joined")}
                </th>
                {!readOnly && (
                  <th scope="col" className="px-3 py-2 font-medium">
                    <span className="sr-only">{t("actions")}</span>
                  </th>
                )}
              </tr>
            </thead>
            <tbody>
              {students.map((s) => (
                <tr key={s.id} className="border-t border-line" data-testid="roster-row">
                  <th scope="row" className="px-3 py-2 text-left font-medium">
                    <span data-user-text>{s.name}</span>
                    <div className="text-xs font-normal text-ink-muted" data-user-text>
                      @{s.username}
                    </div>
                  </th>
                  <td className="px-3 py-2">
                    {s.email ? <span data-user-text>{s.email}</span> : <span className="text-ink-muted">—</span>}
                  </td>
                  <td className="px-3 py-2">
                    {s.code ? (
                      <CodeBadge code={s.code} label={t("accessCode", { code: s.code })} />
                    ) : s.codeAdminsOnly ? (
                      <AdminsOnlyCode words={adminsOnly} />
                    ) : (
                      <span className="text-ink-muted">{t("noCode")}</span>
                    )}
                  </td>
                  <td className="px-3 py-2 whitespace-nowrap">{s.joined}</td>
                  {!readOnly && (
                    <td className="px-3 py-2">
                      <div className="flex justify-end gap-2">
                        <SecondaryButton aria-label={t("editLabel", { name: s.name })} onClick={() => setEditing(s)}>
                          {t("edit")}
                        </SecondaryButton>
                        <SecondaryButton
                          tone="danger"
                          aria-label={t("removeLabel", { name: s.name })}
                          onClick={() => setRemoving(s)}
                        >
                          {t("remove")}
                        </SecondaryButton>
                      </div>
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {students.some((s) => s.codeAdminsOnly) && (
        <p className="mt-2 text-sm text-ink-muted" data-testid="admins-only-codes-note">
          {t("adminsOnlyNote")}
        </p>
      )}
      {adding && (
        <AddStudentsDialog
          levelCode={levelCode}
          onClose={() => setAdding(false)}
          onCreated={(name, code) => code && setNewCode({ name, code })}
        />
      )}
      {editing && (
        <EditStudentDialog key={editing.id} levelCode={levelCode} student={editing} onClose={() => setEditing(null)} />
      )}
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(o) => !o && setRemoving(null)}
        title={t("removeTitle")}
        message={t("removeConfirm")}
        confirmLabel={t("remove")}
        onConfirm={() => {
          const target = removing;
          if (!target) return;
          start(async () => {
            const res = await removeStudent({ levelCode, studentId: target.id });
            toast(res.ok ? t("removed", { name: target.name }) : res.message, res.ok ? "success" : "error");
          });
        }}
      />
    </div>
  );
}
