"use client";

// The Students tab's dialogs: adding students (an existing account or a new one) and editing one.
import { Tabs } from "radix-ui";
import { useActionState, useEffect, useState, useTransition } from "react";
import { useTranslations } from "@/components/use-translations";
import {
  createStudent,
  editStudent,
  enrollStudents,
  searchStudents,
} from "@/app/level/[levelCode]/update/class-roster-actions";
import { ErrorBanner } from "@/components/error-banner";
import { Modal } from "@/components/modal";
import type { ActionResult } from "@/lib/action-result";
import type { RosterView } from "@/lib/queries/roster-types";
import { ADD_STUDENTS_CLOSE_MS } from "@/lib/domain/constants";
import { Field, PrimaryButton, TextInput, FormActions, useTextFields } from "./form-controls";

function useCloseAfterSuccess(success: boolean, onClose: () => void) {
  useEffect(() => {
    if (!success) return;
    const id = setTimeout(onClose, ADD_STUDENTS_CLOSE_MS);
    return () => clearTimeout(id);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [success]);
}

export function AddStudentsDialog({
  levelCode,
  onClose,
  onCreated,
}: {
  levelCode: string;
  onClose: () => void;
  onCreated: (name: string, code: string | null) => void;
}) {
  const [mode, setMode] = useState("existing");
  const [success, setSuccess] = useState<string | null>(null);
  const t = useTranslations("teacherStudents");
  useCloseAfterSuccess(success !== null, onClose);
  return (
    <Modal open onOpenChange={(o) => !o && onClose()} title={t("addTitle")} wide>
      {success && (
        <p
          role="status"
          className="mb-3 rounded-lg bg-emerald-50 px-3 py-2 text-sm text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200"
        >
          {success}
        </p>
      )}
      <Tabs.Root value={mode} onValueChange={setMode}>
        <Tabs.List aria-label={t("howToAdd")} className="mb-4 inline-flex rounded-lg border border-line p-1">
          {[
            ["existing", t("existing")],
            ["new", t("createNew")],
          ].map(([v, label]) => (
            <Tabs.Trigger
              key={v}
              value={v!}
              className="rounded-md px-3 py-1.5 text-sm font-medium text-ink-muted data-[state=active]:bg-brand-600 data-[state=active]:text-white"
            >
              {label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value="existing">
          <AddExisting levelCode={levelCode} onDone={setSuccess} />
        </Tabs.Content>
        <Tabs.Content value="new">
          <CreateNew
            levelCode={levelCode}
            onDone={(message, name, code) => {
              setSuccess(message);
              onCreated(name, code);
            }}
          />
        </Tabs.Content>
      </Tabs.Root>
    </Modal>
  );
}

function AddExisting({ levelCode, onDone }: { levelCode: string; onDone: (message: string) => void }) {
  const [query, setQuery] = useState("");
  const [results, setResults] = useState<
    { id: number; name: string; username: string; email: string | null; enrolled: boolean; inNoClass: boolean }[]
  >([]);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [error, setError] = useState<string | null>(null);
  const [pending, start] = useTransition();
  const t = useTranslations("teacherStudents");

  useEffect(() => {
    const id = setTimeout(() => {
      void searchStudents(levelCode, query).then((res) => {
        if (res.ok) setResults(res.data ?? []);
        else setError(res.message);
      });
    }, 200);
    return () => clearTimeout(id);
  }, [levelCode, query]);

  const toggle = (id: number) =>
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <div>
      {error && (
        <div className="mb-3">
          <ErrorBanner message={error} />
        </div>
      )}
      <Field label={t("search")} htmlFor="student-search">
        <TextInput
          id="student-search"
          type="search"
          placeholder={t("searchHint")}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
      </Field>
      <ul
        className="mt-3 max-h-72 divide-y divide-line overflow-y-auto rounded-lg border border-line"
        aria-label={t("list")}
      >
        {results.length === 0 && <li className="px-3 py-4 text-sm text-ink-muted">{t("noneFound")}</li>}
        {results.map((r) => (
          <li key={r.id}>
            <label
              className={`flex items-center gap-3 px-3 py-2 text-sm ${r.enrolled ? "opacity-60" : "cursor-pointer hover:bg-surface-muted"}`}
            >
              <input
                type="checkbox"
                disabled={r.enrolled}
                checked={selected.has(r.id)}
                onChange={() => toggle(r.id)}
                className="h-4 w-4"
              />
              <span className="flex-1" data-user-text>
                <span className="font-medium">{r.name}</span> <span className="text-ink-muted">@{r.username}</span>
                {r.email && <span className="block text-xs text-ink-muted">{r.email}</span>}
              </span>
              {r.enrolled ? (
                <span className="rounded-full bg-surface-muted px-2 py-0.5 text-xs font-medium">{t("enrolled")}</span>
              ) : r.inNoClass ? (
                <span
                  className="rounded-full border border-line px-2 py-0.5 text-xs font-medium text-ink-muted"
                  data-testid="in-no-class"
                >
                  {t("inNoClass")}
                </span>
              ) : null}
            </label>
          </li>
        ))}
      </ul>
      {results.some((r) => r.inNoClass && !r.enrolled) && (
        <p className="mt-2 text-sm text-ink-muted" data-testid="in-no-class-note">
          {t("inNoClassNote")}
        </p>
      )}
      <div className="mt-4 flex justify-end">
        <PrimaryButton
          disabled={selected.size === 0 || pending}
          onClick={() =>
            start(async () => {
              const res = await enrollStudents({ levelCode, studentIds: [...selected] });
              if (res.ok) {
                setSelected(new Set());
                onDone(res.message ?? "");
              } else setError(res.message);
            })
          }
        >
          {pending ? t("adding") : t("addSelected", { count: selected.size })}
        </PrimaryButton>
      </div>
    </div>
  );
}

const idleCreate: ActionResult<{ code: string | null; name: string }> = { ok: true };

function CreateNew({
  levelCode,
  onDone,
}: {
  levelCode: string;
  onDone: (message: string, name: string, code: string | null) => void;
}) {
  const [state, action, pending] = useActionState(createStudent, idleCreate);
  const t = useTranslations("teacherStudents");
  const { field } = useTextFields("new-student", {
    name: "",
    username: "",
    email: "",
    phoneNumber: "",
    parent1Number: "",
    parent2Number: "",
  });
  useEffect(() => {
    if (state !== idleCreate && state.ok) onDone(state.message ?? "", state.data?.name ?? "", state.data?.code ?? null);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [state]);
  return (
    <form action={action} className="space-y-3">
      {!state.ok && <ErrorBanner message={state.message} />}
      <input type="hidden" name="levelCode" value={levelCode} />
      <div className="grid gap-3 sm:grid-cols-2">
        {field("name", t("name"), { required: true, maxLength: 200 })}
        {field("username", t("username"), { required: true, maxLength: 100 })}
        {field("email", t("email"), { type: "email", maxLength: 254 })}
        {field("phoneNumber", t("phoneOptional"), { type: "tel", maxLength: 40 })}
        {field("parent1Number", t("parent1Optional"), { type: "tel", maxLength: 40 })}
        {field("parent2Number", t("parent2Optional"), { type: "tel", maxLength: 40 })}
      </div>
      <p className="text-sm text-ink-muted">{t("codeOnce")}</p>
      <div className="flex justify-end">
        <PrimaryButton type="submit" disabled={pending}>
          {pending ? t("creating") : t("createAndAdd")}
        </PrimaryButton>
      </div>
    </form>
  );
}

const idle: ActionResult<{ code: string | null; name: string }> = { ok: true };

export function EditStudentDialog({
  levelCode,
  student,
  onClose,
}: {
  levelCode: string;
  student: RosterView;
  onClose: () => void;
}) {
  const [state, action, pending] = useActionState(editStudent, idle);
  const t = useTranslations("teacherStudents");
  const { field } = useTextFields("edit-student", {
    name: student.name,
    username: student.username,
    email: student.email ?? "",
    phoneNumber: student.phoneNumber ?? "",
    parent1Number: student.parent1Number ?? "",
    parent2Number: student.parent2Number ?? "",
  });
  useEffect(() => {
    if (state !== idle && state.ok) onClose();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [state]);
  return (
    <Modal open onOpenChange={(o) => !o && onClose()} title={t("editTitle", { name: student.name })} wide>
      <form action={action} className="space-y-3">
        {!state.ok && <ErrorBanner message={state.message} />}
        <input type="hidden" name="levelCode" value={levelCode} />
        <input type="hidden" name="studentId" value={student.id} />
        <div className="grid gap-3 sm:grid-cols-2">
          {field("name", t("name"), { required: true, maxLength: 200 })}
          {field("username", t("username"), { required: true, maxLength: 100 })}
          {field("email", t("email"), { type: "email", maxLength: 254 })}
          {field("phoneNumber", t("phone"), { type: "tel", maxLength: 40 })}
          {field("parent1Number", t("parent1"), { type: "tel", maxLength: 40 })}
          {field("parent2Number", t("parent2"), { type: "tel", maxLength: 40 })}
        </div>
        {student.codeAdminsOnly ? (
          <p className="text-sm text-ink-muted" data-testid="code-admins-only-note">
            {t("adminsOnlyMessage")}
          </p>
        ) : (
          <label className="flex items-start gap-2 text-sm">
            <input type="checkbox" name="newCode" className="mt-1" />
            <span>
              {t("newCode")}
              <span className="block text-ink-muted">{student.code ? t("newCodeOld") : t("newCodeNone")}</span>
            </span>
          </label>
        )}
        <FormActions onCancel={onClose} pending={pending} label={t("saveChanges")} />
      </form>
    </Modal>
  );
}
