"use client";

import { useActionState, useEffect, useState, useTransition } from "react";
import { useTranslations } from "@/components/use-translations";
import { adminEditStudent, createUser, regenerateCode } from "@/app/admin/actions";
import { CodeBadge } from "@/components/code-badge";
import { ErrorBanner } from "@/components/error-banner";
import { RosterRemovedMarker } from "@/components/admin/roster-removed";
import { Modal } from "@/components/modal";
import {
  Field,
  PrimaryButton,
  SecondaryButton,
  Select,
  TextInput,
  useTextFields,
} from "@/components/teacher/form-controls";
import { useToast } from "@/components/toast";
import type { ActionResult } from "@/lib/action-result";
import type { AdminStudentView } from "@/lib/queries/admin-types";

/** Shows a new access code once, until dismissed. */
export function NewCodeNotice({ value, onDismiss }: { value: { name: string; code: string }; onDismiss: () => void }) {
  const t = useTranslations("adminUser");
  return (
    <div
      role="status"
      className="mb-4 flex flex-wrap items-center justify-between gap-3 rounded-xl border border-brand-600 bg-brand-50 px-4 py-3 text-sm text-brand-800 dark:bg-brand-800 dark:text-brand-50"
    >
      <span>
        {t("codeFor", { name: value.name })}{" "}
        <strong className="font-mono text-base" data-testid="new-code" data-user-text>
          {value.code}
        </strong>{" "}
        {t("shownOnce")}
      </span>
      <SecondaryButton onClick={onDismiss}>{t("dismiss")}</SecondaryButton>
    </div>
  );
}

export function StudentsAdminTab({ students }: { students: AdminStudentView[] }) {
  const [open, setOpen] = useState<Set<number>>(new Set());
  const [editing, setEditing] = useState<AdminStudentView | null>(null);
  const [newCode, setNewCode] = useState<{ name: string; code: string } | null>(null);
  const [, start] = useTransition();
  const toast = useToast();
  const t = useTranslations("adminStudents");
  const tu = useTranslations("adminUser");
  return (
    <div>
      {newCode && <NewCodeNotice value={newCode} onDismiss={() => setNewCode(null)} />}
      {students.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-line bg-surface px-6 py-10 text-center text-ink-muted">
          {t("none")}
        </p>
      ) : (
        <ul className="divide-y divide-line rounded-2xl border border-line bg-surface">
          {students.map((s) => (
            <li key={s.id} className="px-4 py-3" data-testid="admin-student-row">
              <div className="flex flex-wrap items-center gap-3">
                <div className="min-w-0 flex-1">
                  <div className="font-medium" data-user-text>
                    {s.name}
                  </div>
                  {s.rosterRemovedOn && (
                    <RosterRemovedMarker kind="user" id={s.id} name={s.name} on={s.rosterRemovedOn} />
                  )}
                  <div className="text-sm text-ink-muted" data-user-text>
                    @{s.username}
                    {s.email ? ` · ${s.email}` : ""}
                  </div>
                </div>
                {s.code && (
                  <span data-user-text>
                    <CodeBadge code={s.code} label={t("accessCode", { code: s.code })} />
                  </span>
                )}
                <SecondaryButton
                  aria-expanded={open.has(s.id)}
                  onClick={() =>
                    setOpen((o) => {
                      const n = new Set(o);
                      if (n.has(s.id)) n.delete(s.id);
                      else n.add(s.id);
                      return n;
                    })
                  }
                >
                  {open.has(s.id) ? t("hideClasses") : t("showClasses")}
                </SecondaryButton>
                <a
                  href={`/admin/students/${s.id}`}
                  className="rounded-lg border border-line px-3 py-1.5 text-sm font-medium hover:bg-surface-muted"
                >
                  {t("guardians")}
                  <span className="sr-only">{t("ofName", { name: s.name })}</span>
                </a>
                <SecondaryButton onClick={() => setEditing(s)}>
                  {t("edit")}
                  <span className="sr-only" data-user-text>
                    {" "}
                    {s.name}
                  </span>
                </SecondaryButton>
                <SecondaryButton
                  onClick={() =>
                    start(async () => {
                      const res = await regenerateCode(s.id);
                      if (res.ok && res.data) setNewCode(res.data);
                      else if (!res.ok) toast(res.message, "error");
                    })
                  }
                >
                  {tu("newCode")}
                  <span className="sr-only">{tu("forName", { name: s.name })}</span>
                </SecondaryButton>
              </div>
              {open.has(s.id) && (
                <p className="mt-2 text-sm" data-testid="student-classes">
                  {s.classes.length ? (
                    <span data-user-text>{s.classes.join(", ")}</span>
                  ) : (
                    <span className="text-ink-muted">{t("notEnrolled")}</span>
                  )}
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
      {editing && <EditStudent key={editing.id} student={editing} onClose={() => setEditing(null)} />}
    </div>
  );
}

const idle: ActionResult = { ok: true };

function EditStudent({ student, onClose }: { student: AdminStudentView; onClose: () => void }) {
  const [state, action, pending] = useActionState(adminEditStudent, idle);
  const t = useTranslations("adminStudents");
  const common = useTranslations("common");
  const {
    values: v,
    setValues: setV,
    field,
  } = useTextFields("admin-edit", {
    name: student.name,
    username: student.username,
    email: student.email ?? "",
    dateOfBirth: student.dateOfBirth ?? "",
  });
  useEffect(() => {
    if (state !== idle && state.ok) onClose();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [state]);
  return (
    <Modal open onOpenChange={(o) => !o && onClose()} title={t("editName", { name: student.name })}>
      <form action={action} className="space-y-3">
        {!state.ok && <ErrorBanner message={state.message} />}
        <input type="hidden" name="id" value={student.id} />
        {field("name", t("name"), { type: "text", required: true })}
        {field("username", t("username"), { type: "text", required: true })}
        {field("email", t("email"), { type: "email", required: true })}
        <Field label={t("dateOfBirth")} htmlFor="admin-edit-dob">
          <TextInput
            id="admin-edit-dob"
            name="dateOfBirth"
            type="date"
            value={v.dateOfBirth}
            onChange={(e) => setV((x) => ({ ...x, dateOfBirth: e.target.value }))}
          />
        </Field>
        <AdminFormActions
          onCancel={onClose}
          cancel={common("cancel")}
          pending={pending}
          label={pending ? t("saving") : t("save")}
        />
      </form>
    </Modal>
  );
}

const idleCreate: ActionResult<{ code: string; name: string }> = { ok: true };

export function CreateUserButton() {
  const [open, setOpen] = useState(false);
  const [created, setCreated] = useState<{ name: string; code: string } | null>(null);
  const t = useTranslations("adminUser");
  return (
    <>
      <PrimaryButton onClick={() => setOpen(true)}>{t("newUser")}</PrimaryButton>
      {open && (
        <CreateUserModal
          onClose={() => setOpen(false)}
          onCreated={(c) => {
            setCreated(c);
            setOpen(false);
          }}
        />
      )}
      {created && (
        <div className="fixed inset-x-4 top-4 z-50 mx-auto max-w-xl">
          <NewCodeNotice value={created} onDismiss={() => setCreated(null)} />
        </div>
      )}
    </>
  );
}

function CreateUserModal({
  onClose,
  onCreated,
}: {
  onClose: () => void;
  onCreated: (c: { name: string; code: string }) => void;
}) {
  const [state, action, pending] = useActionState(createUser, idleCreate);
  const t = useTranslations("adminUser");
  const common = useTranslations("common");
  const {
    values: v,
    setValues: setV,
    field: input,
  } = useTextFields("new-user", {
    role: "student",
    name: "",
    username: "",
    email: "",
    phoneNumber: "",
    parent1Number: "",
    parent2Number: "",
  });
  useEffect(() => {
    if (state !== idleCreate && state.ok && state.data) onCreated(state.data);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [state]);
  return (
    <Modal open onOpenChange={(o) => !o && onClose()} title={t("newUser")} description={t("newUserHint")}>
      <form action={action} className="space-y-3">
        {!state.ok && <ErrorBanner message={state.message} />}
        <Field label={t("role")} htmlFor="new-user-role">
          <Select
            id="new-user-role"
            name="role"
            value={v.role}
            onChange={(e) => setV((x) => ({ ...x, role: e.target.value }))}
          >
            <option value="student">{t("roles.student")}</option>
            <option value="parent">{t("roles.parent")}</option>
            <option value="instructor">{t("roles.instructor")}</option>
            <option value="admin">{t("roles.admin")}</option>
          </Select>
        </Field>
        <div className="grid gap-3 sm:grid-cols-2">
          {input("name", t("name"), { required: true })}
          {input("username", t("username"), { required: true })}
          {input("email", t("emailOptional"), { type: "email" })}
          {input("phoneNumber", t("phoneOptional"), { type: "tel" })}
          {v.role === "student" && input("parent1Number", t("parent1Optional"), { type: "tel" })}
          {v.role === "student" && input("parent2Number", t("parent2Optional"), { type: "tel" })}
        </div>
        <AdminFormActions
          onCancel={onClose}
          cancel={common("cancel")}
          pending={pending}
          label={pending ? t("creating") : t("create")}
        />
      </form>
    </Modal>
  );
}

/** Cancel and submit in the reader's language (the teachers' FormActions writes English "Cancel"). */
function AdminFormActions({
  onCancel,
  cancel,
  pending,
  label,
}: {
  onCancel: () => void;
  cancel: string;
  pending: boolean;
  label: string;
}) {
  return (
    <div className="flex justify-end gap-2">
      <SecondaryButton onClick={onCancel}>{cancel}</SecondaryButton>
      <PrimaryButton type="submit" disabled={pending}>
        {label}
      </PrimaryButton>
    </div>
  );
}
