"use client";

// One row of the grade grid (a student's cells, moved through with the arrow keys) and a cell's editor.
import { memo, useRef, useState } from "react";
import { useTranslations } from "@/components/use-translations";
import { useGradeNumbers } from "@/components/grade-numbers";
import { GRADE_GRID_THRESHOLDS } from "@/lib/domain/constants";
import { band, itemPercent } from "@/lib/domain/grades";
import { SCORE_INPUT } from "@/components/score-input";
import { MARK_BY_CODE, MARK_KEYS, type GradeMark } from "@/lib/domain/grade-marks";
import { isDraft } from "@/lib/domain/drafts";
import { type GridData, type GridTotal, type Scores } from "./grade-grid-parts";

export interface RowHandlers {
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
  /** Which of this student's scores are returned, one character per assignment (GridData.returned). */
  returned: string;
  /** This student's grade for the term shown. */
  total: GridTotal | undefined;
  gradeHeading: string;
  editingCol: number | null;
  handlers: { current: RowHandlers };
  /** A concluded class (issue 41): each score is text, not a control. */
  readOnly?: boolean;
}

const MOVES: Record<string, [number, number]> = {
  ArrowUp: [-1, 0],
  ArrowDown: [1, 0],
  ArrowLeft: [0, -1],
  ArrowRight: [0, 1],
};

export const GradeRow = memo(function GradeRow({
  student: s,
  row,
  assignments,
  scores,
  marks,
  returned,
  total,
  gradeHeading,
  editingCol,
  handlers,
  readOnly = false,
}: GradeRowProps) {
  const t = useTranslations("grades");
  const tr = useTranslations("returns");
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
        const draft = isDraft(a, value, returned[col]);
        const label = `${
          value === null
            ? t("grid.cellEmpty", { name: s.name, title: a.title })
            : t("grid.cellScore", {
                name: s.name,
                title: a.title,
                score: number(value),
                max: number(a.maxScore),
                percent: percent(pct!),
              })
        }${mark ? `, ${t(`grid.marks.${mark}`).toLowerCase()}` : ""}${draft ? `, ${tr("draftHint")}` : ""}`;
        const shown = (
          <>
            {value === null ? "—" : number(value)}
            {draft && (
              <span className="grade-mark" data-mark="draft" aria-hidden>
                {tr("draft")}
              </span>
            )}
            {mark && (
              <span className="grade-mark" data-mark={mark} aria-hidden>
                {t(`grid.marks.${mark}`)}
              </span>
            )}
          </>
        );
        if (readOnly)
          return (
            <td key={a.id} className="grid-td">
              <span
                className="grade-cell relative"
                data-band={pct === null ? "none" : band(pct, GRADE_GRID_THRESHOLDS)}
              >
                <span aria-hidden>{shown}</span>
                <span className="sr-only">{label}</span>
              </span>
            </td>
          );
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
                aria-label={label}
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
                {shown}
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
