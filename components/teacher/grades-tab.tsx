"use client";

import { memo, useActionState, useEffect, useRef, useState, useTransition } from "react";
import { addGrade, saveGrade } from "@/app/level/[levelCode]/update/actions";
import { ErrorBanner } from "@/components/error-banner";
import { Modal } from "@/components/modal";
import { EmptyState } from "@/components/states";
import { useToast } from "@/components/toast";
import type { ActionResult } from "@/lib/action-result";
import { GRADEBOOK_THRESHOLDS, GRADE_GRID_THRESHOLDS } from "@/lib/domain/constants";
import { band, itemPercent, type Band } from "@/lib/domain/grades";
import { parseScore } from "@/lib/domain/scores";
import { Field, PrimaryButton, SecondaryButton, Select, TextArea, TextInput, FormActions } from "./form-controls";

export interface GridData {
  students: { id: number; name: string; username: string }[];
  assignments: { id: number; title: string; maxScore: number }[];
  /** scores[i][j]: student i's score on assignment j, null when not graded (a matrix keeps the payload small). */
  scores: (number | null)[][];
}

const key = (assignmentId: number, studentId: number) => `${assignmentId}:${studentId}`;

function scoreMap(data: GridData): Map<string, number> {
  const m = new Map<string, number>();
  data.students.forEach((st, i) =>
    data.assignments.forEach((a, j) => {
      const v = data.scores[i]?.[j];
      if (v !== null && v !== undefined) m.set(key(a.id, st.id), v);
    }),
  );
  return m;
}

const BAND_CLASS: Record<Band, string> = {
  good: "bg-emerald-100 text-emerald-900 dark:bg-emerald-900 dark:text-emerald-50",
  fair: "bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-50",
  poor: "bg-orange-100 text-orange-900 dark:bg-orange-900 dark:text-orange-50",
  bad: "bg-red-100 text-red-900 dark:bg-red-900 dark:text-red-50",
};

export function GradesTab({ levelCode, data }: { levelCode: string; data: GridData }) {
  const [scores, setScores] = useState(() => scoreMap(data));
  const [view, setView] = useState<"grid" | "gradebook">("grid");
  const [adding, setAdding] = useState(false);
  const toast = useToast();

  // Server data wins after every revalidation.
  useEffect(() => setScores(scoreMap(data)), [data]);

  const save = async (assignmentId: number, studentId: number, raw: string): Promise<boolean> => {
    const assignment = data.assignments.find((a) => a.id === assignmentId)!;
    const parsed = parseScore(raw, assignment.maxScore);
    if (parsed.kind === "blank") return false; // blank or non-numeric entries are ignored
    if (parsed.kind === "invalid") {
      toast(parsed.message, "error");
      return false;
    }
    const k = key(assignmentId, studentId);
    const previous = scores.get(k);
    setScores((m) => new Map(m).set(k, parsed.value));
    const res = await saveGrade({ levelCode, assignmentId, studentId, score: raw });
    if (!res.ok) {
      console.warn("grade save failed:", res.message);
      toast(res.message, "error");
      setScores((m) => {
        const next = new Map(m);
        if (previous === undefined) next.delete(k);
        else next.set(k, previous);
        return next;
      });
      return false;
    }
    return true;
  };

  if (data.students.length === 0 || data.assignments.length === 0) {
    return <EmptyState title="No grades yet" message={data.students.length === 0 ? "No students enrolled yet" : "Create an assignment to start grading."} />;
  }

  return (
    <div>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <div role="group" aria-label="Grades view" className="inline-flex rounded-lg border border-line bg-surface p-1">
          {(["grid", "gradebook"] as const).map((v) => (
            <button
              key={v}
              type="button"
              aria-pressed={view === v}
              onClick={() => setView(v)}
              className={`rounded-md px-3 py-1.5 text-sm font-medium ${view === v ? "bg-brand-600 text-white" : "text-ink-muted hover:text-ink"}`}
            >
              {v === "grid" ? "Grade grid" : "Simple gradebook"}
            </button>
          ))}
        </div>
        <PrimaryButton onClick={() => setAdding(true)}>Add Grade</PrimaryButton>
      </div>
      {view === "grid" ? <GradeGrid data={data} scores={scores} onSave={save} /> : <Gradebook data={data} scores={scores} onSave={save} />}
      <p className="mt-3 text-sm text-ink-muted" data-testid="grades-footer">
        {data.students.length} students · {data.assignments.length} assignments · {scores.size} grades entered
      </p>
      {adding && <AddGradeModal levelCode={levelCode} data={data} onClose={() => setAdding(false)} />}
    </div>
  );
}

function GradeGrid({ data, scores, onSave }: { data: GridData; scores: Map<string, number>; onSave: (a: number, s: number, raw: string) => Promise<boolean> }) {
  const [editing, setEditing] = useState<{ row: number; col: number } | null>(null);
  const tableRef = useRef<HTMLTableElement>(null);

  const focusCell = (row: number, col: number) => {
    const r = Math.max(0, Math.min(data.students.length - 1, row));
    const c = Math.max(0, Math.min(data.assignments.length - 1, col));
    tableRef.current?.querySelector<HTMLElement>(`[data-cell="${r}:${c}"]`)?.focus();
  };
  // Rows are memoised and compare only their own cells, so an edit re-renders one row of a
  // 300 × 40 grid instead of 12,000 cells; the handlers reach rows through one stable ref.
  const handlers = useRef<RowHandlers>(null!);
  handlers.current = {
    edit: (row, col) => setEditing({ row, col }),
    done: async (row, col, raw, move) => {
      setEditing(null);
      if (raw !== null) await onSave(data.assignments[col]!.id, data.students[row]!.id, raw);
      requestAnimationFrame(() => focusCell(row + (move === "down" ? 1 : 0), col + (move === "right" ? 1 : move === "left" ? -1 : 0)));
    },
    focus: focusCell,
  };

  return (
    <div className="max-h-[70vh] overflow-auto rounded-2xl border border-line bg-surface" data-testid="grade-grid">
      <table ref={tableRef} className="border-separate border-spacing-0 text-sm">
        <thead>
          <tr>
            <th scope="col" className="sticky left-0 top-0 z-20 border-b border-line bg-surface-muted px-3 py-2 text-left font-medium">
              Student
            </th>
            {data.assignments.map((a) => (
              <th key={a.id} scope="col" className="sticky top-0 z-10 min-w-28 border-b border-line bg-surface-muted px-3 py-2 text-left font-medium">
                <span className="block max-w-40 truncate" title={a.title}>
                  {a.title}
                </span>
                <span className="text-xs font-normal text-ink-muted">/ {a.maxScore}</span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {data.students.map((s, row) => (
            <GradeRow key={s.id} student={s} row={row} assignments={data.assignments} scores={scores} editingCol={editing?.row === row ? editing.col : null} handlers={handlers} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

interface RowHandlers {
  edit(row: number, col: number): void;
  done(row: number, col: number, raw: string | null, move: "down" | "right" | "left" | null): Promise<void>;
  focus(row: number, col: number): void;
}

interface GradeRowProps {
  student: GridData["students"][number];
  row: number;
  assignments: GridData["assignments"];
  scores: Map<string, number>;
  editingCol: number | null;
  handlers: { current: RowHandlers };
}

const MOVES: Record<string, [number, number]> = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };

const GradeRow = memo(
  function GradeRow({ student: s, row, assignments, scores, editingCol, handlers }: GradeRowProps) {
    return (
      <tr>
        <th scope="row" className="sticky left-0 z-10 border-b border-line bg-surface px-3 py-1.5 text-left font-medium whitespace-nowrap">
          {s.name}
        </th>
        {assignments.map((a, col) => {
          const value = scores.get(key(a.id, s.id));
          const pct = value === undefined ? null : itemPercent(value, a.maxScore);
          return (
            <td key={a.id} className="border-b border-line p-1">
              {editingCol === col ? (
                <CellEditor
                  label={`Score for ${s.name}, ${a.title}`}
                  initial={value === undefined ? "" : String(value)}
                  max={a.maxScore}
                  onDone={(raw, move) => handlers.current.done(row, col, raw, move)}
                />
              ) : (
                <button
                  type="button"
                  data-cell={`${row}:${col}`}
                  aria-label={`${s.name}, ${a.title}: ${value === undefined ? "not graded" : `${value} of ${a.maxScore}, ${pct}%`}`}
                  onClick={() => handlers.current.edit(row, col)}
                  onKeyDown={(e) => {
                    const m = MOVES[e.key];
                    if (m) {
                      e.preventDefault();
                      handlers.current.focus(row + m[0], col + m[1]);
                    } else if (e.key === "Enter" || e.key === "F2") {
                      e.preventDefault();
                      handlers.current.edit(row, col);
                    }
                  }}
                  className={`h-9 w-full min-w-20 rounded-md px-2 text-left tabular-nums ${pct === null ? "text-ink-muted hover:bg-surface-muted" : BAND_CLASS[band(pct, GRADE_GRID_THRESHOLDS)]}`}
                  data-band={pct === null ? "none" : band(pct, GRADE_GRID_THRESHOLDS)}
                >
                  {value === undefined ? "—" : value}
                </button>
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
    prev.assignments === next.assignments &&
    prev.editingCol === next.editingCol &&
    prev.handlers === next.handlers &&
    (prev.scores === next.scores || next.assignments.every((a) => prev.scores.get(key(a.id, next.student.id)) === next.scores.get(key(a.id, next.student.id)))),
);

function CellEditor({ label, initial, max, onDone }: { label: string; initial: string; max: number; onDone: (raw: string | null, move: "down" | "right" | "left" | null) => void }) {
  const [value, setValue] = useState(initial);
  const finished = useRef(false);
  const finish = (raw: string | null, move: "down" | "right" | "left" | null) => {
    if (finished.current) return;
    finished.current = true;
    onDone(raw === initial ? null : raw, move);
  };
  return (
    <input
      autoFocus
      type="number"
      min={0}
      max={max}
      step={0.01}
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

function Gradebook({ data, scores, onSave }: { data: GridData; scores: Map<string, number>; onSave: (a: number, s: number, raw: string) => Promise<boolean> }) {
  return (
    <div className="max-h-[70vh] overflow-auto rounded-2xl border border-line bg-surface" data-testid="gradebook">
      <table className="border-separate border-spacing-0 text-sm">
        <thead>
          <tr>
            <th scope="col" className="sticky left-0 top-0 z-20 border-b border-line bg-surface-muted px-3 py-2 text-left font-medium">
              Student
            </th>
            {data.assignments.map((a) => (
              <th key={a.id} scope="col" className="sticky top-0 z-10 border-b border-line bg-surface-muted px-3 py-2 text-left font-medium">
                <span className="block max-w-40 truncate">{a.title}</span>
                <span className="text-xs font-normal text-ink-muted">/ {a.maxScore}</span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {data.students.map((s) => (
            <tr key={s.id}>
              <th scope="row" className="sticky left-0 z-10 border-b border-line bg-surface px-3 py-1.5 text-left font-medium whitespace-nowrap">
                {s.name}
              </th>
              {data.assignments.map((a) => {
                const value = scores.get(key(a.id, s.id));
                const b = value === undefined ? null : band(itemPercent(value, a.maxScore), GRADEBOOK_THRESHOLDS);
                return (
                  <td key={a.id} className="border-b border-line p-1">
                    <input
                      type="number"
                      min={0}
                      max={a.maxScore}
                      step={0.01}
                      aria-label={`Score for ${s.name}, ${a.title}`}
                      defaultValue={value ?? ""}
                      key={value ?? "none"}
                      onBlur={(e) => {
                        if (e.target.value !== (value === undefined ? "" : String(value))) void onSave(a.id, s.id, e.target.value);
                      }}
                      className={`h-9 w-20 rounded-md border border-line px-2 tabular-nums ${b ? BAND_CLASS[b] : "bg-surface"}`}
                    />
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

const idle: ActionResult = { ok: true };

function AddGradeModal({ levelCode, data, onClose }: { levelCode: string; data: GridData; onClose: () => void }) {
  const [state, action, pending] = useActionState(addGrade, idle);
  const [studentId, setStudentId] = useState("");
  const [assignmentId, setAssignmentId] = useState("");
  const [score, setScore] = useState("");
  const [feedback, setFeedback] = useState("");
  const [, start] = useTransition();
  const toast = useToast();
  useEffect(() => {
    if (state === idle) return;
    if (state.ok) {
      start(() => toast("Grade saved"));
      onClose();
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [state]);
  const max = data.assignments.find((a) => String(a.id) === assignmentId)?.maxScore;
  return (
    <Modal open onOpenChange={(o) => !o && onClose()} title="Add Grade">
      <form action={action} className="space-y-4">
        {!state.ok && <ErrorBanner message={state.message} />}
        <input type="hidden" name="levelCode" value={levelCode} />
        <Field label="Student" htmlFor="add-grade-student">
          <Select id="add-grade-student" name="studentId" required value={studentId} onChange={(e) => setStudentId(e.target.value)}>
            <option value="">Choose a student</option>
            {data.students.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="Assignment" htmlFor="add-grade-assignment">
          <Select id="add-grade-assignment" name="assignmentId" required value={assignmentId} onChange={(e) => setAssignmentId(e.target.value)}>
            <option value="">Choose an assignment</option>
            {data.assignments.map((a) => (
              <option key={a.id} value={a.id}>
                {a.title} (/{a.maxScore})
              </option>
            ))}
          </Select>
        </Field>
        <Field label="Score" htmlFor="add-grade-score" hint={max !== undefined ? `0 to ${max}` : undefined}>
          <TextInput id="add-grade-score" name="score" type="number" min={0} max={max} step={0.01} required value={score} onChange={(e) => setScore(e.target.value)} />
        </Field>
        <Field label="Feedback (optional)" htmlFor="add-grade-feedback">
          <TextArea id="add-grade-feedback" name="feedback" rows={3} maxLength={20000} value={feedback} onChange={(e) => setFeedback(e.target.value)} />
        </Field>
        <FormActions onCancel={onClose} pending={pending} label="Save Grade" />
      </form>
    </Modal>
  );
}
