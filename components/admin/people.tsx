"use client";

import { useActionState, useEffect, useState, useTransition } from "react";
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
  FormActions,
} from "@/components/teacher/form-controls";
import { useToast } from "@/components/toast";
import type { ActionResult } from "@/lib/action-result";
import type { AdminStudentView } from "@/lib/queries/admin-types";

/** Shows a new access code once, until dismissed. */
export function NewCodeNotice({ value, onDismiss }: { value: { name: string; code: string }; onDismiss: () => void }) {
  return (
    <div
      role="status"
      className="mb-4 flex flex-wrap items-center justify-between gap-3 rounded-xl border border-brand-600 bg-brand-50 px-4 py-3 text-sm text-brand-800 dark:bg-brand-800 dark:text-brand-50"
    >
      <span>
        Access code for {value.name}:{" "}
        <strong className="font-mono text-base" data-testid="new-code">
          {value.code}
        </strong>{" "}
        — it is shown once here; give it to them now.
      </span>
      <SecondaryButton onClick={onDismiss}>Dismiss</SecondaryButton>
    </div>
  );
}

export function StudentsAdminTab({ students }: { students: AdminStudentView[] }) {
  const [open, setOpen] = useState<Set<number>>(new Set());
  const [editing, setEditing] = useState<AdminStudentView | null>(null);
  const [newCode, setNewCode] = useState<{ name: string; code: string } | null>(null);
  const [, start] = useTransition();
  const toast = useToast();
  return (
    <div>
      {newCode && <NewCodeNotice value={newCode} onDismiss={() => setNewCode(null)} />}
      {students.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-line bg-surface px-6 py-10 text-center text-ink-muted">
          No students found
        </p>
      ) : (
        <ul className="divide-y divide-line rounded-2xl border border-line bg-surface">
          {students.map((s) => (
            <li key={s.id} className="px-4 py-3" data-testid="admin-student-row">
              <div className="flex flex-wrap items-center gap-3">
                <div className="min-w-0 flex-1">
                  <div className="font-medium">{s.name}</div>
                  {s.rosterRemovedOn && (
                    <RosterRemovedMarker kind="user" id={s.id} name={s.name} on={s.rosterRemovedOn} />
                  )}
                  <div className="text-sm text-ink-muted">
                    @{s.username}
                    {s.email ? ` · ${s.email}` : ""}
                  </div>
                </div>
                {s.code && <CodeBadge code={s.code} />}
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
                  {open.has(s.id) ? "Hide Classes" : "Show Classes"}
                </SecondaryButton>
                <a
                  href={`/admin/students/${s.id}`}
                  className="rounded-lg border border-line px-3 py-1.5 text-sm font-medium hover:bg-surface-muted"
                >
                  Guardians<span className="sr-only"> of {s.name}</span>
                </a>
                <SecondaryButton onClick={() => setEditing(s)}>
                  Edit<span className="sr-only"> {s.name}</span>
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
                  New code<span className="sr-only"> for {s.name}</span>
                </SecondaryButton>
              </div>
              {open.has(s.id) && (
                <p className="mt-2 text-sm" data-testid="student-classes">
                  {s.classes.length ? (
                    s.classes.join(", ")
                  ) : (
                    <span className="text-ink-muted">Not enrolled in any class</span>
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
    <Modal open onOpenChange={(o) => !o && onClose()} title={`Edit ${student.name}`}>
      <form action={action} className="space-y-3">
        {!state.ok && <ErrorBanner message={state.message} />}
        <input type="hidden" name="id" value={student.id} />
        {field("name", "Name", { type: "text", required: true })}
        {field("username", "Username", { type: "text", required: true })}
        {field("email", "Email", { type: "email", required: true })}
        <Field label="Date of birth (optional)" htmlFor="admin-edit-dob">
          <TextInput
            id="admin-edit-dob"
            name="dateOfBirth"
            type="date"
            value={v.dateOfBirth}
            onChange={(e) => setV((x) => ({ ...x, dateOfBirth: e.target.value }))}
          />
        </Field>
        <FormActions onCancel={onClose} pending={pending} label="Save Changes" />
      </form>
    </Modal>
  );
}

const idleCreate: ActionResult<{ code: string; name: string }> = { ok: true };

export function CreateUserButton() {
  const [open, setOpen] = useState(false);
  const [created, setCreated] = useState<{ name: string; code: string } | null>(null);
  return (
    <>
      <PrimaryButton onClick={() => setOpen(true)}>New User</PrimaryButton>
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
    <Modal
      open
      onOpenChange={(o) => !o && onClose()}
      title="New User"
      description="An access code is generated and shown once."
    >
      <form action={action} className="space-y-3">
        {!state.ok && <ErrorBanner message={state.message} />}
        <Field label="Role" htmlFor="new-user-role">
          <Select
            id="new-user-role"
            name="role"
            value={v.role}
            onChange={(e) => setV((x) => ({ ...x, role: e.target.value }))}
          >
            <option value="student">Student</option>
            <option value="parent">Parent</option>
            <option value="instructor">Instructor</option>
            <option value="admin">Admin</option>
          </Select>
        </Field>
        <div className="grid gap-3 sm:grid-cols-2">
          {input("name", "Name", { required: true })}
          {input("username", "Username", { required: true })}
          {input("email", "Email (optional)", { type: "email" })}
          {input("phoneNumber", "Phone (optional)", { type: "tel" })}
          {v.role === "student" && input("parent1Number", "Parent 1 phone (optional)", { type: "tel" })}
          {v.role === "student" && input("parent2Number", "Parent 2 phone (optional)", { type: "tel" })}
        </div>
        <FormActions onCancel={onClose} pending={pending} label="Create User" pendingLabel="Creating..." />
      </form>
    </Modal>
  );
}
