"use client";

import { useMemo, useRef, useState } from "react";
import { useTranslations } from "@/components/use-translations";
import { saveGrade } from "@/app/level/[levelCode]/update/grade-actions";
import { setGradeMark } from "@/app/level/[levelCode]/update/grade-actions";
import { loadGridTotal } from "@/app/level/[levelCode]/update/grid-total-actions";
import { lazyComponent } from "@/components/lazy-component";
import { useGradeNumbers } from "@/components/grade-numbers";
import { EmptyState } from "@/components/states";
import { useToast } from "@/components/toast";
import { useServerValue } from "@/components/use-server-value";
import { parseScore } from "@/lib/domain/scores";
import { MARK_BY_CODE, MARK_CODES, type GradeMark } from "@/lib/domain/grade-marks";
import { gradebookExportHref } from "@/lib/export/links";
import { PrimaryButton } from "./form-controls";
import { type GridData, type GridTotal, type OnSave, type Scores } from "./grade-grid-parts";
import { GradeGrid } from "./grade-grid";

export type { GridData } from "./grade-grid-parts";

// The simple gradebook and the Add Grade form load when first opened: most visits only use the grid.
const Gradebook = lazyComponent(() => import("./gradebook").then((m) => m.Gradebook));
const AddGradeModal = lazyComponent(() => import("./add-grade-modal").then((m) => m.AddGradeModal));

export function GradesTab({
  levelCode,
  data,
  readOnly = false,
}: {
  levelCode: string;
  data: GridData;
  /** A concluded class (issue 41): the grid only, read; no Add Grade, no editing, no settings to change. */
  readOnly?: boolean;
}) {
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
          className={readOnly ? "hidden" : "inline-flex rounded-lg border border-line bg-surface p-1"}
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
          {!readOnly && (
            <a
              href={`/level/${encodeURIComponent(levelCode)}/update/grading`}
              className="rounded-lg border border-line px-3 py-2 text-sm font-medium hover:bg-surface-muted"
            >
              {t("grid.settings")}
            </a>
          )}
          <a
            href={gradebookExportHref(levelCode)}
            download
            className="rounded-lg border border-line px-3 py-2 text-sm font-medium hover:bg-surface-muted"
          >
            {t("grid.exportCsv")}
          </a>
          {!readOnly && <PrimaryButton onClick={() => setAdding(true)}>{t("grid.addGrade")}</PrimaryButton>}
        </div>
      </div>
      {view === "grid" || readOnly ? (
        <GradeGrid
          data={data}
          scores={scores}
          marks={marks}
          totals={totals}
          onSave={save}
          onMark={toggleMark}
          readOnly={readOnly}
        />
      ) : (
        <Gradebook data={data} scores={scores} onSave={save} />
      )}
      <p className="mt-3 text-sm text-ink-muted" data-testid="grades-footer">
        {t("grid.footer", { students: data.students.length, assignments: data.assignments.length, entered })}
      </p>
      {view === "grid" && !readOnly && (
        <p className="mt-1 text-sm text-ink-muted">
          {t.rich("grid.keysHelp", { kbd: (key) => <kbd>{key}</kbd> })}{" "}
          {data.term ? t("grid.columnHelpTerm", { term: data.term.title }) : t("grid.columnHelpYear")}
        </p>
      )}
      {adding && !readOnly && <AddGradeModal levelCode={levelCode} data={data} onClose={() => setAdding(false)} />}
    </div>
  );
}
