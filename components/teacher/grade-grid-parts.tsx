// What the grade grid and the simple gradebook share (grades-tab.tsx, gradebook.tsx).
import { useTranslations } from "@/components/use-translations";
import type { GridData } from "@/lib/queries/grade-grid";

export type { GridData, GridTotal } from "@/lib/queries/grade-grid";

/** Row heights in px (h-9 control, p-1 cell, 1 px border), before a rendered row is measured. */
export const GRID_ROW_PX = 45;

export type Scores = GridData["scores"];
export type OnSave = (row: number, col: number, raw: string) => Promise<boolean>;

/** Column headers shared by both views. */
export function AssignmentHeaders({
  assignments,
  wide,
  children,
}: {
  assignments: GridData["assignments"];
  wide?: boolean;
  children?: React.ReactNode;
}) {
  const t = useTranslations("grades");
  return (
    <thead>
      <tr>
        <th
          scope="col"
          className="sticky left-0 top-0 z-20 border-b border-line bg-surface-muted px-3 py-2 text-left font-medium"
        >
          {t("shared.student")}
        </th>
        {assignments.map((a) => (
          <th
            key={a.id}
            scope="col"
            className={`sticky top-0 z-10 border-b border-line bg-surface-muted px-3 py-2 text-left font-medium ${wide ? "min-w-28" : ""}`}
          >
            <span className="block max-w-40 truncate" title={a.title} data-user-text>
              {a.title}
            </span>
            <span className="text-xs font-normal text-ink-muted">/ {a.maxScore}</span>
          </th>
        ))}
        {children}
      </tr>
    </thead>
  );
}
