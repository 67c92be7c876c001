"use client";

import type { SummaryStudent } from "@/lib/queries/teacher-view";

const STATUS_ICON: Record<NonNullable<SummaryStudent["status"]>, string> = {
  Excellent: "★",
  Good: "●",
  "Needs Attention": "!",
};

/**
 * The Summary's rows (issue 21). A client component so that the page's RSC payload holds the rows
 * as data, not as elements: a hundred rows were 134 kB of payload for 57 kB of HTML. One text node
 * per value and the styling in CSS classes, as before.
 */
export function SummaryRows({ students }: { students: SummaryStudent[] }) {
  return (
    <tbody>
      {students.map((s) => (
        <tr key={s.id} data-testid="summary-row">
          <th scope="row">
            {s.name}
            <div className="summary-sub">{`@${s.username}`}</div>
          </th>
          <td>
            <span className="band-text" data-band={s.gradeBand ?? undefined}>
              {s.gradePercent === null ? "—" : `${s.gradePercent}% (${s.letter})`}
            </span>
            {s.points && (
              <div className="summary-sub">{`${s.points.earned} / ${s.points.possible} counted points`}</div>
            )}
            {s.overridden && (
              <span className="grade-mark" data-mark="override">
                Override
              </span>
            )}
            {/* The calculator's own sentences: the same why as the student's and the parent's pages. */}
            <details className="summary-why">
              <summary>Why this grade</summary>
              <ul>
                {s.why.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            </details>
          </td>
          <td>
            <span className="band-text" data-band={s.attendanceBand ?? undefined}>
              {s.attendancePercent === null ? "—" : `${s.attendancePercent}%`}
            </span>
            <div
              className="summary-sub"
              aria-label={`${s.counts.present} present, ${s.counts.excused} excused, ${s.counts.late} late, ${s.counts.absent} absent`}
            >
              {`P ${s.counts.present} · E ${s.counts.excused} · L ${s.counts.late} · A ${s.counts.absent}`}
            </div>
          </td>
          <td>
            {s.status ? (
              <span className="status-pill" data-status={s.status}>
                <span aria-hidden>{STATUS_ICON[s.status]}</span>
                {s.status}
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
