import { RefusalScreen } from "@/components/access-screens";
import { ConcludedBanner } from "@/components/concluded-banner";
import { AppShell } from "@/components/app-header";
import { GradesMessages } from "@/components/grades-messages";
import { CommentForm, OverrideForm } from "@/components/teacher/term-grade-forms";
import { EmptyState } from "@/components/states";
import { TermSwitcher } from "@/components/term-switcher";
import { dashboardPageAccess } from "@/lib/auth/page-access";
import { safeDecode, tabParam } from "@/lib/domain/url";
import { schoolTimeZone } from "@/lib/env";
import { loadClassTermGrades } from "@/lib/gradebook/class-term-grades";
import { listCommentBank } from "@/lib/gradebook/comment-bank";
import { parseTermChoice } from "@/lib/gradebook/term-grades";
import { gradeNumbers } from "@/lib/i18n/grade-numbers";
import { getT, requestLocale } from "@/lib/i18n/request-locale";
import { whyInLanguage } from "@/lib/i18n/why";

export async function generateMetadata() {
  return { title: (await getT("gradesServer"))("termGradesTitle") };
}

// Every student's term grade with its why, and the teacher's override (issue 19). The class's
// own staff only (dashboardPageAccess); the override form posts to an action that checks again.
// In the reader's language (issue 31): the page's words from `gradesServer`, the forms' from
// `grades`, the calculator's "why" descriptors by lib/i18n/why.
export default async function TermGradesPage({
  params,
  searchParams,
}: {
  params: Promise<{ levelCode: string }>;
  searchParams: Promise<{ term?: string | string[] }>;
}) {
  const access = await dashboardPageAccess(safeDecode((await params).levelCode));
  if ("refusal" in access) return <RefusalScreen {...access} />;
  const { level } = access;
  const [{ rows, published }, bank, t, { percent }, locale] = await Promise.all([
    loadClassTermGrades(level.code, parseTermChoice(tabParam((await searchParams).term)), schoolTimeZone()),
    listCommentBank(access.user.id),
    getT("gradesServer"),
    gradeNumbers(),
    requestLocale(),
  ]);
  const here = `/level/${encodeURIComponent(level.code)}/update/term-grades`;
  // A published term's cards and a concluded class (issue 41) are read, not edited: no form.
  const frozen = published || level.concludedYear !== null;
  const first = rows[0]?.view;
  return (
    <AppShell user={access.user}>
      <a
        href={`/level/${encodeURIComponent(level.code)}/update?tab=grades`}
        className="inline-flex items-center gap-1 text-sm font-medium text-ink-muted hover:text-ink"
      >
        <span aria-hidden>←</span> {t("backToGrades")}
      </a>
      <h1 className="mt-2 text-2xl font-semibold sm:text-3xl">{t("termGradesTitle")}</h1>
      <p className="text-ink-muted">
        <span data-user-text>{level.name}</span>
        {first ? " · " : ""}
        {first && (first.term ? <span data-user-text>{first.term.title}</span> : t("wholeYear"))}
      </p>
      {first && (
        <TermSwitcher
          view={first}
          href={(term) => `${here}?term=${term}`}
          className="mt-4"
          labels={{ term: t("term"), wholeYear: t("wholeYear") }}
        />
      )}
      {level.concludedYear !== null && <ConcludedBanner year={level.concludedYear} />}
      {published && level.concludedYear === null && (
        <p
          role="note"
          className="mt-4 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100"
        >
          {t("published", { term: first?.term?.title ?? "" })}
        </p>
      )}
      {first?.term && !frozen && (
        <datalist id="comment-bank">
          {bank.map((b) => (
            <option key={b.id} value={b.text} />
          ))}
        </datalist>
      )}
      {rows.length === 0 ? (
        <EmptyState title={t("noStudents")} />
      ) : (
        <GradesMessages parts={["term"]}>
          <table className="mt-4 w-full text-sm">
            <thead>
              <tr className="text-left">
                <th scope="col" className="border-b border-line py-2 pr-3 font-medium">
                  {t("student")}
                </th>
                <th scope="col" className="border-b border-line py-2 pr-3 font-medium">
                  {t("grade")}
                </th>
                <th scope="col" className="border-b border-line py-2 pr-3 font-medium">
                  {t("why")}
                </th>
                {first?.term && (
                  <th scope="col" className="border-b border-line py-2 font-medium">
                    {t("override")}
                  </th>
                )}
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => [
                <tr key={r.studentId} className="align-top" data-testid="term-grade-row">
                  <th scope="row" className="border-b border-line py-2 pr-3 text-left font-medium">
                    <span data-user-text>{r.name}</span>
                  </th>
                  <td className="border-b border-line py-2 pr-3 whitespace-nowrap tabular-nums">
                    {r.view.empty ? "—" : `${percent(r.view.percent)} ${r.view.letter}`}
                    {r.view.overridden && (
                      <span className="ml-2 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900 dark:bg-amber-900 dark:text-amber-100">
                        {t("overridden")}
                      </span>
                    )}
                  </td>
                  <td className="border-b border-line py-2 pr-3">
                    <details>
                      <summary className="cursor-pointer text-brand-700 dark:text-brand-100">
                        {t("why")}
                        <span className="sr-only"> {t("whyFor", { name: r.name })}</span>
                      </summary>
                      <ul className="mt-1 list-disc space-y-0.5 pl-5">
                        {whyInLanguage(r.view.why, locale).map((line) => (
                          <li key={line}>{line}</li>
                        ))}
                      </ul>
                    </details>
                  </td>
                  {r.view.term && (
                    <td className="border-b border-line py-2">
                      {frozen ? (
                        r.override ? (
                          t(r.override.shared ? "overrideShared" : "overrideStaff", {
                            percent: percent(r.override.percent),
                            reason: r.override.reason,
                          })
                        ) : (
                          "—"
                        )
                      ) : (
                        <OverrideForm
                          levelCode={level.code}
                          studentId={r.studentId}
                          studentName={r.name}
                          termId={r.view.term.id}
                          current={r.override}
                        />
                      )}
                    </td>
                  )}
                </tr>,
                r.view.term && (
                  <tr key={`${r.studentId}-comment`}>
                    <td colSpan={4} className="border-b-2 border-line pb-3">
                      {frozen ? (
                        <p className="text-sm">
                          <span className="font-medium">{t("comment")}</span>
                          <span data-user-text>{r.comment ?? "—"}</span>
                        </p>
                      ) : (
                        <CommentForm
                          levelCode={level.code}
                          studentId={r.studentId}
                          studentName={r.name}
                          termId={r.view.term.id}
                          current={r.comment}
                        />
                      )}
                    </td>
                  </tr>
                ),
              ])}
            </tbody>
          </table>
        </GradesMessages>
      )}
    </AppShell>
  );
}
