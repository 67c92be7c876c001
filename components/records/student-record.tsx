// A student's record of every school year (issue 41): each year's classes with each published
// term's stored card (as published, never recomputed) and the year's attendance. Server-rendered.
import type { StoredTermGrade } from "@/lib/domain/stored-grade";
import type { RecordYear } from "@/lib/domain/student-record";
import { gradeNumbers } from "@/lib/i18n/grade-numbers";
import { getT, requestLocale } from "@/lib/i18n/request-locale";
import { whyInLanguage } from "@/lib/i18n/why";

type T = Awaited<ReturnType<typeof getT<"years">>>;
type Numbers = Awaited<ReturnType<typeof gradeNumbers>>;

export async function StudentRecordView({ years }: { years: readonly RecordYear[] }) {
  const [t, numbers, locale] = await Promise.all([getT("years"), gradeNumbers(), requestLocale()]);
  if (years.length === 0) return <p className="mt-6 text-ink-muted">{t("history.noClasses")}</p>;
  return (
    <div className="mt-6 grid grid-cols-1 gap-8">
      {years.map((y) => {
        const headingId = `year-${y.id ?? "none"}`;
        return (
          <section key={y.id ?? "none"} aria-labelledby={headingId} data-testid="record-year">
            <h2 id={headingId} className="text-xl font-semibold">
              {y.title === null
                ? t("history.noYear")
                : y.current
                  ? t("history.currentYear", { year: y.title })
                  : y.closed
                    ? t("history.closedYear", { year: y.title })
                    : y.title}
            </h2>
            <p className="mt-1 text-sm text-ink-muted">
              <span className="font-medium text-ink">{t("history.attendanceHeading")}: </span>
              {y.attendancePercent === null
                ? t("history.noAttendance")
                : t("history.attendance", { rate: numbers.percent(y.attendancePercent.toFixed(1)), ...y.attendance })}
            </p>
            <ul className="mt-3 grid grid-cols-1 gap-3">
              {y.classes.map((c) => (
                <li key={c.code} className="rounded-2xl border border-line bg-surface p-4 shadow-sm">
                  <h3 className="font-semibold" data-user-text>
                    {c.name}
                  </h3>
                  <p className="text-sm text-ink-muted">
                    {[
                      c.period ? t("history.period", { period: c.period }) : null,
                      c.teacher ? t("history.teacher", { name: c.teacher }) : null,
                    ]
                      .filter(Boolean)
                      .join(" · ")}
                  </p>
                  {c.cards.length === 0 ? (
                    <p className="mt-2 text-sm text-ink-muted">{t("history.noCards")}</p>
                  ) : (
                    <ul className="mt-2 grid grid-cols-1 gap-2">
                      {c.cards.map((k) => (
                        <li key={k.termId} data-testid="record-card">
                          <StoredCard title={k.termTitle} card={k.card} t={t} numbers={numbers} locale={locale} />
                        </li>
                      ))}
                    </ul>
                  )}
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}

function StoredCard({
  title,
  card,
  t,
  numbers,
  locale,
}: {
  title: string;
  card: StoredTermGrade;
  t: T;
  numbers: Numbers;
  locale: Awaited<ReturnType<typeof requestLocale>>;
}) {
  const why = whyInLanguage(card.why.family, locale);
  return (
    <div className="rounded-xl bg-surface-muted px-3 py-2">
      <p className="flex flex-wrap items-baseline justify-between gap-2">
        <span className="font-medium" data-user-text>
          {title}
        </span>
        <span>
          {card.percent === null ? (
            <span className="text-ink-muted">{t("history.noGradedWork")}</span>
          ) : (
            <>
              <span className="text-lg font-semibold">{card.letter}</span> <span>{numbers.percent(card.percent)}</span>
              {card.override && <span className="text-sm text-ink-muted"> ({t("history.setByTeacher")})</span>}
            </>
          )}
        </span>
      </p>
      {card.attendancePercent !== null && (
        <p className="text-sm text-ink-muted">
          {t("history.attendance", { rate: numbers.percent(card.attendancePercent.toFixed(1)), ...card.attendance })}
        </p>
      )}
      {card.comment && (
        <p className="mt-1 text-sm">
          <span className="font-medium">{t("history.teacherComment")}: </span>
          <span data-user-text>{card.comment}</span>
        </p>
      )}
      {card.percent !== null && why.length > 0 && (
        <details className="mt-1 text-sm text-ink-muted">
          <summary className="cursor-pointer">{t("history.howMade")}</summary>
          <ul className="ms-4 list-disc">
            {why.map((line, i) => (
              <li key={i}>{line}</li>
            ))}
          </ul>
        </details>
      )}
    </div>
  );
}
