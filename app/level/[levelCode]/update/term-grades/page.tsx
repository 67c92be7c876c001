import type { Metadata } from "next";
import { RefusalScreen } from "@/components/access-screens";
import { AppShell } from "@/components/app-header";
import { CommentForm, OverrideForm } from "@/components/teacher/term-grade-forms";
import { EmptyState } from "@/components/states";
import { TermSwitcher } from "@/components/term-switcher";
import { teacherLetter } from "@/lib/domain/grades";
import { dashboardPageAccess } from "@/lib/auth/page-access";
import { safeDecode, tabParam } from "@/lib/domain/url";
import { schoolTimeZone } from "@/lib/env";
import { loadClassTermGrades } from "@/lib/gradebook/class-term-grades";
import { listCommentBank } from "@/lib/gradebook/comment-bank";
import { parseTermChoice } from "@/lib/gradebook/term-grades";

export const metadata: Metadata = { title: "Term grades" };

// Every student's term grade with its why, and the teacher's override (issue 19). The class's
// own staff only (dashboardPageAccess); the override form posts to an action that checks again.
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
  const [{ rows, published }, bank] = await Promise.all([
    loadClassTermGrades(level.code, parseTermChoice(tabParam((await searchParams).term)), schoolTimeZone()),
    listCommentBank(access.user.id),
  ]);
  const here = `/level/${encodeURIComponent(level.code)}/update/term-grades`;
  const first = rows[0]?.view;
  return (
    <AppShell user={access.user}>
      <a
        href={`/level/${encodeURIComponent(level.code)}/update?tab=grades`}
        className="inline-flex items-center gap-1 text-sm font-medium text-ink-muted hover:text-ink"
      >
        <span aria-hidden>←</span> Back to grades
      </a>
      <h1 className="mt-2 text-2xl font-semibold sm:text-3xl">Term grades</h1>
      <p className="text-ink-muted">
        {level.name}
        {first ? ` · ${first.term?.title ?? "Whole year"}` : ""}
      </p>
      {first && <TermSwitcher view={first} href={(t) => `${here}?term=${t}`} className="mt-4" />}
      {published && (
        <p
          role="note"
          className="mt-4 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100"
        >
          {first?.term?.title} is published: its report cards are out, and its grades, overrides and comments are
          locked. An admin can unlock it.
        </p>
      )}
      {first?.term && !published && (
        <datalist id="comment-bank">
          {bank.map((b) => (
            <option key={b.id} value={b.text} />
          ))}
        </datalist>
      )}
      {rows.length === 0 ? (
        <EmptyState title="No students enrolled yet" />
      ) : (
        <table className="mt-4 w-full text-sm">
          <thead>
            <tr className="text-left">
              <th scope="col" className="border-b border-line py-2 pr-3 font-medium">
                Student
              </th>
              <th scope="col" className="border-b border-line py-2 pr-3 font-medium">
                Grade
              </th>
              <th scope="col" className="border-b border-line py-2 pr-3 font-medium">
                Why
              </th>
              {first?.term && (
                <th scope="col" className="border-b border-line py-2 font-medium">
                  Override
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => [
              <tr key={r.studentId} className="align-top" data-testid="term-grade-row">
                <th scope="row" className="border-b border-line py-2 pr-3 text-left font-medium">
                  {r.name}
                </th>
                <td className="border-b border-line py-2 pr-3 whitespace-nowrap tabular-nums">
                  {r.view.empty ? "—" : `${r.view.percent}% ${teacherLetter(r.view.percent)}`}
                  {r.view.overridden && (
                    <span className="ml-2 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900 dark:bg-amber-900 dark:text-amber-100">
                      overridden
                    </span>
                  )}
                </td>
                <td className="border-b border-line py-2 pr-3">
                  <details>
                    <summary className="cursor-pointer text-brand-700 dark:text-brand-100">
                      Why<span className="sr-only"> {r.name}&apos;s grade</span>
                    </summary>
                    <ul className="mt-1 list-disc space-y-0.5 pl-5">
                      {r.view.why.map((line) => (
                        <li key={line}>{line}</li>
                      ))}
                    </ul>
                  </details>
                </td>
                {r.view.term && (
                  <td className="border-b border-line py-2">
                    {published ? (
                      r.override ? (
                        `${r.override.percent}% — ${r.override.reason} (${r.override.shared ? "families see the reason" : "staff only"})`
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
                    {published ? (
                      <p className="text-sm">
                        <span className="font-medium">Comment: </span>
                        {r.comment ?? "—"}
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
      )}
    </AppShell>
  );
}
