import { GradesMessages } from "@/components/grades-messages";
import { EmptyState } from "@/components/states";
import { formatDateTime } from "@/lib/domain/format";
import { schoolTimeZone } from "@/lib/env";
import { gradeNumbers } from "@/lib/i18n/grade-numbers";
import { intlLocaleOf } from "@/lib/i18n/locales";
import { getT, requestLocale } from "@/lib/i18n/request-locale";
import { whyInLanguage } from "@/lib/i18n/why";
import { MessageGuardians } from "./message-guardians";
import { SummaryRows } from "./summary-rows";
import type { SummaryActivity, SummaryStudent } from "@/lib/queries/teacher-view";

// The Summary tab, in the reader's language (issue 31): the server writes its own words from the
// `gradesServer` namespace; the rows, a client component, read `grades`, sent here for them only.

export async function SummaryTab({
  students,
  averageGrade,
  averageAttendance,
  activity,
  termLabel,
  levelCode,
  term,
  readOnly = false,
}: {
  students: SummaryStudent[];
  averageGrade: number | null;
  averageAttendance: number | null;
  activity: SummaryActivity[];
  /** The term's name, or null for the whole year: what the grade and attendance columns cover. */
  termLabel: string | null;
  levelCode: string;
  /** The Summary's ?term= as asked, for "Message guardians of students under…". */
  term?: string;
  /** A concluded class (issue 41): no message to send. */
  readOnly?: boolean;
}) {
  const [t, { percent }, locale] = await Promise.all([getT("gradesServer"), gradeNumbers(), requestLocale()]);
  const covered = termLabel ?? t("wholeYear");
  const cards = [
    { key: "total-students", label: t("summary.totalStudents"), value: String(students.length) },
    {
      key: "average-grade",
      label: t("summary.averageGrade"),
      value: averageGrade === null ? "—" : percent(averageGrade),
    },
    {
      key: "average-attendance",
      label: t("summary.averageAttendance"),
      value: averageAttendance === null ? "—" : percent(averageAttendance),
    },
  ];
  // The calculator's "why" descriptors, written in the reader's language, each "%" kept with its number.
  const rows = students.map((s) => ({ ...s, why: whyInLanguage(s.why, locale) }));
  return (
    <div className="space-y-6" data-testid="summary-tab">
      <dl className="grid gap-3 sm:grid-cols-3">
        {cards.map((c) => (
          <div key={c.key} className="rounded-2xl border border-line bg-surface p-4 shadow-sm">
            <dt className="text-sm text-ink-muted">{c.label}</dt>
            <dd className="mt-1 text-2xl font-semibold" data-testid={`summary-${c.key}`}>
              {c.value}
            </dd>
          </div>
        ))}
      </dl>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <section className="lg:col-span-2" aria-labelledby="summary-students">
          <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
            <h2 id="summary-students" className="text-lg font-semibold">
              {t("summary.students")}
            </h2>
            {students.length > 0 && !readOnly && (
              <MessageGuardians levelCode={levelCode} target={{ kind: "below", term }} />
            )}
          </div>
          {students.length === 0 ? (
            <EmptyState title={t("noStudents")} />
          ) : (
            <div
              className="relative overflow-x-auto rounded-2xl border border-line bg-surface"
              tabIndex={0}
              role="region"
              aria-label={t("summary.table")}
            >
              <table className="summary-table w-full text-sm">
                <thead className="bg-surface-muted [&_th]:text-start text-ink-muted">
                  <tr>
                    <th scope="col" className="px-3 py-2 font-medium">
                      {t("student")}
                    </th>
                    <th scope="col" className="px-3 py-2 font-medium">
                      {t("summary.gradeColumn", { term: covered })}
                    </th>
                    <th scope="col" className="px-3 py-2 font-medium">
                      {t("summary.attendanceColumn", { term: covered })}
                    </th>
                    <th scope="col" className="px-3 py-2 font-medium">
                      {t("summary.status")}
                    </th>
                  </tr>
                </thead>
                {/* A client component given the rows as data: the RSC payload then carries ~300 bytes
                    of JSON a row instead of its whole element tree (three times the HTML's size). */}
                <GradesMessages parts={["summary"]}>
                  <SummaryRows students={rows} />
                </GradesMessages>
              </table>
            </div>
          )}
        </section>
        <section aria-labelledby="summary-activity">
          <h2 id="summary-activity" className="mb-3 text-lg font-semibold">
            {t("summary.activity")}
          </h2>
          {activity.length === 0 ? (
            <p className="text-ink-muted">{t("summary.noActivity")}</p>
          ) : (
            <ol className="space-y-2">
              {activity.map((a) => (
                <li key={a.key} className="rounded-xl border border-line bg-surface px-3 py-2 text-sm">
                  <p>{t(`summary.${a.sentence}`, a.values)}</p>
                  <p className="text-xs text-ink-muted">
                    {formatDateTime(a.at, schoolTimeZone(), intlLocaleOf(locale))}
                  </p>
                </li>
              ))}
            </ol>
          )}
        </section>
      </div>
    </div>
  );
}
