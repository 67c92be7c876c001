"use client";

import { memo, useMemo, useRef, useState } from "react";
import { useTranslations } from "@/components/use-translations";
import { saveGrade } from "@/app/level/[levelCode]/update/grade-actions";
import { setGradeMark } from "@/app/level/[levelCode]/update/grade-actions";
import { loadGridTotal } from "@/app/level/[levelCode]/update/grid-total-actions";
import { lazyComponent } from "@/components/lazy-component";
import { useGradeNumbers } from "@/components/grade-numbers";
import { EmptyState } from "@/components/states";
import { useToast } from "@/components/toast";
import { useServerValue } from "@/components/use-server-value";
import { GRADE_GRID_THRESHOLDS } from "@/lib/domain/constants";
import { assignmentAveragePercent, band, itemPercent } from "@/lib/domain/grades";
import { parseScore } from "@/lib/domain/scores";
import { SCORE_INPUT } from "@/components/score-input";
import { MARK_BY_CODE, MARK_CODES, MARK_KEYS, type GradeMark } from "@/lib/domain/grade-marks";
import { gradebookExportHref } from "@/lib/export/links";
import { PrimaryButton } from "./form-controls";
import {
  AssignmentHeaders,
  GRID_ROW_PX,
  type GridData,
  type GridTotal,
  type OnSave,
  type Scores,
} from "./grade-grid-parts";
import { useRowWindow } from "./use-row-window";

export type { GridData } from "./grade-grid-parts";

// The simple gradebook and the Add Grade form load when first opened: most visits only use the grid.
const Gradebook = lazyComponent(() => import("./gradebook").then((m) => m.Gradebook));
const AddGradeModal = lazyComponent(() => import("./add-grade-modal").then((m) => m.AddGradeModal));

export function GradesTab({ levelCode, data }: { levelCode: string; data: GridData }) {
  // One array per student: a saved cell replaces its row's array only, so memoised rows compare
  // by reference and an edit re-renders one row.
  const [scores, setScores] = useServerValue<Scores>(data.scores);
  const [marks, setMarks] = useServerValue<string[]>(data.marks);
  const [totals, setTotals] = useServerValue<GridTotal[]>(data.totals);
  // The newest request per student wins: two quick saves can answer out of order.
  const totalRequests = useRef(new Map<number, number>());
  const [view, setView] = useState<"grid" | "gradebook">("grid");
  const [adding, setAdding] = useState(false);
  const toast = useToast();
  const t = useTranslations("grades");
  const { number } = useGradeNumbers();
  const current = useRef(data);
  /* eslint-disable-next-line react-hooks/refs -- the latest-value ref: event handlers and state updaters read the
     newest data; nothing reads it to render, so writing it here cannot make a render wrong. */
  current.current = data;

  const entered = useMemo(() => scores.reduce((n, row) => n + row.filter((v) => v !== null).length, 0), [scores]);

  // Cells are found by ids at the moment of writing, so a save that finishes after a refresh
  // reordered the grid still lands in (or rolls back) the right cell.
  const setCell = (studentId: number, assignmentId: number, value: number | null) =>
    setScores((rows) => {
      const i = current.current.students.findIndex((st) => st.id === studentId);
      const j = current.current.assignments.findIndex((a) => a.id === assignmentId);
      if (i < 0 || j < 0) return rows;
      return rows.map((r, k) => (k === i ? r.map((v, m) => (m === j ? value : v)) : r));
    });

  const setMarkCode = (studentId: number, assignmentId: number, code: string) =>
    setMarks((rows) => {
      const i = current.current.students.findIndex((st) => st.id === studentId);
      const j = current.current.assignments.findIndex((a) => a.id === assignmentId);
      if (i < 0 || j < 0) return rows;
      return rows.map((r, k) => (k === i ? r.slice(0, j) + code + r.slice(j + 1) : r));
    });

  // After a saved score or mark, the student's term grade from the server's one calculator.
  const refreshTotal = async (studentId: number) => {
    const ticket = (totalRequests.current.get(studentId) ?? 0) + 1;
    totalRequests.current.set(studentId, ticket);
    const res = await loadGridTotal({ levelCode, studentId, term: data.term?.id ?? "year" });
    if (!res.ok || !res.data || totalRequests.current.get(studentId) !== ticket) return;
    const total = res.data;
    setTotals((rows) => {
      const i = current.current.students.findIndex((st) => st.id === studentId);
      return i < 0 ? rows : rows.map((t, k) => (k === i ? total : t));
    });
  };

  // E, M or L on a focused cell sets excused, missing or late; the same key again clears it.
  const toggleMark = async (row: number, col: number, mark: GradeMark) => {
    const assignment = data.assignments[col]!;
    const student = data.students[row]!;
    const previous = marks[row]?.[col] ?? "-";
    const next = MARK_BY_CODE[previous] === mark ? "none" : mark;
    setMarkCode(student.id, assignment.id, next === "none" ? "-" : MARK_CODES[next]);
    const res = await setGradeMark({ levelCode, assignmentId: assignment.id, studentId: student.id, mark: next });
    if (!res.ok) {
      toast(res.message, "error");
      setMarkCode(student.id, assignment.id, previous);
    } else void refreshTotal(student.id);
  };

  const save: OnSave = async (row, col, raw) => {
    const assignment = data.assignments[col]!;
    const student = data.students[row]!;
    const parsed = parseScore(raw, assignment.maxScore);
    if (parsed.kind === "blank") return false; // blank or non-numeric entries are ignored
    if (parsed.kind === "invalid") {
      // lib/domain/scores' English, in the reader's words (the server's answer is translated on its way out).
      const message =
        parsed.reason === "range"
          ? t("grid.scoreRange", { max: number(assignment.maxScore) })
          : t("grid.scoreDecimals");
      toast(message, "error");
      return false;
    }
    const previous = scores[row]?.[col] ?? null;
    setCell(student.id, assignment.id, parsed.value);
    const res = await saveGrade({ levelCode, assignmentId: assignment.id, studentId: student.id, score: raw });
    if (!res.ok) {
      console.warn("grade save failed:", res.message);
      toast(res.message, "error");
      setCell(student.id, assignment.id, previous);
      return false;
    }
    void refreshTotal(student.id);
    return true;
  };

  if (data.students.length === 0 || data.assignments.length === 0) {
    const message =
      data.students.length === 0
        ? t("grid.noStudents")
        : data.term
          ? t("grid.noAssignmentsIn", { term: data.term.title })
          : t("grid.createAssignment");
    return <EmptyState title={t("grid.noGrades")} message={message} />;
  }

  return (
    <div data-testid="grades-tab">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <div
          role="group"
          aria-label={t("grid.views")}
          className="inline-flex rounded-lg border border-line bg-surface p-1"
        >
          {(["grid", "gradebook"] as const).map((v) => (
            <button
              key={v}
              type="button"
              aria-pressed={view === v}
              onClick={() => setView(v)}
              className={`rounded-md px-3 py-1.5 text-sm font-medium ${view === v ? "bg-brand-600 text-white" : "text-ink-muted hover:text-ink"}`}
            >
              {v === "grid" ? t("grid.grid") : t("grid.gradebook")}
            </button>
          ))}
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <a
            href={`/level/${encodeURIComponent(levelCode)}/update/term-grades`}
            className="rounded-lg border border-line px-3 py-2 text-sm font-medium hover:bg-surface-muted"
          >
            {t("grid.termGrades")}
          </a>
          <a
            href={`/level/${encodeURIComponent(levelCode)}/update/grading`}
            className="rounded-lg border border-line px-3 py-2 text-sm font-medium hover:bg-surface-muted"
          >
            {t("grid.settings")}
          </a>
          <a
            href={gradebookExportHref(levelCode)}
            download
            className="rounded-lg border border-line px-3 py-2 text-sm font-medium hover:bg-surface-muted"
          >
            {t("grid.exportCsv")}
          </a>
          <PrimaryButton onClick={() => setAdding(true)}>{t("grid.addGrade")}</PrimaryButton>
        </div>
      </div>
      {view === "grid" ? (
        <GradeGrid data={data} scores={scores} marks={marks} totals={totals} onSave={save} onMark={toggleMark} />
      ) : (
        <Gradebook data={data} scores={scores} onSave={save} />
      )}
      <p className="mt-3 text-sm text-ink-muted" data-testid="grades-footer">
        {t("grid.footer", { students: data.students.length, assignments: data.assignments.length, entered })}
      </p>
      {view === "grid" && (
        <p className="mt-1 text-sm text-ink-muted">
          {t.rich("grid.keysHelp", { kbd: (key) => <kbd>{key}</kbd> })}{" "}
          {data.term ? t("grid.columnHelpTerm", { term: data.term.title }) : t("grid.columnHelpYear")}
        </p>
      )}
      {adding && <AddGradeModal levelCode={levelCode} data={data} onClose={() => setAdding(false)} />}
    </div>
  );
}

function GradeGrid({
  data,
  scores,
  marks,
  totals,
  onSave,
  onMark,
}: {
  data: GridData;
  scores: Scores;
  marks: string[];
  totals: GridTotal[];
  onSave: OnSave;
  onMark: (row: number, col: number, mark: GradeMark) => Promise<void>;
}) {
  const [editing, setEditing] = useState<{ row: number; col: number } | null>(null);
  const t = useTranslations("grades");
  const { percent } = useGradeNumbers();
  const tableRef = useRef<HTMLTableElement>(null);
  const { scroller, rows: windowRows, reveal } = useRowWindow(data.students.length, GRID_ROW_PX);

  const focusCell = (row: number, col: number) => {
    const r = Math.max(0, Math.min(data.students.length - 1, row));
    const c = Math.max(0, Math.min(data.assignments.length - 1, col));
    reveal(r);
    tableRef.current?.querySelector<HTMLElement>(`[data-cell="${r}:${c}"]`)?.focus();
  };
  // Rows are memoised; the handlers reach them through one stable ref.
  const handlers = useRef<RowHandlers>(null!);
  /* eslint-disable-next-line react-hooks/refs -- the memoised rows call these from events only (never to render):
     one stable ref keeps the rows from re-rendering when a handler is re-created. */
  handlers.current = {
    edit: (row, col) => setEditing({ row, col }),
    done: async (row, col, raw, move) => {
      setEditing(null);
      if (raw !== null) await onSave(row, col, raw);
      requestAnimationFrame(() =>
        focusCell(row + (move === "down" ? 1 : 0), col + (move === "right" ? 1 : move === "left" ? -1 : 0)),
      );
    },
    focus: focusCell,
    mark: (row, col, mark) => void onMark(row, col, mark),
  };

  // Each assignment's class average over the scores entered (excused ones left out), exact.
  const averages = useMemo(
    () =>
      data.assignments.map((a, j) => {
        const entered: number[] = [];
        scores.forEach((row, i) => {
          const v = row[j];
          if (v !== null && v !== undefined && marks[i]?.[j] !== "e") entered.push(v);
        });
        return assignmentAveragePercent(entered, a.maxScore);
      }),
    [data.assignments, scores, marks],
  );
  const gradeHeading = data.term ? t("grid.termGrade", { term: data.term.title }) : t("grid.yearGrade");
  const columns = data.assignments.length + 2;
  return (
    <div
      ref={scroller}
      className="max-h-[70vh] overflow-auto rounded-2xl border border-line bg-surface"
      data-testid="grade-grid"
    >
      <table
        ref={tableRef}
        className="border-separate border-spacing-0 text-sm"
        aria-rowcount={data.students.length + 1}
      >
        <AssignmentHeaders assignments={data.assignments} wide>
          <th
            scope="col"
            className="sticky top-0 z-10 border-b border-line bg-surface-muted px-3 py-2 text-left font-medium whitespace-nowrap"
          >
            {gradeHeading}
          </th>
        </AssignmentHeaders>
        <tbody>
          {windowRows(
            (row) => (
              <GradeRow
                key={data.students[row]!.id}
                student={data.students[row]!}
                row={row}
                assignments={data.assignments}
                scores={scores[row]!}
                marks={marks[row] ?? ""}
                total={totals[row]}
                gradeHeading={gradeHeading}
                editingCol={editing?.row === row ? editing.col : null}
                handlers={handlers}
              />
            ),
            columns,
          )}
        </tbody>
        <tfoot>
          <tr data-testid="class-average-row">
            <th
              scope="row"
              className="sticky bottom-0 left-0 z-20 border-t border-line bg-surface-muted px-3 py-2 text-left font-medium"
            >
              {t("grid.classAverage")}
            </th>
            {averages.map((avg, j) => (
              <td
                key={data.assignments[j]!.id}
                className="sticky bottom-0 border-t border-line bg-surface-muted px-3 py-2 tabular-nums"
              >
                {avg === null ? "—" : percent(avg)}
              </td>
            ))}
            <td className="sticky bottom-0 border-t border-line bg-surface-muted" />
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

interface RowHandlers {
  edit(row: number, col: number): void;
  done(row: number, col: number, raw: string | null, move: "down" | "right" | "left" | null): Promise<void>;
  focus(row: number, col: number): void;
  mark(row: number, col: number, mark: GradeMark): void;
}

interface GradeRowProps {
  student: GridData["students"][number];
  row: number;
  assignments: GridData["assignments"];
  /** This student's scores, one per assignment. */
  scores: Scores[number];
  /** This student's marks, one character per assignment (GridData.marks). */
  marks: string;
  /** This student's grade for the term shown. */
  total: GridTotal | undefined;
  gradeHeading: string;
  editingCol: number | null;
  handlers: { current: RowHandlers };
}

const MOVES: Record<string, [number, number]> = {
  ArrowUp: [-1, 0],
  ArrowDown: [1, 0],
  ArrowLeft: [0, -1],
  ArrowRight: [0, 1],
};

const GradeRow = memo(function GradeRow({
  student: s,
  row,
  assignments,
  scores,
  marks,
  total,
  gradeHeading,
  editingCol,
  handlers,
}: GradeRowProps) {
  const t = useTranslations("grades");
  const { number, percent } = useGradeNumbers();
  return (
    <tr data-row={row} aria-rowindex={row + 2}>
      <th
        scope="row"
        className="sticky left-0 z-10 border-b border-line bg-surface px-3 py-1.5 text-left font-medium whitespace-nowrap"
      >
        <span data-user-text>{s.name}</span>
      </th>
      {assignments.map((a, col) => {
        const value = scores[col] ?? null;
        const pct = value === null ? null : itemPercent(value, a.maxScore);
        const mark = MARK_BY_CODE[marks[col] ?? "-"];
        return (
          <td key={a.id} className="grid-td">
            {editingCol === col ? (
              <CellEditor
                label={t("grid.scoreFor", { name: s.name, title: a.title })}
                initial={value === null ? "" : number(value)}
                onDone={(raw, move) => void handlers.current.done(row, col, raw, move)}
              />
            ) : (
              <button
                type="button"
                data-cell={`${row}:${col}`}
                aria-label={`${
                  value === null
                    ? t("grid.cellEmpty", { name: s.name, title: a.title })
                    : t("grid.cellScore", {
                        name: s.name,
                        title: a.title,
                        score: number(value),
                        max: number(a.maxScore),
                        percent: percent(pct!),
                      })
                }${mark ? `, ${t(`grid.marks.${mark}`).toLowerCase()}` : ""}`}
                onClick={() => handlers.current.edit(row, col)}
                onKeyDown={(e) => {
                  const m = MOVES[e.key];
                  if (m) {
                    e.preventDefault();
                    handlers.current.focus(row + m[0], col + m[1]);
                  } else if (e.key === "Enter" || e.key === "F2") {
                    e.preventDefault();
                    handlers.current.edit(row, col);
                  } else if (!e.ctrlKey && !e.metaKey && !e.altKey && MARK_KEYS[e.key.toLowerCase()]) {
                    e.preventDefault();
                    handlers.current.mark(row, col, MARK_KEYS[e.key.toLowerCase()]!);
                  }
                }}
                className="grade-cell"
                data-band={pct === null ? "none" : band(pct, GRADE_GRID_THRESHOLDS)}
              >
                {value === null ? "—" : number(value)}
                {mark && (
                  <span className="grade-mark" data-mark={mark} aria-hidden>
                    {t(`grid.marks.${mark}`)}
                  </span>
                )}
              </button>
            )}
          </td>
        );
      })}
      <td
        className="grid-total"
        data-testid="term-total"
        aria-label={
          !total || total.empty
            ? t("grid.totalEmpty", { name: s.name, heading: gradeHeading })
            : t(total.overridden ? "grid.totalOverridden" : "grid.total", {
                name: s.name,
                heading: gradeHeading,
                percent: percent(total.percent),
                letter: total.letter,
              })
        }
      >
        {!total || total.empty ? "—" : `${percent(total.percent)} ${total.letter}`}
        {total?.overridden && (
          <span className="grade-mark" data-mark="override" aria-hidden>
            {t("shared.override")}
          </span>
        )}
      </td>
    </tr>
  );
});

function CellEditor({
  label,
  initial,
  onDone,
}: {
  label: string;
  /** The score in the reader's digits ("7,5"), as the cell shows it. */
  initial: string;
  onDone: (raw: string | null, move: "down" | "right" | "left" | null) => void;
}) {
  const [value, setValue] = useState(initial);
  const finished = useRef(false);
  const finish = (raw: string | null, move: "down" | "right" | "left" | null) => {
    if (finished.current) return;
    finished.current = true;
    onDone(raw === initial ? null : raw, move);
  };
  return (
    <input
      /* eslint-disable-next-line jsx-a11y/no-autofocus -- this input only exists once the teacher opened a grade cell
         to edit it (click, Enter or typing): focus belongs in it, as in any spreadsheet. */
      autoFocus
      {...SCORE_INPUT}
      aria-label={label}
      value={value}
      onChange={(e) => setValue(e.target.value)}
      onBlur={() => finish(value, null)}
      onKeyDown={(e) => {
        if (e.key === "Enter") {
          e.preventDefault();
          finish(value, null);
        } else if (e.key === "Escape") {
          e.preventDefault();
          finish(null, null);
        } else if (e.key === "Tab") {
          e.preventDefault();
          finish(value, e.shiftKey ? "left" : "right");
        }
      }}
      className="h-9 w-20 rounded-md border border-brand-600 bg-surface px-2 tabular-nums"
    />
  );
}
