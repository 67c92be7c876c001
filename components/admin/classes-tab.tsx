"use client";

import { useActionState, useEffect, useState, useTransition } from "react";
import { loadClassStudentStats, saveClass } from "@/app/admin/actions";
import { ErrorBanner } from "@/components/error-banner";
import { RosterRemovedMarker } from "@/components/admin/roster-removed";
import { Modal } from "@/components/modal";
import { Field, PrimaryButton, SecondaryButton, Select, TextInput } from "@/components/teacher/form-controls";
import { useToast } from "@/components/toast";
import type { ActionResult } from "@/lib/action-result";
import type { Band } from "@/lib/domain/grades";
import type { AdminClassView, ClassStudentStats } from "@/lib/queries/admin-types";
import type { ClassLabels } from "./class-labels";

const BAND: Record<Band, string> = {
  good: "text-emerald-700 dark:text-emerald-300",
  fair: "text-amber-700 dark:text-amber-300",
  poor: "text-orange-700",
  bad: "text-red-700 dark:text-red-300",
};
const BAND_WORD: Record<Band, "high" | "fair" | "low"> = { good: "high", fair: "fair", poor: "low", bad: "low" };

/** A label's {placeholder} filled in (the labels carry no plurals or other ICU syntax). */
const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);

/** The open school years a class may be put in (issue 41), the current one first chosen. */
export interface ClassYears {
  open: { id: number; title: string }[];
  currentId: number | null;
  label: string;
}

export function ClassesTab({
  classes,
  instructors,
  labels: l,
  years,
}: {
  classes: AdminClassView[];
  instructors: { id: number; name: string }[];
  labels: ClassLabels;
  years: ClassYears;
}) {
  const [viewing, setViewing] = useState<{ c: AdminClassView; rows: ClassStudentStats[] } | null>(null);
  const [editing, setEditing] = useState<AdminClassView | "new" | null>(null);
  const [, start] = useTransition();
  const toast = useToast();
  return (
    <div>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        {/* The list reads the kept running totals (one statement for a page of classes); term grades by each class's settings are on its dashboard. */}
        <p className="text-sm text-ink-muted">{l.intro}</p>
        <PrimaryButton onClick={() => setEditing("new")}>{l.newClass}</PrimaryButton>
      </div>
      <div className="relative overflow-x-auto rounded-2xl border border-line bg-surface">
        <table className="w-full text-sm">
          <thead className="bg-surface-muted [&_th]:text-start text-ink-muted">
            <tr>
              {[l.class, l.code, l.teacher, l.students, l.assignments, l.average, l.attendance].map((h) => (
                <th key={h} scope="col" className="px-3 py-2 font-medium">
                  {h}
                </th>
              ))}
              <th scope="col" className="px-3 py-2">
                <span className="sr-only">{l.actions}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {classes.map((c) => (
              <tr key={c.id} className="border-t border-line" data-testid="admin-class-row">
                <th scope="row" className="px-3 py-2 text-left font-medium">
                  <span data-user-text>{c.name}</span>
                  <div className="text-xs font-normal text-ink-muted">
                    {c.period && fill(l.period, { period: c.period })}
                    {c.period && c.level && " · "}
                    {c.level && <span data-user-text>{c.level}</span>}
                  </div>
                  {c.rosterRemovedOn && (
                    <RosterRemovedMarker kind="class" id={c.id} name={c.name} on={c.rosterRemovedOn} />
                  )}
                </th>
                <td className="px-3 py-2 font-mono" data-user-text>
                  {c.code}
                </td>
                <td className="px-3 py-2">
                  {c.teacherName ? (
                    <span data-user-text>{c.teacherName}</span>
                  ) : (
                    <span className="text-ink-muted">{l.none}</span>
                  )}
                </td>
                <td className="px-3 py-2">{c.students}</td>
                <td className="px-3 py-2">{c.assignments}</td>
                <td className={`px-3 py-2 font-semibold ${BAND[c.averageBand]}`}>
                  {c.average}% <span className="sr-only">({l[BAND_WORD[c.averageBand]]})</span>
                </td>
                <td className={`px-3 py-2 font-semibold ${BAND[c.attendanceBand]}`}>
                  {c.attendance}% <span className="sr-only">({l[BAND_WORD[c.attendanceBand]]})</span>
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
                      {l.viewStudents}
                      <span className="sr-only">{fill(l.ofName, { name: c.name })}</span>
                    </SecondaryButton>
                    <a
                      href={`/level/${encodeURIComponent(c.code)}/update`}
                      className="rounded-lg border border-line px-3 py-1.5 text-sm font-medium hover:bg-surface-muted"
                    >
                      {l.viewClass}
                      <span className="sr-only" data-user-text>
                        {" "}
                        {c.name}
                      </span>
                    </a>
                    <SecondaryButton onClick={() => setEditing(c)}>
                      {l.edit}
                      <span className="sr-only" data-user-text>
                        {" "}
                        {c.name}
                      </span>
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
        title={viewing ? fill(l.studentsIn, { name: viewing.c.name }) : l.students}
        wide
      >
        {viewing && viewing.rows.length === 0 && <p className="text-ink-muted">{l.noStudents}</p>}
        {viewing && viewing.rows.length > 0 && (
          <div className="max-h-[60vh] overflow-auto" tabIndex={0} role="region" aria-label={l.figures}>
            <table className="w-full text-sm">
              <thead className="sticky top-0 bg-surface text-left text-ink-muted">
                <tr>
                  {[l.student, l.gradeAverage, l.attendance, l.present, l.excused, l.late, l.absent, l.totalDays].map(
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
                    <th scope="row" className="px-2 py-1 text-left font-medium" data-user-text>
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
          labels={l}
          years={years}
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
  labels: l,
  years,
  onClose,
}: {
  value: AdminClassView | null;
  instructors: { id: number; name: string }[];
  labels: ClassLabels;
  years: ClassYears;
  onClose: () => void;
}) {
  const [state, action, pending] = useActionState(saveClass, idle);
  const [v, setV] = useState({
    code: value?.code ?? "",
    name: value?.name ?? "",
    period: value?.period ?? "",
    level: value?.level ?? "",
    teacherId: value?.teacherId ? String(value.teacherId) : "",
    // A class without a year is the current year's.
    yearId: String(value?.yearId ?? years.currentId ?? years.open[0]?.id ?? ""),
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
    <Modal
      open
      onOpenChange={(o) => !o && onClose()}
      title={value ? fill(l.editName, { name: value.name }) : l.newClass}
    >
      <form action={action} className="space-y-3">
        {!state.ok && <ErrorBanner message={state.message} />}
        {value && <input type="hidden" name="id" value={value.id} />}
        {input("code", l.code, true)}
        {input("name", l.name, true)}
        <div className="grid grid-cols-2 gap-3">
          {input("period", l.periodLabel)}
          {input("level", l.level)}
        </div>
        <Field label={l.teacher} htmlFor="class-teacher">
          <Select
            id="class-teacher"
            name="teacherId"
            value={v.teacherId}
            onChange={(e) => setV((x) => ({ ...x, teacherId: e.target.value }))}
          >
            <option value="">{l.noTeacher}</option>
            {instructors.map((i) => (
              <option key={i.id} value={i.id} data-user-text>
                {i.name}
              </option>
            ))}
          </Select>
        </Field>
        {years.open.length > 0 && (
          <Field label={years.label} htmlFor="class-year">
            <Select
              id="class-year"
              name="yearId"
              value={v.yearId}
              onChange={(e) => setV((x) => ({ ...x, yearId: e.target.value }))}
            >
              {years.open.map((y) => (
                <option key={y.id} value={y.id} data-user-text>
                  {y.title}
                </option>
              ))}
            </Select>
          </Field>
        )}
        <div className="flex justify-end gap-2">
          <SecondaryButton onClick={onClose}>{l.cancel}</SecondaryButton>
          <PrimaryButton type="submit" disabled={pending}>
            {pending ? l.saving : value ? l.saveClass : l.createClass}
          </PrimaryButton>
        </div>
      </form>
    </Modal>
  );
}
