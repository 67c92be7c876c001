import { fileHref, formatSize } from "@/components/files/file-format";
import { cachedMarkdown } from "@/components/markdown-cache";
import { formatDateTime } from "@/lib/domain/format";
import { schoolTimeZone } from "@/lib/env";
import { getT, requestLocale } from "@/lib/i18n/request-locale";
import type { ChildThread } from "@/lib/queries/comments";

/**
 * The private comments on the child's work, on their guardian's page, when the school lets linked
 * guardians read them (issue 44, decision 033). Read only: guardians are not a side of the thread.
 */
export async function ChildCommentsSection({ threads }: { threads: ChildThread[] }) {
  const [t, locale] = await Promise.all([getT("privateComments"), requestLocale()]);
  const tz = schoolTimeZone();
  return (
    <section aria-labelledby="child-comments-title" className="mt-10 print:hidden" data-testid="child-comments">
      <h2 id="child-comments-title" className="text-xl font-semibold">
        {t("child.title")}
      </h2>
      <p className="mt-1 text-sm text-ink-muted">{t("guardianHint")}</p>
      {threads.length === 0 ? (
        <p className="mt-2 text-ink-muted">{t("none")}</p>
      ) : (
        <ul className="mt-3 space-y-3">
          {threads.map((th) => (
            <li key={th.assignmentId} className="min-w-0 rounded-2xl border border-line bg-surface p-4 shadow-sm">
              <h3 className="font-medium">
                <span data-user-text>{th.title}</span>{" "}
                <span className="text-sm font-normal text-ink-muted" data-user-text>
                  {th.className}
                  {th.period ? ` · ${t("child.period", { period: th.period })}` : ""}
                </span>
              </h3>
              <ol className="mt-2 space-y-2" aria-label={t("listLabel")}>
                {th.comments.map((c) => (
                  <li key={c.id} className="rounded-lg border border-line p-3" data-testid="child-comment">
                    <div className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm">
                      <span className="font-medium">
                        <span data-user-text>{c.authorName || t("unknownAuthor")}</span>
                        {c.authorIsStaff && (
                          <span className="ms-2 rounded-full bg-brand-50 px-2 py-0.5 text-xs text-brand-800 dark:bg-brand-800 dark:text-brand-50">
                            {t("staff")}
                          </span>
                        )}
                      </span>
                      <time dateTime={c.createdAt} className="text-xs text-ink-muted">
                        {formatDateTime(new Date(c.createdAt), tz, locale)}
                      </time>
                    </div>
                    <div className="mt-1 break-words">{cachedMarkdown(c.body)}</div>
                    {c.files.length > 0 && (
                      <ul className="mt-2 flex flex-wrap gap-2" aria-label={t("files.attached")}>
                        {c.files.map((f) => (
                          <li key={f.id}>
                            <a
                              href={fileHref(f.id, { inline: true })}
                              target="_blank"
                              rel="noopener"
                              className="inline-flex items-center gap-2 rounded-lg border border-line px-2 py-1 text-sm hover:bg-surface-muted"
                            >
                              <span data-user-text>{f.name}</span>
                              <span className="text-ink-muted">{formatSize(f.size, locale)}</span>
                            </a>
                          </li>
                        ))}
                      </ul>
                    )}
                  </li>
                ))}
              </ol>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
