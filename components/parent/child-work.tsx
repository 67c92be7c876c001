import { fileHref, formatSize } from "@/components/files/file-format";
import { formatDateTime } from "@/lib/domain/format";
import { schoolTimeZone } from "@/lib/env";
import { intlLocaleOf } from "@/lib/i18n/locales";
import { getT, requestLocale } from "@/lib/i18n/request-locale";
import { CHILD_WORK_MAX_SUBMISSIONS, type ChildSubmission, type ChildWork } from "@/lib/queries/child-work";

/**
 * The child's submitted work on their guardian's page (issue 39 item 11): per class, each
 * assignment the child submitted, each submission's date and its files, which open in the portal's
 * viewer under the same rule as anywhere else (lib/files/access.ts). Not printed: the report card is.
 */
export async function ChildWorkSection({ work }: { work: ChildWork }) {
  const t = await getT("child");
  return (
    <section aria-labelledby="child-work-title" className="mt-10 print:hidden" data-testid="child-work">
      <h2 id="child-work-title" className="text-xl font-semibold">
        {t("work.title")}
      </h2>
      {work.classes.length === 0 ? (
        <p className="mt-2 text-ink-muted">{t("work.none")}</p>
      ) : (
        work.classes.map((c) => (
          <section key={c.code} aria-labelledby={`child-work-${c.code}`} className="mt-4">
            <h3 id={`child-work-${c.code}`} className="font-semibold">
              <span data-user-text>{c.name}</span>{" "}
              <span className="text-sm font-normal text-ink-muted">
                {c.period ? t("period", { period: c.period }) : c.code}
              </span>
            </h3>
            <ul className="mt-2 space-y-3">
              {c.assignments.map((a) => (
                <li
                  key={a.assignmentId}
                  className="rounded-2xl border border-line bg-surface p-4 shadow-sm"
                  data-testid="child-work-assignment"
                >
                  <h4 className="font-medium" data-user-text>
                    {a.title}
                  </h4>
                  <ul className="mt-1 space-y-2">
                    {a.submissions.map((s) => (
                      <SubmissionLine key={s.id} submission={s} />
                    ))}
                  </ul>
                </li>
              ))}
            </ul>
          </section>
        ))
      )}
      {work.truncated && (
        <p className="mt-4 text-sm text-ink-muted">{t("work.newestOnly", { count: CHILD_WORK_MAX_SUBMISSIONS })}</p>
      )}
    </section>
  );
}

async function SubmissionLine({ submission }: { submission: ChildSubmission }) {
  const t = await getT("child");
  const locale = await requestLocale();
  const date = formatDateTime(submission.submittedAt, schoolTimeZone(), intlLocaleOf(locale));
  return (
    <li className="text-sm">
      <p className="text-ink-muted">{t("work.submitted", { date })}</p>
      {submission.files.length === 0 ? (
        <p className="text-ink-muted">{t("work.noFiles")}</p>
      ) : (
        <ul className="mt-1 flex flex-wrap gap-2" aria-label={t("work.filesOf", { date })}>
          {submission.files.map((f) => (
            <li key={f.id}>
              <a
                href={fileHref(f.id, { inline: true })}
                className="inline-flex items-center gap-2 rounded-lg border border-line px-2 py-1 hover:bg-surface-muted"
              >
                {f.hasThumb && (
                  // eslint-disable-next-line @next/next/no-img-element -- served by the portal's own route, sized by CSS
                  <img src={fileHref(f.id, { thumb: true })} alt="" className="h-8 w-8 rounded object-cover" />
                )}
                <span data-user-text>{f.name}</span>
                <span className="text-ink-muted">{formatSize(f.size, intlLocaleOf(locale))}</span>
              </a>
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}
