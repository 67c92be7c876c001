"use client";

// The grade grid: assignments across, students down (rendered a window at a time), each row a
// GradeRow, with the averages in its footer.
import { useMemo, useRef, useState } from "react";
import { useTranslations } from "@/components/use-translations";
import { useGradeNumbers } from "@/components/grade-numbers";
import { assignmentAveragePercent } from "@/lib/domain/grades";
import { isDraft } from "@/lib/domain/drafts";
import { type GradeMark } from "@/lib/domain/grade-marks";
import {
  AssignmentHeaders,
  GRID_ROW_PX,
  type GridData,
  type GridTotal,
  type OnSave,
  type Scores,
} from "./grade-grid-parts";
import { useRowWindow } from "./use-row-window";
import { GradeRow, type RowHandlers } from "./grade-row";

export function GradeGrid({
  data,
  scores,
  marks,
  totals,
  onSave,
  onMark,
  readOnly = false,
}: {
  data: GridData;
  scores: Scores;
  marks: string[];
  totals: GridTotal[];
  onSave: OnSave;
  onMark: (row: number, col: number, mark: GradeMark) => Promise<void>;
  /** A concluded class (issue 41): scores are read, never edited. */
  readOnly?: boolean;
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
          // A draft is not graded yet for any average (decision 033).
          if (v !== null && v !== undefined && marks[i]?.[j] !== "e" && !isDraft(a, v, data.returned[i]?.[j]))
            entered.push(v);
        });
        return assignmentAveragePercent(entered, a.maxScore);
      }),
    [data.assignments, data.returned, scores, marks],
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
                returned={data.returned[row] ?? ""}
                total={totals[row]}
                gradeHeading={gradeHeading}
                editingCol={editing?.row === row ? editing.col : null}
                handlers={handlers}
                readOnly={readOnly}
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
