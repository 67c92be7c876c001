"use client";

import { lazy, memo, Suspense, useEffect, useMemo, useRef, useState, useTransition } from "react";
import { addAttendanceDay, markAllPresent, setAttendance } from "@/app/level/[levelCode]/update/roster-actions";
import { ErrorBanner } from "@/components/error-banner";
import { CodeBadge } from "@/components/code-badge";
import { countStatuses, STATUS_OF_MARK, teacherAttendancePercent } from "@/lib/domain/attendance";
import { TEACHER_THRESHOLDS, TOAST_DISMISS_MS } from "@/lib/domain/constants";
import { band } from "@/lib/domain/grades";
import { formatDay } from "@/lib/domain/format";
import type { ActionResult } from "@/lib/action-result";
import { PrimaryButton, SecondaryButton, TextInput } from "./form-controls";

/**
 * Compact on purpose: a class of 100 with 180 days is 18,000 records, which as objects made the
 * page payload megabytes. `marks[i]` holds one letter per entry of `dates` for student i.
 */
export interface AttendanceTabData {
  students: { id: number; name: string; username: string; code: string | null }[];
  /** Every day with a record, newest first. */
  dates: string[];
  marks: string[];
  today: string;
}

/** Days shown at once: four school weeks. The rest is a click (or an arrow key) away. */
export const ATTENDANCE_WINDOW_DAYS = 20;

const OPTIONS = [
  { value: "", short: "-", label: "No record" },
  { value: "present", short: "P", label: "Present" },
  { value: "absent", short: "A", label: "Absent" },
  { value: "late", short: "L", label: "Late" },
  { value: "excused", short: "E", label: "Excused" },
] as const;

// The menu (Radix DropdownMenu, ~29 kB gzipped) loads when the grid is first focused or pointed
// at, not with the page: most dashboard views never open it.
const loadMenu = () => import("./attendance-menu");
const AttendanceCellMenu = lazy(() => loadMenu().then((m) => ({ default: m.AttendanceCellMenu })));

const SHORT: Record<string, string> = { present: "P", absent: "A", late: "L", excused: "E" };

function statusMap(data: AttendanceTabData): Map<string, string> {
  const m = new Map<string, string>();
  data.students.forEach((s, i) => {
    const row = data.marks[i] ?? "";
    for (let c = 0; c < data.dates.length; c++) {
      const status = STATUS_OF_MARK[row[c]!];
      if (status) m.set(k(s.id, data.dates[c]!), status);
    }
  });
  return m;
}
const CELL: Record<string, string> = {
  present: "bg-emerald-100 text-emerald-900 dark:bg-emerald-900 dark:text-emerald-50",
  absent: "bg-red-100 text-red-900 dark:bg-red-900 dark:text-red-50",
  late: "bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-50",
  excused: "bg-sky-100 text-sky-900 dark:bg-sky-900 dark:text-sky-50",
};
const BAND_TEXT = { good: "text-emerald-700 dark:text-emerald-300", fair: "text-amber-700 dark:text-amber-300", poor: "", bad: "text-red-700 dark:text-red-300" } as const;

const k = (studentId: number, date: string) => `${studentId}|${date}`;

export function AttendanceTab({ levelCode, data }: { levelCode: string; data: AttendanceTabData }) {
  const [statuses, setStatuses] = useState(() => statusMap(data));
  useEffect(() => setStatuses(statusMap(data)), [data]);
  const [offset, setOffset] = useState(0);
  const [adding, setAdding] = useState(false);
  const [date, setDate] = useState(data.today);
  const [note, setNote] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saving, startSaving] = useTransition();
  const [active, setActive] = useState<{ row: number; col: number } | null>(null);
  const gridRef = useRef<HTMLTableElement>(null);

  useEffect(() => {
    if (!note) return;
    const id = setTimeout(() => setNote(null), TOAST_DISMISS_MS);
    return () => clearTimeout(id);
  }, [note]);

  // Kept as one string first so the array keeps its identity while the days stay the same
  // (memoised rows compare it).
  const allDatesKey = useMemo(() => {
    const set = new Set<string>(data.dates);
    for (const key of statuses.keys()) set.add(key.split("|")[1]!);
    return [...set].sort().reverse().join(","); // newest first
  }, [statuses, data.dates]);
  const allDates = useMemo(() => (allDatesKey ? allDatesKey.split(",") : []), [allDatesKey]);
  const start = Math.min(offset, Math.max(0, allDates.length - 1));
  const dates = useMemo(() => allDates.slice(start, start + ATTENDANCE_WINDOW_DAYS), [allDates, start]);
  const canEarlier = start + ATTENDANCE_WINDOW_DAYS < allDates.length;

  const run = (fn: () => Promise<ActionResult>, after?: (res: ActionResult) => void) =>
    startSaving(async () => {
      const res = await fn();
      if (res.ok) {
        setError(null);
        setNote(res.message ?? null);
      } else setError(res.message);
      after?.(res);
    });

  const choose = (student: AttendanceTabData["students"][number], day: string, status: string) => {
    const key = k(student.id, day);
    const previous = statuses.get(key);
    setStatuses((m) => {
      const next = new Map(m);
      if (status === "") next.delete(key);
      else next.set(key, status);
      return next;
    });
    run(
      () => setAttendance({ levelCode, studentId: student.id, date: day, status }),
      (res) => {
        if (!res.ok)
          setStatuses((m) => {
            const next = new Map(m);
            if (previous === undefined) next.delete(key);
            else next.set(key, previous);
            return next;
          });
      },
    );
  };

  const focusCell = (row: number, col: number) => {
    const r = Math.max(0, Math.min(data.students.length - 1, row));
    // Past either edge of the window, the window moves and focus follows to the next day.
    if ((col < 0 && start > 0) || (col >= dates.length && canEarlier)) {
      const next = col < 0 ? Math.max(0, start - ATTENDANCE_WINDOW_DAYS) : start + ATTENDANCE_WINDOW_DAYS;
      const target = col < 0 ? Math.min(ATTENDANCE_WINDOW_DAYS, start) - 1 : 0;
      setOffset(next);
      requestAnimationFrame(() => gridRef.current?.querySelector<HTMLElement>(`[data-cell="${r}:${target}"]`)?.focus());
      return;
    }
    const c = Math.max(0, Math.min(dates.length - 1, col));
    gridRef.current?.querySelector<HTMLElement>(`[data-cell="${r}:${c}"]`)?.focus();
  };

  // Rows are memoised and compare only their own days, so setting one cell re-renders one row;
  // the handlers reach rows through one stable ref.
  const handlers = useRef<AttendanceHandlers>(null!);
  handlers.current = {
    activate: (row, col) => setActive(row === null || col === null ? null : { row, col }),
    focus: focusCell,
    choose: (student, day, status) => choose(student, day, status),
  };

  return (
    <div>
      {saving && (
        <div role="status" className="fixed inset-0 z-[70] grid place-items-center bg-slate-900/40">
          <div className="rounded-xl bg-surface px-6 py-4 font-medium shadow-xl">Saving attendance...</div>
        </div>
      )}
      <div className="mb-4 flex flex-wrap items-end gap-3">
        {adding ? (
          <>
            <div>
              <label htmlFor="attendance-date" className="block text-sm font-medium">
                Date
              </label>
              <TextInput id="attendance-date" type="date" value={date} onChange={(e) => setDate(e.target.value)} className="mt-1 w-auto" />
            </div>
            <PrimaryButton onClick={() => run(() => addAttendanceDay({ levelCode, date }), (res) => res.ok && setAdding(false))}>Add Attendance for All</PrimaryButton>
            <SecondaryButton className="py-2" onClick={() => run(() => markAllPresent({ levelCode, date }))}>
              Mark all present
            </SecondaryButton>
            <SecondaryButton className="py-2" onClick={() => setAdding(false)}>
              Cancel
            </SecondaryButton>
          </>
        ) : (
          <PrimaryButton onClick={() => setAdding(true)}>Add New</PrimaryButton>
        )}
      </div>
      <div aria-live="polite" className="min-h-0">
        {note && <p className="mb-3 rounded-lg bg-emerald-50 px-3 py-2 text-sm text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200">{note}</p>}
      </div>
      {error && (
        <div className="mb-3">
          <ErrorBanner message={error} />
        </div>
      )}
      {data.students.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-line bg-surface px-6 py-10 text-center text-ink-muted">No students enrolled yet</p>
      ) : dates.length === 0 ? (
        <div className="rounded-2xl border border-dashed border-line bg-surface px-6 py-10 text-center">
          <p className="text-ink-muted">No attendance has been taken for this class.</p>
          <PrimaryButton className="mt-4" onClick={() => setAdding(true)}>
            Take First Attendance
          </PrimaryButton>
        </div>
      ) : (
        <>
        {(
          <div className="mb-2 flex flex-wrap items-center gap-3 text-sm">
            <SecondaryButton className="py-1.5" disabled={!canEarlier} onClick={() => setOffset(start + ATTENDANCE_WINDOW_DAYS)}>
              ← Earlier days
            </SecondaryButton>
            <span aria-live="polite" data-testid="attendance-window">
              {formatDay(dates[dates.length - 1]!).replace(/^\w+, /, "")} – {formatDay(dates[0]!).replace(/^\w+, /, "")} · days {allDates.length - start - dates.length + 1}–{allDates.length - start} of {allDates.length}
            </span>
            <SecondaryButton className="py-1.5" disabled={start === 0} onClick={() => setOffset(Math.max(0, start - ATTENDANCE_WINDOW_DAYS))}>
              Later days →
            </SecondaryButton>
            <span className="text-ink-muted">% and totals count every day.</span>
          </div>
        )}
        <div className="max-h-[70vh] overflow-auto rounded-2xl border border-line bg-surface" data-testid="attendance-grid" onFocusCapture={loadMenu} onPointerEnter={loadMenu}>
          <table ref={gridRef} className="border-separate border-spacing-0 text-sm">
            <thead>
              <tr>
                <th scope="col" className="sticky left-0 top-0 z-30 min-w-56 border-b border-line bg-surface-muted px-3 py-2 text-left font-medium">
                  Student
                </th>
                <th scope="col" className="sticky top-0 z-20 border-b border-line bg-surface-muted px-3 py-2 text-left font-medium">
                  %
                </th>
                {dates.map((d) => (
                  <th key={d} scope="col" className="sticky top-0 z-20 whitespace-nowrap border-b border-line bg-surface-muted px-2 py-2 text-center font-medium">
                    {formatDay(d).replace(/^\w+, /, "")}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {data.students.map((s, row) => (
                <AttendanceRow key={s.id} student={s} row={row} dates={dates} allDates={allDates} statuses={statuses} activeCol={active?.row === row ? active.col : null} handlers={handlers} />
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row" className="sticky bottom-0 left-0 z-20 border-t border-line bg-surface-muted px-3 py-2 text-left font-medium">
                  Day summary
                </th>
                <td className="sticky bottom-0 border-t border-line bg-surface-muted" />
                {dates.map((d) => {
                  const c = countStatuses(data.students.map((s) => statuses.get(k(s.id, d)) ?? ""));
                  return (
                    <td key={d} className="sticky bottom-0 whitespace-nowrap border-t border-line bg-surface-muted px-2 py-2 text-center text-xs" data-testid="day-summary">
                      P{c.present} A{c.absent}
                      <br />L{c.late} E{c.excused}
                    </td>
                  );
                })}
              </tr>
            </tfoot>
          </table>
        </div>
        </>
      )}
    </div>
  );
}

interface AttendanceHandlers {
  activate(row: number | null, col: number | null): void;
  focus(row: number, col: number): void;
  choose(student: AttendanceTabData["students"][number], day: string, status: string): void;
}

interface AttendanceRowProps {
  student: AttendanceTabData["students"][number];
  row: number;
  dates: string[];
  allDates: string[];
  statuses: Map<string, string>;
  activeCol: number | null;
  handlers: { current: AttendanceHandlers };
}

const MOVES: Record<string, [number, number]> = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };

const AttendanceRow = memo(
  function AttendanceRow({ student: s, row, dates, allDates, statuses, activeCol, handlers }: AttendanceRowProps) {
    const counts = countStatuses(allDates.map((d) => statuses.get(k(s.id, d)) ?? ""));
    const pct = teacherAttendancePercent(counts);
    return (
      <tr data-testid="attendance-student">
        <th scope="row" className="sticky left-0 z-10 border-b border-line bg-surface px-3 py-1.5 text-left font-normal">
          <div className="font-medium">{s.name}</div>
          <div className="flex items-center gap-2 text-xs text-ink-muted">
            <span>@{s.username}</span>
            {s.code && <CodeBadge code={s.code} small />}
          </div>
        </th>
        <td className="border-b border-line px-3 py-1.5 whitespace-nowrap">
          <span className={`font-semibold ${BAND_TEXT[band(pct, TEACHER_THRESHOLDS)]}`} data-testid="attendance-percent">
            {pct}%
          </span>
          <div className="text-xs text-ink-muted">
            P {counts.present} · E {counts.excused} · L {counts.late} · A {counts.absent}
          </div>
        </td>
        {dates.map((d, col) => {
          const status = statuses.get(k(s.id, d)) ?? "";
          const isActive = activeCol === col;
          const cell = (
            <button
              type="button"
              data-cell={`${row}:${col}`}
              aria-label={`${s.name}, ${formatDay(d)}: ${status || "no record"}`}
              aria-haspopup="menu"
              onClick={() => handlers.current.activate(row, col)}
              onKeyDown={(e) => {
                const m = MOVES[e.key];
                if (m && !isActive) {
                  e.preventDefault();
                  handlers.current.focus(row + m[0], col + m[1]);
                } else if ((e.key === "Enter" || e.key === " ") && !isActive) {
                  e.preventDefault();
                  handlers.current.activate(row, col);
                }
              }}
              className={`h-8 w-10 rounded-md font-semibold ${status ? CELL[status] : "text-ink-muted hover:bg-surface-muted"}`}
            >
              {status ? SHORT[status] : "-"}
            </button>
          );
          return (
            <td key={d} className="border-b border-line px-1 py-1 text-center">
              {isActive ? (
                <Suspense fallback={cell}>
                  <AttendanceCellMenu
                    cell={cell}
                    options={OPTIONS}
                    onChoose={(value) => handlers.current.choose(s, d, value)}
                    onClose={() => {
                      handlers.current.activate(null, null);
                      requestAnimationFrame(() => handlers.current.focus(row, col));
                    }}
                  />
                </Suspense>
              ) : (
                cell
              )}
            </td>
          );
        })}
      </tr>
    );
  },
  (prev, next) =>
    prev.student === next.student &&
    prev.row === next.row &&
    prev.dates === next.dates &&
    prev.allDates === next.allDates &&
    prev.activeCol === next.activeCol &&
    prev.handlers === next.handlers &&
    (prev.statuses === next.statuses || next.allDates.every((d) => prev.statuses.get(k(next.student.id, d)) === next.statuses.get(k(next.student.id, d)))),
);
