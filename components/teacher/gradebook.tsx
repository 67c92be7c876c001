"use client";

import { useGradeNumbers } from "@/components/grade-numbers";
import { useTranslations } from "@/components/use-translations";
import { GRADEBOOK_THRESHOLDS } from "@/lib/domain/constants";
import { isDraft } from "@/lib/domain/drafts";
import { band, itemPercent } from "@/lib/domain/grades";
import { AssignmentHeaders, GRID_ROW_PX, type GridData, type OnSave, type Scores } from "./grade-grid-parts";
import { SCORE_INPUT } from "@/components/score-input";
import { useRowWindow } from "./use-row-window";

/** The simpler gradebook (spec §2): a score field per cell, saved when it loses focus. */
export function Gradebook({ data, scores, onSave }: { data: GridData; scores: Scores; onSave: OnSave }) {
  const { scroller, rows } = useRowWindow(data.students.length, GRID_ROW_PX);
  const columns = data.assignments.length + 1;
  const t = useTranslations("grades");
  const tr = useTranslations("returns");
  const { number } = useGradeNumbers();
  return (
    <div
      ref={scroller}
      className="max-h-[70vh] overflow-auto rounded-2xl border border-line bg-surface"
      data-testid="gradebook"
    >
      <table className="border-separate border-spacing-0 text-sm" aria-rowcount={data.students.length + 1}>
        <AssignmentHeaders assignments={data.assignments} />
        <tbody>
          {rows((row) => {
            const s = data.students[row]!;
            return (
              <tr key={s.id} data-row={row} aria-rowindex={row + 2}>
                <th
                  scope="row"
                  className="sticky left-0 z-10 border-b border-line bg-surface px-3 py-1.5 text-left font-medium whitespace-nowrap"
                >
                  <span data-user-text>{s.name}</span>
                </th>
                {data.assignments.map((a, col) => {
                  const value = scores[row]?.[col] ?? null;
                  const shown = value === null ? "" : number(value); // the reader's digits, "7,5"
                  const b = value === null ? null : band(itemPercent(value, a.maxScore), GRADEBOOK_THRESHOLDS);
                  const draft = isDraft(a, value, data.returned[row]?.[col]);
                  return (
                    <td key={a.id} className="grid-td">
                      <input
                        {...SCORE_INPUT}
                        aria-label={`${t("grid.scoreFor", { name: s.name, title: a.title })}${draft ? `, ${tr("draftHint")}` : ""}`}
                        defaultValue={shown}
                        key={value ?? "none"}
                        onBlur={(e) => {
                          if (e.target.value !== shown) void onSave(row, col, e.target.value);
                        }}
                        className="grade-input"
                        data-band={b ?? "none"}
                      />
                      {draft && (
                        <span className="grade-mark" data-mark="draft" aria-hidden>
                          {tr("draft")}
                        </span>
                      )}
                    </td>
                  );
                })}
              </tr>
            );
          }, columns)}
        </tbody>
      </table>
    </div>
  );
}
