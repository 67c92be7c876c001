"use client";

import { useTranslations } from "@/components/use-translations";
import { useGradeNumbers } from "@/components/grade-numbers";
import type { SummaryStudent } from "@/lib/queries/teacher-view";

const STATUS_KEY = { Excellent: "excellent", Good: "good", "Needs Attention": "needsAttention" } as const;

const STATUS_ICON: Record<NonNullable<SummaryStudent["status"]>, string> = {
  Excellent: "★",
  Good: "●",
  "Needs Attention": "!",
};

/** A Summary row as the client gets it: the "why" lines already written for its reader. */
export type SummaryRow = Omit<SummaryStudent, "why"> & { why: string[] };

/**
 * The Summary's rows (issue 21). A client component so that the page's RSC payload holds the rows
 * as data, not as elements: a hundred rows were 134 kB of payload for 57 kB of HTML. One text node
 * per value and the styling in CSS classes, as before. Its words are the `grades` namespace's; the
 * "why this grade" lines come already in the reader's language (summary-tab.tsx).
 */
export function SummaryRows({ students }: { students: SummaryRow[] }) {
  const t = useTranslations("grades");
  const { number, percent } = useGradeNumbers();
  return (
    <tbody>
      {students.map((s) => (
        <tr key={s.id} data-testid="summary-row">
          <th scope="row">
            <span data-user-text>{s.name}</span>
            <div className="summary-sub" data-user-text>{`@${s.username}`}</div>
          </th>
          <td>
            <span className="band-text" data-band={s.gradeBand ?? undefined}>
              {s.gradePercent === null ? "—" : `${percent(s.gradePercent)} (${s.letter})`}
            </span>
            {s.points && (
              <div className="summary-sub">
                {t("summary.points", { earned: number(s.points.earned), possible: number(s.points.possible) })}
              </div>
            )}
            {s.overridden && (
              <span className="grade-mark" data-mark="override">
                {t("shared.override")}
              </span>
            )}
            {/* The calculator's own sentences: the same why as the student's and the parent's pages. */}
            <details className="summary-why">
              <summary>{t("summary.why")}</summary>
              <ul>
                {s.why.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            </details>
          </td>
          <td>
            <span className="band-text" data-band={s.attendanceBand ?? undefined}>
              {s.attendancePercent === null ? "—" : percent(s.attendancePercent)}
            </span>
            <div className="summary-sub" aria-label={t("summary.counts", s.counts)}>
              {t("summary.short", s.counts)}
            </div>
          </td>
          <td>
            {s.status ? (
              <span className="status-pill" data-status={s.status}>
                <span aria-hidden>{STATUS_ICON[s.status]}</span>
                {t(`summary.status.${STATUS_KEY[s.status]}`)}
              </span>
            ) : (
              "—"
            )}
          </td>
        </tr>
      ))}
    </tbody>
  );
}
