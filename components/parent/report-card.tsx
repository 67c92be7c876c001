"use client";

import { Tabs } from "radix-ui";
import { useEffect, useState } from "react";
import { flushSync } from "react-dom";
import { useLocale } from "use-intl";
import { useTranslations } from "@/components/use-translations";
import { ArrowText } from "@/components/arrow-text";
import { useGradeNumbers } from "@/components/grade-numbers";
import type { PublishedTermGrade, ReportCardClass, ReportCardView, ReportTermGrade } from "@/lib/domain/report-card";
import { formatDay } from "@/lib/domain/format";
import type { Band } from "@/lib/domain/grades";

const BAND: Record<Band, string> = {
  good: "bg-emerald-100 text-emerald-900 dark:bg-emerald-900 dark:text-emerald-50",
  fair: "bg-sky-100 text-sky-900 dark:bg-sky-900 dark:text-sky-50",
  poor: "bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-50",
  bad: "bg-red-100 text-red-900 dark:bg-red-900 dark:text-red-50",
};

/** Present-only attendance to one decimal, or "—" when none was taken; grades as the calculator made them. */
function useReportNumbers() {
  const n = useGradeNumbers();
  return {
    rate: (p: number | null) => (p === null ? "—" : n.percent(p.toFixed(1))),
    percent: (p: number | null) => (p === null ? "—" : n.percent(p)),
  };
}

/**
 * Report card (spec §2): Summary and Details tabs; prints one page per class. Letter grades are
 * isolated (<bdi>): in a right-to-left page "C+" would otherwise read "+C".
 */
export function ReportCard({ card, onBack }: { card: ReportCardView; onBack?: () => void }) {
  const t = useTranslations("reportCard");
  const { rate, percent } = useReportNumbers();
  const n = useGradeNumbers();
  const [tab, setTab] = useState("summary");
  const printing = usePrinting();
  const [selected, setSelected] = useState(card.classes[0]?.code ?? "");
  const current = card.classes.find((c) => c.code === selected);
  return (
    <section aria-labelledby="report-card-title">
      <div className="flex flex-wrap items-center justify-between gap-3 print:hidden">
        {onBack && (
          <button
            type="button"
            onClick={onBack}
            className="rounded-lg border border-line px-3 py-1.5 text-sm font-medium hover:bg-surface-muted"
          >
            <ArrowText text={t("backToSearch")} />
          </button>
        )}
        <button
          type="button"
          onClick={printing.print}
          className="rounded-lg border border-line px-3 py-1.5 text-sm font-medium hover:bg-surface-muted"
        >
          {t("print")}
        </button>
      </div>
      <h2 id="report-card-title" className="mt-4 text-2xl font-semibold">
        {t("heading", { name: card.studentName })}
      </h2>
      {card.classes.length === 0 ? (
        <p className="mt-4 text-ink-muted">{t("notEnrolled")}</p>
      ) : (
        <>
          <Tabs.Root value={tab} onValueChange={setTab} className="mt-4 print:hidden">
            <Tabs.List aria-label={t("tabs")} className="flex gap-1 border-b border-line">
              {[
                ["summary", t("summary")],
                ["details", t("details")],
              ].map(([v, l]) => (
                <Tabs.Trigger
                  key={v}
                  value={v!}
                  className="-mb-px border-b-2 border-transparent px-4 py-2 text-sm font-medium text-ink-muted data-[state=active]:border-brand-600 data-[state=active]:text-brand-700 dark:data-[state=active]:text-brand-100"
                >
                  {l}
                </Tabs.Trigger>
              ))}
            </Tabs.List>
            <Tabs.Content value="summary" className="pt-4">
              <ul className="grid gap-3 sm:grid-cols-2">
                {card.classes.map((c) => (
                  <li
                    key={c.code}
                    className="rounded-2xl border border-line bg-surface p-4 shadow-sm"
                    data-testid="report-class"
                  >
                    <div className="flex items-start justify-between gap-3">
                      <div>
                        <h3 className="font-semibold">{c.name}</h3>
                        <p className="text-sm text-ink-muted">
                          {c.period ? t("period", { period: c.period }) : c.code}
                        </p>
                      </div>
                      <span
                        className={`grid h-12 min-w-12 place-items-center rounded-xl px-2 text-xl font-bold ${c.band ? BAND[c.band] : "bg-surface-muted"}`}
                        aria-label={c.letter ? t("letterGrade", { letter: c.letter }) : t("noLetter")}
                      >
                        <bdi>{c.letter ?? "—"}</bdi>
                      </span>
                    </div>
                    <dl className="mt-3 grid grid-cols-3 gap-2 text-sm">
                      <div>
                        <dt className="text-ink-muted">
                          {c.gradeTitle ? t("gradeOf", { title: c.gradeTitle }) : t("grade")}
                        </dt>
                        <dd className="font-semibold">{percent(c.percent)}</dd>
                      </div>
                      <div>
                        <dt className="text-ink-muted">{t("countedPoints")}</dt>
                        <dd className="font-semibold">
                          {c.points ? `${n.number(c.points.earned)}/${n.number(c.points.possible)}` : "—"}
                        </dd>
                      </div>
                      <div>
                        <dt className="text-ink-muted">
                          {c.attendanceTitle ? t("attendanceOf", { title: c.attendanceTitle }) : t("attendance")}
                        </dt>
                        <dd className="font-semibold">{rate(c.attendancePercent)}</dd>
                      </div>
                    </dl>
                    {c.published && <PublishedGrade grade={c.published} />}
                    {c.term && <TermGrade term={c.term} />}
                    <button
                      type="button"
                      onClick={() => {
                        setSelected(c.code);
                        setTab("details");
                      }}
                      className="mt-3 text-sm font-medium text-brand-700 underline dark:text-brand-100"
                    >
                      {t("viewDetails")}
                      <span className="sr-only">{t("forClass", { name: c.name })}</span>
                    </button>
                  </li>
                ))}
              </ul>
            </Tabs.Content>
            <Tabs.Content value="details" className="pt-4">
              <label htmlFor="report-class" className="block text-sm font-medium">
                {t("class")}
              </label>
              <select
                id="report-class"
                value={selected}
                onChange={(e) => setSelected(e.target.value)}
                className="mt-1 rounded-lg border border-line bg-surface px-3 py-2"
              >
                {card.classes.map((c) => (
                  <option key={c.code} value={c.code}>
                    {c.name}
                  </option>
                ))}
              </select>
              {current && <ClassDetails c={current} />}
            </Tabs.Content>
          </Tabs.Root>
          {/* Every class's details, one page each, only while printing: rendered on every request
              they were most of the page's HTML (a year of grades and attendance per class, hidden). */}
          {printing.on && (
            <div className="hidden print:block" data-testid="report-print">
              {card.classes.map((c) => (
                <div key={c.code} className="break-after-page">
                  <ClassDetails c={c} />
                </div>
              ))}
            </div>
          )}
        </>
      )}
    </section>
  );
}

/**
 * Whether the page is being printed: the browser's beforeprint event (Ctrl+P, the menu) or the
 * Print button. flushSync renders the print-only block before the browser lays the page out.
 */
function usePrinting(): { on: boolean; print: () => void } {
  const [on, setOn] = useState(false);
  useEffect(() => {
    const before = () => flushSync(() => setOn(true));
    const after = () => setOn(false);
    window.addEventListener("beforeprint", before);
    window.addEventListener("afterprint", after);
    return () => {
      window.removeEventListener("beforeprint", before);
      window.removeEventListener("afterprint", after);
    };
  }, []);
  return {
    on,
    print: () => {
      flushSync(() => setOn(true));
      window.print();
    },
  };
}

function ClassDetails({ c }: { c: ReportCardClass }) {
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
function TermGrade({ term }: { term: ReportTermGrade }) {
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
function PublishedGrade({ grade }: { grade: PublishedTermGrade }) {
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
