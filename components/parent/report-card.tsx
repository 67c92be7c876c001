"use client";

import { Tabs } from "radix-ui";
import { useEffect, useState } from "react";
import { flushSync } from "react-dom";
import { useTranslations } from "@/components/use-translations";
import { ArrowText } from "@/components/arrow-text";
import { useGradeNumbers } from "@/components/grade-numbers";
import type { ReportCardView } from "@/lib/domain/report-card";
import { BAND, ClassDetails, PublishedGrade, TermGrade, useReportNumbers } from "./report-card-class";

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
