"use client";

// A client component given its rows as data, not server-rendered elements: a year of grades or attendance rows travelled twice
// (HTML and an element tree ~3 times its size in the RSC payload); as data they travel once more
// as plain JSON (decision 016). Nothing here has state; it renders the same HTML on the server.

import { useTranslations } from "@/components/use-translations";
import { useGradeNumbers } from "@/components/grade-numbers";
import { EmptyState } from "@/components/states";
import type { AttendanceView, GradeView } from "@/lib/queries/class-page-types";

export type { AttendanceView, GradeView };

export function GradeList({ grades }: { grades: GradeView[] }) {
  const t = useTranslations("classPage.grades");
  const n = useGradeNumbers();
  if (grades.length === 0) return <EmptyState title={t("none")} />;
  return (
    <ul className="space-y-3">
      {grades.map((g) => (
        <li key={g.id} className="rounded-2xl border border-line bg-surface p-4 shadow-sm" data-testid="grade-item">
          <div className="flex flex-wrap items-start justify-between gap-3">
            <div>
              <h3 className="font-semibold" data-user-text>
                {g.title}
              </h3>
              <p className="text-sm text-ink-muted">{t("graded", { date: g.gradedAt })}</p>
            </div>
            <div className="flex items-center gap-2">
              {g.category && (
                <span
                  className="rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-medium text-brand-800 dark:bg-brand-800 dark:text-brand-50"
                  data-user-text
                >
                  {g.category}
                </span>
              )}
              <span className="text-sm font-medium">
                {n.number(g.score)}/{n.number(g.maxScore)}
              </span>
              <span className="text-sm text-ink-muted">{n.percent(g.percent)}</span>
              <span
                className="grid h-8 min-w-8 place-items-center rounded-full bg-brand-600 px-2 text-sm font-bold text-white"
                aria-label={t("letterGrade", { letter: g.letter })}
              >
                {g.letter}
              </span>
            </div>
          </div>
          {g.feedback && (
            <p className="mt-2 rounded-lg bg-surface-muted px-3 py-2 text-sm" data-user-text>
              {g.feedback}
            </p>
          )}
        </li>
      ))}
    </ul>
  );
}

const STATUS_STYLE: Record<string, string> = {
  present: "bg-emerald-100 text-emerald-800 dark:bg-emerald-900 dark:text-emerald-100",
  late: "bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-100",
  excused: "bg-sky-100 text-sky-800 dark:bg-sky-900 dark:text-sky-100",
  absent: "bg-red-100 text-red-800 dark:bg-red-900 dark:text-red-100",
};

const STATUSES = new Set(["present", "absent", "late", "excused"] as const);
type Status = typeof STATUSES extends Set<infer S> ? S : never;
const isStatus = (status: string): status is Status => STATUSES.has(status as Status);

export function AttendanceList({ records }: { records: AttendanceView[] }) {
  const t = useTranslations("classPage.attendance");
  if (records.length === 0) return <EmptyState title={t("none")} />;
  return (
    <div className="relative overflow-x-auto rounded-2xl border border-line bg-surface">
      <table className="w-full [&_th]:text-start text-sm">
        <thead className="bg-surface-muted text-ink-muted">
          <tr>
            <th scope="col" className="px-4 py-2 font-medium">
              {t("status")}
            </th>
            <th scope="col" className="px-4 py-2 font-medium">
              {t("class")}
            </th>
            <th scope="col" className="px-4 py-2 font-medium">
              {t("date")}
            </th>
            <th scope="col" className="px-4 py-2 font-medium">
              {t("time")}
            </th>
          </tr>
        </thead>
        <tbody>
          {records.map((r) => (
            <tr key={r.id} className="border-t border-line" data-testid="attendance-row">
              <td className="px-4 py-2">
                <span
                  className={`rounded-full px-2.5 py-0.5 text-xs font-semibold capitalize ${STATUS_STYLE[r.status] ?? ""}`}
                >
                  {isStatus(r.status) ? t(`statuses.${r.status}`) : r.status}
                </span>
              </td>
              <td className="px-4 py-2" data-user-text>
                {r.levelCode}
              </td>
              <td className="px-4 py-2">{r.date}</td>
              <td className="px-4 py-2 text-ink-muted">{r.time}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function SummaryTiles({
  average,
  completed,
  attendanceRate,
  termTitle,
}: {
  average: number | null;
  completed: number;
  attendanceRate: number | null;
  termTitle: string | null;
}) {
  const t = useTranslations("classPage.tiles");
  const n = useGradeNumbers();
  // The test ids stay the English names, whatever the language shown.
  const tiles = [
    { id: "average", label: t("average"), value: average === null ? "—" : n.percent(average) },
    { id: "completed", label: t("completed"), value: String(completed) },
    {
      id: "attendance-rate",
      label: t("attendanceRate"),
      value: attendanceRate === null ? "—" : n.percent(attendanceRate),
    },
  ];
  return (
    <>
      {termTitle && (
        <p className="mt-5 text-sm text-ink-muted" data-testid="tiles-term">
          {t("forTerm", { term: termTitle })}
        </p>
      )}
      <dl className={`${termTitle ? "mt-2" : "mt-5"} grid grid-cols-3 gap-3`}>
        {tiles.map((tile) => (
          <div key={tile.id} className="rounded-2xl border border-line bg-surface p-4 shadow-sm">
            <dt className="text-xs font-medium uppercase tracking-wide text-ink-muted sm:text-sm">{tile.label}</dt>
            <dd className="mt-1 text-2xl font-semibold" data-testid={`tile-${tile.id}`}>
              {tile.value}
            </dd>
          </div>
        ))}
      </dl>
    </>
  );
}
