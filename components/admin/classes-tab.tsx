"use client";

import { useActionState, useEffect, useState, useTransition } from "react";
import { loadClassStudentStats, saveClass } from "@/app/admin/actions";
import { ErrorBanner } from "@/components/error-banner";
import { RosterRemovedMarker } from "@/components/admin/roster-removed";
import { Modal } from "@/components/modal";
import {
  Field,
  PrimaryButton,
  SecondaryButton,
  Select,
  TextInput,
  FormActions,
} from "@/components/teacher/form-controls";
import { useToast } from "@/components/toast";
import type { ActionResult } from "@/lib/action-result";
import type { Band } from "@/lib/domain/grades";
import type { AdminClassView, ClassStudentStats } from "@/lib/queries/admin-types";

const BAND: Record<Band, string> = {
  good: "text-emerald-700 dark:text-emerald-300",
  fair: "text-amber-700 dark:text-amber-300",
  poor: "text-orange-700",
  bad: "text-red-700 dark:text-red-300",
};
const BAND_WORD: Record<Band, string> = { good: "high", fair: "fair", poor: "low", bad: "low" };

export function ClassesTab({
  classes,
  instructors,
}: {
  classes: AdminClassView[];
  instructors: { id: number; name: string }[];
}) {
  const [viewing, setViewing] = useState<{ c: AdminClassView; rows: ClassStudentStats[] } | null>(null);
  const [editing, setEditing] = useState<AdminClassView | "new" | null>(null);
  const [, start] = useTransition();
  const toast = useToast();
  return (
    <div>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        {/* The list reads the kept running totals (one statement for a page of classes); term grades by each class's settings are on its dashboard. */}
        <p className="text-sm text-ink-muted">
          Class average (total points) and attendance cover the whole year. Each class&apos;s term grades are on its
          dashboard.
        </p>
        <PrimaryButton onClick={() => setEditing("new")}>New Class</PrimaryButton>
      </div>
      <div className="relative overflow-x-auto rounded-2xl border border-line bg-surface">
        <table className="w-full text-sm">
          <thead className="bg-surface-muted [&_th]:text-start text-ink-muted">
            <tr>
              {["Class", "Code", "Teacher", "Students", "Assignments", "Class average", "Attendance"].map((h) => (
                <th key={h} scope="col" className="px-3 py-2 font-medium">
                  {h}
                </th>
              ))}
              <th scope="col" className="px-3 py-2">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {classes.map((c) => (
              <tr key={c.id} className="border-t border-line" data-testid="admin-class-row">
                <th scope="row" className="px-3 py-2 text-left font-medium">
                  {c.name}
                  <div className="text-xs font-normal text-ink-muted">
                    {[c.period && `Period ${c.period}`, c.level].filter(Boolean).join(" · ")}
                  </div>
                  {c.rosterRemovedOn && (
                    <RosterRemovedMarker kind="class" id={c.id} name={c.name} on={c.rosterRemovedOn} />
                  )}
                </th>
                <td className="px-3 py-2 font-mono">{c.code}</td>
                <td className="px-3 py-2">{c.teacherName ?? <span className="text-ink-muted">None</span>}</td>
                <td className="px-3 py-2">{c.students}</td>
                <td className="px-3 py-2">{c.assignments}</td>
                <td className={`px-3 py-2 font-semibold ${BAND[c.averageBand]}`}>
                  {c.average}% <span className="sr-only">({BAND_WORD[c.averageBand]})</span>
                </td>
                <td className={`px-3 py-2 font-semibold ${BAND[c.attendanceBand]}`}>
                  {c.attendance}% <span className="sr-only">({BAND_WORD[c.attendanceBand]})</span>
                </td>
                <td className="px-3 py-2">
                  <div className="flex justify-end gap-2 whitespace-nowrap">
                    <SecondaryButton
                      onClick={() =>
                        start(async () => {
                          const res = await loadClassStudentStats(c.code);
                          if (res.ok) setViewing({ c, rows: res.data ?? [] });
                          else toast(res.message, "error");
                        })
                      }
                    >
                      View Students<span className="sr-only"> of {c.name}</span>
                    </SecondaryButton>
                    <a
                      href={`/level/${encodeURIComponent(c.code)}/update`}
                      className="rounded-lg border border-line px-3 py-1.5 text-sm font-medium hover:bg-surface-muted"
                    >
                      View Class<span className="sr-only"> {c.name}</span>
                    </a>
                    <SecondaryButton onClick={() => setEditing(c)}>
                      Edit<span className="sr-only"> {c.name}</span>
                    </SecondaryButton>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Modal
        open={viewing !== null}
        onOpenChange={(o) => !o && setViewing(null)}
        title={viewing ? `Students in ${viewing.c.name}` : "Students"}
        wide
      >
        {viewing && viewing.rows.length === 0 && <p className="text-ink-muted">No students enrolled yet</p>}
        {viewing && viewing.rows.length > 0 && (
          <div className="max-h-[60vh] overflow-auto" tabIndex={0} role="region" aria-label="Student figures">
            <table className="w-full text-sm">
              <thead className="sticky top-0 bg-surface text-left text-ink-muted">
                <tr>
                  {["Student", "Grade average", "Attendance", "Present", "Excused", "Late", "Absent", "Total days"].map(
                    (h) => (
                      <th key={h} scope="col" className="px-2 py-1 font-medium">
                        {h}
                      </th>
                    ),
                  )}
                </tr>
              </thead>
              <tbody>
                {viewing.rows.map((r) => (
                  <tr key={r.id} className="border-t border-line" data-testid="class-student-stat">
                    <th scope="row" className="px-2 py-1 text-left font-medium">
                      {r.name}
                    </th>
                    <td className="px-2 py-1">{r.grade}%</td>
                    <td className="px-2 py-1">{r.attendance}%</td>
                    <td className="px-2 py-1">{r.present}</td>
                    <td className="px-2 py-1">{r.excused}</td>
                    <td className="px-2 py-1">{r.late}</td>
                    <td className="px-2 py-1">{r.absent}</td>
                    <td className="px-2 py-1">{r.total}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Modal>
      {editing && (
        <ClassForm
          key={editing === "new" ? "new" : editing.id}
          value={editing === "new" ? null : editing}
          instructors={instructors}
          onClose={() => setEditing(null)}
        />
      )}
    </div>
  );
}

const idle: ActionResult = { ok: true };

function ClassForm({
  value,
  instructors,
  onClose,
}: {
  value: AdminClassView | null;
  instructors: { id: number; name: string }[];
  onClose: () => void;
}) {
  const [state, action, pending] = useActionState(saveClass, idle);
  const [v, setV] = useState({
    code: value?.code ?? "",
    name: value?.name ?? "",
    period: value?.period ?? "",
    level: value?.level ?? "",
    teacherId: value?.teacherId ? String(value.teacherId) : "",
  });
  useEffect(() => {
    if (state !== idle && state.ok) onClose();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [state]);
  const input = (k: "code" | "name" | "period" | "level", label: string, required = false) => (
    <Field label={label} htmlFor={`class-${k}`}>
      <TextInput
        id={`class-${k}`}
        name={k}
        required={required}
        value={v[k]}
        onChange={(e) => setV((x) => ({ ...x, [k]: e.target.value }))}
      />
    </Field>
  );
  return (
    <Modal open onOpenChange={(o) => !o && onClose()} title={value ? `Edit ${value.name}` : "New Class"}>
      <form action={action} className="space-y-3">
        {!state.ok && <ErrorBanner message={state.message} />}
        {value && <input type="hidden" name="id" value={value.id} />}
        {input("code", "Code", true)}
        {input("name", "Name", true)}
        <div className="grid grid-cols-2 gap-3">
          {input("period", "Period")}
          {input("level", "Level")}
        </div>
        <Field label="Teacher" htmlFor="class-teacher">
          <Select
            id="class-teacher"
            name="teacherId"
            value={v.teacherId}
            onChange={(e) => setV((x) => ({ ...x, teacherId: e.target.value }))}
          >
            <option value="">No teacher yet</option>
            {instructors.map((i) => (
              <option key={i.id} value={i.id}>
                {i.name}
              </option>
            ))}
          </Select>
        </Field>
        <FormActions onCancel={onClose} pending={pending} label={value ? "Save Class" : "Create Class"} />
      </form>
    </Modal>
  );
}
