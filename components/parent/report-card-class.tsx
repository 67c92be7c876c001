"use client";

// One class on the report card: its details, this term's grade and the published one; and the
// band colours and number format the card's Summary tab shares with them.
import { useLocale } from "use-intl";
import { useTranslations } from "@/components/use-translations";
import { useGradeNumbers } from "@/components/grade-numbers";
import type { PublishedTermGrade, ReportCardClass, ReportTermGrade } from "@/lib/domain/report-card";
import { formatDay } from "@/lib/domain/format";
import type { Band } from "@/lib/domain/grades";

export const BAND: Record<Band, string> = {
  good: "bg-emerald-100 text-emerald-900 dark:bg-emerald-900 dark:text-emerald-50",
  fair: "bg-sky-100 text-sky-900 dark:bg-sky-900 dark:text-sky-50",
  poor: "bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-50",
  bad: "bg-red-100 text-red-900 dark:bg-red-900 dark:text-red-50",
};

/** Present-only attendance to one decimal, or "—" when none was taken; grades as the calculator made them. */
export function useReportNumbers() {
  const n = useGradeNumbers();
  return {
    rate: (p: number | null) => (p === null ? "—" : n.percent(p.toFixed(1))),
    percent: (p: number | null) => (p === null ? "—" : n.percent(p)),
  };
}

export function ClassDetails({ c }: { c: ReportCardClass }) {
  const t = useTranslations("reportCard");
  const locale = useLocale();
  const { rate, percent } = useReportNumbers();
  const n = useGradeNumbers();
  return (
    <div className="mt-4 space-y-4" data-testid="report-details">
      <h3 className="text-lg font-semibold">
        {t("detailsHeading", { name: c.name, letter: c.letter ?? "—", percent: percent(c.percent) })}
        {c.points && t("detailsPoints", { earned: n.number(c.points.earned), possible: n.number(c.points.possible) })}
        {c.attendanceTitle
          ? t("detailsAttendanceOf", { title: c.attendanceTitle, rate: rate(c.attendancePercent) })
          : t("detailsAttendance", { rate: rate(c.attendancePercent) })}
      </h3>
      <div>
        <h4 className="font-medium">{t("grades")}</h4>
        {c.grades.length === 0 ? (
          <p className="text-sm text-ink-muted">{t("noGrades")}</p>
        ) : (
          <table className="mt-2 w-full text-sm">
            <thead className="text-ink-muted [&_th]:text-start">
              <tr>
                <th scope="col" className="py-1 font-medium">
                  {t("assignment")}
                </th>
                <th scope="col" className="py-1 font-medium">
                  {t("score")}
                </th>
                <th scope="col" className="py-1 font-medium">
                  {t("graded")}
                </th>
              </tr>
            </thead>
            <tbody>
              {c.grades.map((g, i) => (
                <tr key={i} className="border-t border-line">
                  <td className="py-1">
                    {g.title}
                    {g.feedback && <div className="text-xs text-ink-muted">{g.feedback}</div>}
                  </td>
                  <td className="py-1 whitespace-nowrap">
                    {t("scoreOf", { score: n.number(g.score), max: n.number(g.maxScore), percent: percent(g.percent) })}
                  </td>
                  <td className="py-1 whitespace-nowrap">{g.gradedOn}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
      <div>
        <h4 className="font-medium">{t("attendance")}</h4>
        {c.attendance.length === 0 ? (
          <p className="text-sm text-ink-muted">{t("noAttendance")}</p>
        ) : (
          <ul className="mt-2 grid grid-cols-2 gap-1 text-sm sm:grid-cols-3">
            {c.attendance.map((a) => (
              <li key={a.date}>
                {formatDay(a.date, locale)}: <span className="capitalize">{statusWord(t, a.status)}</span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}

const STATUSES = new Set(["present", "absent", "late", "excused"]);

/** An attendance status in the reader's language; a status we do not know is shown as stored. */
function statusWord(t: ReturnType<typeof useTranslations<"reportCard">>, status: string): string {
  return STATUSES.has(status) ? t(status as "present") : status;
}

/** This term's grade (live progress until the school publishes report cards), and why. */
export function TermGrade({ term }: { term: ReportTermGrade }) {
  const t = useTranslations("reportCard");
  const { percent } = useReportNumbers();
  return (
    <div className="mt-3 rounded-xl bg-surface-muted px-3 py-2 text-sm" data-testid="report-term">
      <p>
        <span className="font-medium">{term.title ?? t("wholeYear")}</span>{" "}
        <span className="text-ink-muted">{t("progress")}</span>:{" "}
        {term.empty ? (
          t("noGradedWorkYet")
        ) : (
          <span className="font-semibold">
            {percent(term.percent)} · <bdi>{term.letter}</bdi>
          </span>
        )}
        {term.overridden && t("setByTeacher")}
      </p>
      {(!term.empty || term.why.length > 1) && (
        <details className="mt-1">
          <summary className="cursor-pointer font-medium text-brand-700 dark:text-brand-100">
            {t("whyThisGrade")}
          </summary>
          <ul className="mt-1 list-disc space-y-0.5 ps-5">
            {term.why.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </details>
      )}
    </div>
  );
}

/** The published term's report card for the class: grade, attendance for the term and the teacher's comment. */
export function PublishedGrade({ grade }: { grade: PublishedTermGrade }) {
  const t = useTranslations("reportCard");
  const { rate, percent } = useReportNumbers();
  const a = grade.attendance;
  return (
    <div className="mt-3 rounded-xl border border-line px-3 py-2 text-sm" data-testid="report-published">
      <p className="font-medium">{t("publishedTitle", { term: grade.title })}</p>
      <p>
        {grade.empty ? (
          t("noGradedWork")
        ) : (
          <span className="font-semibold">
            {percent(grade.percent)} · <bdi>{grade.letter}</bdi>
          </span>
        )}
        {grade.overridden && t("setByTeacher")}
        {t("publishedAttendance", { rate: rate(grade.attendancePercent), ...a })}
      </p>
      {grade.comment && <p className="mt-1 italic">&ldquo;{grade.comment}&rdquo;</p>}
      {(!grade.empty || grade.why.length > 1) && (
        <details className="mt-1">
          <summary className="cursor-pointer font-medium text-brand-700 dark:text-brand-100">
            {t("whyThisGrade")}
          </summary>
          <ul className="mt-1 list-disc space-y-0.5 ps-5">
            {grade.why.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </details>
      )}
    </div>
  );
}
