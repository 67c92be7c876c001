"use client";

import { lazy, memo, Suspense, useEffect, useMemo, useRef, useState, useTransition } from "react";
import { useLocale } from "use-intl";
import { useTranslations } from "@/components/use-translations";
import { addAttendanceDay, markAllPresent, setAttendance } from "@/app/level/[levelCode]/update/attendance-actions";
import { ErrorBanner } from "@/components/error-banner";
import { useRowWindow } from "./use-row-window";
import { useServerValue } from "@/components/use-server-value";
import { AdminsOnlyCode } from "@/components/admins-only-code";
import { CodeBadge } from "@/components/code-badge";
import { countMarks, STATUS_OF_MARK, teacherAttendancePercent } from "@/lib/domain/attendance";
import { TEACHER_THRESHOLDS, TOAST_DISMISS_MS } from "@/lib/domain/constants";
import { band } from "@/lib/domain/grades";
import { formatDay } from "@/lib/domain/format";
import type { ActionResult } from "@/lib/action-result";
import { attendanceExportHref } from "@/lib/export/links";
import { PrimaryButton, SecondaryButton, TextInput } from "./form-controls";

/**
 * Compact on purpose: a class of 100 with 180 days is 18,000 records, which as objects made the
 * page payload megabytes. `marks[i]` holds one letter per entry of `dates` for student i.
 */
export interface AttendanceTabData {
  students: { id: number; name: string; username: string; code: string | null; codeAdminsOnly: boolean }[];
  /** Every day with a record, newest first. */
  dates: string[];
  marks: string[];
  today: string;
}

/** Days shown at once: four school weeks. The rest is a click (or an arrow key) away. */
export const ATTENDANCE_WINDOW_DAYS = 20;

const STATUSES = ["present", "absent", "late", "excused"] as const;
type Status = (typeof STATUSES)[number];

// The menu (Radix DropdownMenu, ~29 kB gzipped) loads when the grid is first focused or pointed
// at, not with the page: most dashboard views never open it.
const loadMenu = () => import("./attendance-menu");
const AttendanceCellMenu = lazy(() => loadMenu().then((m) => ({ default: m.AttendanceCellMenu })));

/** A day's label without its weekday ("Thu, Nov 26" → "Nov 26", "jue, 26 nov" → "26 nov"). */
const withoutWeekday = (label: string) => label.replace(/^[^\s,]+, /, "");

/** Row height in px (name, then username and code badge), before a rendered row is measured. */
const ATTENDANCE_ROW_PX = 69;
const MARK: Record<string, string> = { "": "-", present: "P", absent: "A", late: "L", excused: "E" };
const statusAt = (marks: string | undefined, col: number) => STATUS_OF_MARK[marks?.[col] ?? "-"] ?? "";
const BAND_TEXT = {
  good: "text-emerald-700 dark:text-emerald-300",
  fair: "text-amber-700 dark:text-amber-300",
  poor: "",
  bad: "text-red-700 dark:text-red-300",
} as const;

export function AttendanceTab({
  levelCode,
  data,
  readOnly = false,
}: {
  levelCode: string;
  data: AttendanceTabData;
  /** A concluded class (issue 41): the days are read, no day is added and no mark changes. */
  readOnly?: boolean;
}) {
  // One string per student, a letter per day of data.dates: setting a cell replaces one string,
  // so memoised rows compare plain values and one row re-renders.
  const [marks, setMarks] = useServerValue(data.marks);
  const current = useRef(data);
  /* eslint-disable-next-line react-hooks/refs -- the latest-value ref: event handlers and state updaters read the
     newest data; nothing reads it to render, so writing it here cannot make a render wrong. */
  current.current = data;
  const [offset, setOffset] = useState(0);
  const [adding, setAdding] = useState(false);
  const [date, setDate] = useState(data.today);
  const [note, setNote] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saving, startSaving] = useTransition();
  const [active, setActive] = useState<{ row: number; col: number } | null>(null);
  const gridRef = useRef<HTMLTableElement>(null);
  const { scroller, rows: windowRows, reveal } = useRowWindow(data.students.length, ATTENDANCE_ROW_PX);
  const t = useTranslations("teacherAttendance");
  const common = useTranslations("common");
  const locale = useLocale();
  // The reader's letters and words for the statuses, once per render of the grid (not per cell).
  const words = useMemo(() => {
    const short = Object.fromEntries(STATUSES.map((s) => [s, t(`short.${s}`)])) as Record<Status, string>;
    const names = Object.fromEntries(STATUSES.map((s) => [s, t(`statuses.${s}`)])) as Record<Status, string>;
    const inCell = Object.fromEntries(STATUSES.map((s) => [s, t(`cellStatuses.${s}`)])) as Record<Status, string>;
    return {
      short,
      inCell,
      noRecord: t("noRecord"),
      options: [
        { value: "", short: "-", label: t("statuses.none") },
        ...STATUSES.map((s) => ({ value: s, short: short[s], label: names[s] })),
      ],
      percent: (value: number) => common("percent", { value }),
      cellLabel: (name: string, day: string, status: string) => t("cellLabel", { name, day, status }),
      adminsOnly: { label: t("adminsOnly"), title: t("adminsOnlyTitle") },
      accessCode: (code: string) => t("accessCode", { code }),
    };
  }, [t, common]);

  useEffect(() => {
    if (!note) return;
    const id = setTimeout(() => setNote(null), TOAST_DISMISS_MS);
    return () => clearTimeout(id);
  }, [note]);

  const allDates = data.dates; // newest first
  const start = Math.min(offset, Math.max(0, allDates.length - 1));
  const dates = useMemo(() => allDates.slice(start, start + ATTENDANCE_WINDOW_DAYS), [allDates, start]);
  // Each shown day's label once, not once per cell: a window of 25 rows × 20 days made 500 Dates
  // and formats per render (issue 21).
  const dayLabels = useMemo(() => dates.map((d) => formatDay(d, locale)), [dates, locale]);
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

  // Cells are found by ids at the moment of writing, so a save that finishes after a refresh
  // still lands in (or rolls back) the right cell.
  const setCell = (studentId: number, day: string, status: string) =>
    setMarks((rows) => {
      const i = current.current.students.findIndex((st) => st.id === studentId);
      const c = current.current.dates.indexOf(day);
      if (i < 0 || c < 0) return rows;
      return rows.map((m, r) => (r === i ? m.slice(0, c) + MARK[status] + m.slice(c + 1) : m));
    });

  const choose = (row: number, col: number, status: string) => {
    const student = data.students[row]!;
    const day = dates[col]!;
    const previous = statusAt(marks[row], start + col);
    setCell(student.id, day, status);
    run(
      () => setAttendance({ levelCode, studentId: student.id, date: day, status }),
      (res) => {
        if (!res.ok) setCell(student.id, day, previous);
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
    reveal(r);
    gridRef.current?.querySelector<HTMLElement>(`[data-cell="${r}:${c}"]`)?.focus();
  };

  // Rows are memoised; the handlers reach them through one stable ref.
  const handlers = useRef<AttendanceHandlers>(null!);
  /* eslint-disable-next-line react-hooks/refs -- the memoised rows call these from events only (never to render):
     one stable ref keeps the rows from re-rendering when a handler is re-created. */
  handlers.current = {
    activate: (row, col) => setActive(row === null || col === null ? null : { row, col }),
    focus: focusCell,
    choose,
  };

  return (
    <div>
      {saving && (
        <div role="status" className="fixed inset-0 z-[70] grid place-items-center bg-slate-900/40">
          <div className="rounded-xl bg-surface px-6 py-4 font-medium shadow-xl">{t("saving")}</div>
        </div>
      )}
      <div className={readOnly ? "hidden" : "mb-4 flex flex-wrap items-end gap-3"}>
        {readOnly ? null : adding ? (
          <>
            <div>
              <label htmlFor="attendance-date" className="block text-sm font-medium">
                {t("date")}
              </label>
              <TextInput
                id="attendance-date"
                type="date"
                value={date}
                onChange={(e) => setDate(e.target.value)}
                className="mt-1 w-auto"
              />
            </div>
            <PrimaryButton
              onClick={() =>
                run(
                  () => addAttendanceDay({ levelCode, date }),
                  (res) => res.ok && setAdding(false),
                )
              }
            >
              {t("addForAll")}
            </PrimaryButton>
            <SecondaryButton className="py-2" onClick={() => run(() => markAllPresent({ levelCode, date }))}>
              {t("markAll")}
            </SecondaryButton>
            <SecondaryButton className="py-2" onClick={() => setAdding(false)}>
              {common("cancel")}
            </SecondaryButton>
          </>
        ) : (
          <PrimaryButton onClick={() => setAdding(true)}>{t("addNew")}</PrimaryButton>
        )}
      </div>
      <div aria-live="polite" className="min-h-0">
        {note && (
          <p className="mb-3 rounded-lg bg-emerald-50 px-3 py-2 text-sm text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200">
            {note}
          </p>
        )}
      </div>
      {error && (
        <div className="mb-3">
          <ErrorBanner message={error} />
        </div>
      )}
      {data.students.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-line bg-surface px-6 py-10 text-center text-ink-muted">
          {t("noStudents")}
        </p>
      ) : dates.length === 0 ? (
        <div className="rounded-2xl border border-dashed border-line bg-surface px-6 py-10 text-center">
          <p className="text-ink-muted">{t("noneTaken")}</p>
          {!readOnly && (
            <PrimaryButton className="mt-4" onClick={() => setAdding(true)}>
              {t("takeFirst")}
            </PrimaryButton>
          )}
        </div>
      ) : (
        <>
          {
            <div className="mb-2 flex flex-wrap items-center gap-3 text-sm">
              <SecondaryButton
                className="py-1.5"
                disabled={!canEarlier}
                onClick={() => setOffset(start + ATTENDANCE_WINDOW_DAYS)}
              >
                {t("earlier")}
              </SecondaryButton>
              <span aria-live="polite" data-testid="attendance-window">
                {t("window", {
                  from: withoutWeekday(dayLabels[dayLabels.length - 1]!),
                  to: withoutWeekday(dayLabels[0]!),
                  first: allDates.length - start - dates.length + 1,
                  last: allDates.length - start,
                  total: allDates.length,
                })}
              </span>
              <SecondaryButton
                className="py-1.5"
                disabled={start === 0}
                onClick={() => setOffset(Math.max(0, start - ATTENDANCE_WINDOW_DAYS))}
              >
                {t("later")}
              </SecondaryButton>
              <span className="text-ink-muted">{t("countsAll")}</span>
              <a
                href={attendanceExportHref(levelCode, allDates, data.today)}
                download
                className="rounded-lg border border-line px-3 py-1.5 font-medium hover:bg-surface-muted"
              >
                {t("export")}
              </a>
            </div>
          }
          <div
            ref={scroller}
            className="max-h-[70vh] overflow-auto rounded-2xl border border-line bg-surface"
            data-testid="attendance-grid"
            onFocusCapture={() => void loadMenu()}
            onPointerEnter={() => void loadMenu()}
          >
            <table
              ref={gridRef}
              className="border-separate border-spacing-0 text-sm"
              aria-rowcount={data.students.length + 2}
            >
              <thead>
                <tr>
                  <th
                    scope="col"
                    className="sticky left-0 top-0 z-30 min-w-56 border-b border-line bg-surface-muted px-3 py-2 text-left font-medium"
                  >
                    {t("student")}
                  </th>
                  <th
                    scope="col"
                    className="sticky top-0 z-20 border-b border-line bg-surface-muted px-3 py-2 text-left font-medium"
                  >
                    %
                  </th>
                  {dates.map((d, col) => (
                    <th
                      key={d}
                      scope="col"
                      className="sticky top-0 z-20 whitespace-nowrap border-b border-line bg-surface-muted px-2 py-2 text-center font-medium"
                    >
                      {withoutWeekday(dayLabels[col]!)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {windowRows(
                  (row) => (
                    <AttendanceRow
                      key={data.students[row]!.id}
                      student={data.students[row]!}
                      row={row}
                      dates={dates}
                      dayLabels={dayLabels}
                      first={start}
                      marks={marks[row] ?? ""}
                      activeCol={active?.row === row ? active.col : null}
                      handlers={handlers}
                      words={words}
                      readOnly={readOnly}
                    />
                  ),
                  dates.length + 2,
                )}
              </tbody>
              <tfoot>
                <tr>
                  <th
                    scope="row"
                    className="sticky bottom-0 left-0 z-20 border-t border-line bg-surface-muted px-3 py-2 text-left font-medium"
                  >
                    {t("daySummary")}
                  </th>
                  <td className="sticky bottom-0 border-t border-line bg-surface-muted" />
                  {dates.map((d, col) => {
                    const c = countMarks(marks, start + col);
                    return (
                      <td
                        key={d}
                        className="sticky bottom-0 whitespace-nowrap border-t border-line bg-surface-muted px-2 py-2 text-center text-xs"
                        data-testid="day-summary"
                      >
                        {words.short.present}
                        {c.present} {words.short.absent}
                        {c.absent}
                        <br />
                        {words.short.late}
                        {c.late} {words.short.excused}
                        {c.excused}
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
  choose(row: number, col: number, status: string): void;
}

interface AttendanceRowProps {
  student: AttendanceTabData["students"][number];
  row: number;
  /** The days shown, and the position of the first of them among all days. */
  dates: string[];
  /** formatDay of each of `dates`, for the cells' names. */
  dayLabels: string[];
  first: number;
  /** This student's letters over all days (the % and totals count every day). */
  marks: string;
  activeCol: number | null;
  handlers: { current: AttendanceHandlers };
  /** The reader's words (stable across renders: memoised in the grid). */
  words: AttendanceWords;
  /** A concluded class: each day's mark is text, not a control. */
  readOnly: boolean;
}

interface AttendanceWords {
  short: Record<Status, string>;
  /** A status as a cell's name says it ("Ava Johnson, Thu, Nov 26, 2026: present"). */
  inCell: Record<Status, string>;
  noRecord: string;
  options: { value: string; short: string; label: string }[];
  percent: (value: number) => string;
  cellLabel: (name: string, day: string, status: string) => string;
  adminsOnly: { label: string; title: string };
  accessCode: (code: string) => string;
}

const MOVES: Record<string, [number, number]> = {
  ArrowUp: [-1, 0],
  ArrowDown: [1, 0],
  ArrowLeft: [0, -1],
  ArrowRight: [0, 1],
};

const AttendanceRow = memo(function AttendanceRow({
  student: s,
  row,
  dates,
  dayLabels,
  first,
  marks,
  activeCol,
  handlers,
  words,
  readOnly,
}: AttendanceRowProps) {
  const counts = countMarks(marks);
  const pct = teacherAttendancePercent(counts);
  return (
    <tr data-testid="attendance-student" data-row={row} aria-rowindex={row + 2}>
      <th scope="row" className="sticky left-0 z-10 border-b border-line bg-surface px-3 py-1.5 text-left font-normal">
        <div className="font-medium" data-user-text>
          {s.name}
        </div>
        <div className="flex items-center gap-2 text-xs text-ink-muted">
          <span data-user-text>@{s.username}</span>
          {s.code ? (
            <CodeBadge code={s.code} small label={words.accessCode(s.code)} />
          ) : s.codeAdminsOnly ? (
            <AdminsOnlyCode small words={words.adminsOnly} />
          ) : null}
        </div>
      </th>
      <td className="border-b border-line px-3 py-1.5 whitespace-nowrap">
        <span className={`font-semibold ${BAND_TEXT[band(pct, TEACHER_THRESHOLDS)]}`} data-testid="attendance-percent">
          {words.percent(pct)}
        </span>
        <div className="text-xs text-ink-muted">
          {words.short.present} {counts.present} · {words.short.excused} {counts.excused} · {words.short.late}{" "}
          {counts.late} · {words.short.absent} {counts.absent}
        </div>
      </td>
      {dates.map((d, col) => {
        const status = statusAt(marks, first + col);
        const isActive = activeCol === col;
        if (readOnly)
          return (
            <td key={d} className="attendance-td">
              <span className="attendance-cell relative" data-status={status}>
                <span aria-hidden>{status ? words.short[status] : "-"}</span>
                <span className="sr-only">{status ? words.inCell[status] : words.noRecord}</span>
              </span>
            </td>
          );
        const cell = (
          <button
            type="button"
            data-cell={`${row}:${col}`}
            aria-label={words.cellLabel(s.name, dayLabels[col]!, status ? words.inCell[status] : words.noRecord)}
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
            className="attendance-cell"
            data-status={status}
          >
            {status ? words.short[status] : "-"}
          </button>
        );
        return (
          <td key={d} className="attendance-td">
            {isActive ? (
              <Suspense fallback={cell}>
                <AttendanceCellMenu
                  cell={cell}
                  options={words.options}
                  onChoose={(value) => handlers.current.choose(row, col, value)}
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
});
