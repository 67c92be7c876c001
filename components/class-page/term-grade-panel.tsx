import { TermSwitcher } from "@/components/term-switcher";
import { gradeNumbers } from "@/lib/i18n/grade-numbers";
import { getT, requestLocale } from "@/lib/i18n/request-locale";
import { whyInLanguage } from "@/lib/i18n/why";
import type { TermGradeView } from "@/lib/gradebook/term-grades";

// The student's grade for a term (issue 19) above their list of grades: a switcher of the
// school's terms and the whole year (links, rendered on the server), the grade, and "Why this
// grade" from the calculator's descriptors, in the reader's language (lib/i18n/why.ts; decision
// 029). Server component: no script.

export async function TermGradePanel({ view, href }: { view: TermGradeView; href: (term: number | "year") => string }) {
  const t = await getT("classPage");
  const n = await gradeNumbers();
  const heading = view.term ? view.term.title : t("term.wholeYear");
  return (
    <section
      aria-labelledby="term-grade-heading"
      className="mb-4 rounded-2xl border border-line bg-surface p-4 shadow-sm"
      data-testid="term-grade"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="term-grade-heading" className="text-lg font-semibold" data-user-text={view.term ? true : undefined}>
          {heading}
        </h2>
        <TermSwitcher view={view} href={href} labels={{ term: t("term.term"), wholeYear: t("term.wholeYear") }} />
      </div>
      {view.empty ? (
        <p className="mt-2 text-sm text-ink-muted">{t("term.noGradedWork")}</p>
      ) : (
        <p className="mt-2 flex items-center gap-3">
          <span className="text-3xl font-bold tabular-nums">{n.percent(view.percent)}</span>
          <span
            className="grid h-9 min-w-9 place-items-center rounded-full bg-brand-600 px-2 font-bold text-white"
            aria-label={t("grades.letterGrade", { letter: view.letter ?? "" })}
          >
            {view.letter}
          </span>
          {view.overridden && (
            <span className="rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-medium text-amber-900 dark:bg-amber-900 dark:text-amber-100">
              {t("term.setByTeacher")}
            </span>
          )}
        </p>
      )}
      {/* Nothing counted can still have a reason (all of it excused): then the why says so. */}
      {(!view.empty || view.why.length > 1) && (
        <details className="mt-3 text-sm">
          <summary className="cursor-pointer font-medium text-brand-700 dark:text-brand-100">
            {t("term.whyThisGrade")}
          </summary>
          <ul className="mt-2 list-disc space-y-1 ps-5" data-testid="why-this-grade">
            {whyInLanguage(view.why, await requestLocale()).map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </details>
      )}
      {/* Issue 27: work that counts as missing (even when dropped) or was excused is listed, not only graded work. */}
      {view.marked.missing.length > 0 && (
        <p className="mt-2 text-sm" data-testid="missing-work">
          <span className="font-medium text-red-700 dark:text-red-300">{t("term.missing")}</span>{" "}
          <span data-user-text>{view.marked.missing.join(", ")}</span>
        </p>
      )}
      {view.marked.excused.length > 0 && (
        <p className="mt-1 text-sm text-ink-muted" data-testid="excused-work">
          <span className="font-medium">{t("term.excused")}</span>{" "}
          <span data-user-text>{view.marked.excused.join(", ")}</span>
        </p>
      )}
    </section>
  );
}
