"use client";

// A client component given its rows as data, not server-rendered elements: announcements with their responses travelled twice
// (HTML and an element tree ~3 times its size in the RSC payload); as data they travel once more
// as plain JSON (decision 016). Nothing here has state; it renders the same HTML on the server.

import { useTranslations } from "@/components/use-translations";
import { FileLinks } from "@/components/files/file-links";
import { Pager } from "@/components/pager";
import type { FileView } from "@/lib/files/records";
import { EmptyState } from "@/components/states";
import { AddResponseButton } from "./add-response-button";
import { DeleteResponseButton } from "./delete-response-button";
import type { ResponseView, UpdateView } from "@/lib/queries/class-page-types";

export type { ResponseView, UpdateView };

/**
 * The class page's Updates tab. `moderate`: the viewer teaches the class, so each response has a
 * Delete button.
 */
export function UpdateList({
  updates,
  levelCode,
  studentId,
  moderate = false,
  readOnly = false,
  files = {},
}: {
  updates: UpdateView[];
  /** Each announcement's attached files (issue 33). */
  files?: Record<number, FileView[]>;
  levelCode: string;
  studentId: number | null;
  moderate?: boolean;
  /** A concluded class (issue 41): no Add Response, whoever reads. */
  readOnly?: boolean;
}) {
  const t = useTranslations("classPage.updates");
  if (updates.length === 0) return <EmptyState title={t("none")} />;
  return (
    <ul className="space-y-4">
      {updates.map((u) => (
        <li key={u.id}>
          <article
            className="rounded-2xl border border-line bg-surface p-5 shadow-sm"
            aria-labelledby={`update-${u.id}`}
          >
            <div className="flex flex-wrap items-start justify-between gap-3">
              <div>
                <h2 id={`update-${u.id}`} className="text-lg font-semibold" data-user-text>
                  {u.title}
                </h2>
                <p className="text-sm text-ink-muted">{u.date}</p>
              </div>
              {studentId !== null && !readOnly && (
                <AddResponseButton levelCode={levelCode} updateId={u.id} studentId={studentId} updateTitle={u.title} />
              )}
            </div>
            <p className="mt-3 whitespace-pre-line" data-user-text>
              {u.content}
            </p>
            <FileLinks files={files[u.id] ?? []} />
            <ResponseList
              responses={u.responses}
              count={u.responseCount}
              moderateIn={moderate ? levelCode : undefined}
              footer={<MoreResponses update={u} levelCode={levelCode} />}
            />
          </article>
        </li>
      ))}
    </ul>
  );
}

/**
 * Students' responses under an announcement, with their count (class page and dashboard). `count`
 * is the total when `responses` holds only some; `moderateIn` (a level code) adds Delete buttons.
 */
export function ResponseList({
  responses,
  count = responses.length,
  moderateIn,
  footer,
}: {
  responses: ResponseView[];
  count?: number;
  moderateIn?: string;
  footer?: React.ReactNode;
}) {
  const t = useTranslations("classPage.updates");
  return (
    <div className="mt-4 border-t border-line pt-3 text-sm">
      <p className="font-medium text-ink-muted" data-testid="response-count">
        {t("responses", { count, n: String(count) })}
      </p>
      {responses.length > 0 && (
        <ul className="mt-2 space-y-2">
          {responses.map((r) => (
            <li key={r.id} className="rounded-lg bg-surface-muted px-3 py-2">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span className="font-medium" data-user-text>
                  {r.authorName}: {r.title}
                </span>
                <span className="flex items-center gap-2">
                  <span className="text-ink-muted">{r.date}</span>
                  {moderateIn !== undefined && (
                    <DeleteResponseButton
                      levelCode={moderateIn}
                      responseId={r.id}
                      label={`${r.authorName}: ${r.title}`}
                    />
                  )}
                </span>
              </div>
              <p className="mt-1 whitespace-pre-line" data-user-text>
                {r.content}
              </p>
            </li>
          ))}
        </ul>
      )}
      {footer}
    </div>
  );
}

const LINK = "font-medium text-brand-700 underline dark:text-brand-100";

/**
 * Links to the rest of an announcement's responses on the class page, as plain server-rendered
 * links: "Show all" pages them (?responses=<id>&page=<n>), "Show fewer" goes back to the newest few.
 */
export function MoreResponses({ update, levelCode }: { update: UpdateView; levelCode: string }) {
  const t = useTranslations("classPage.updates");
  const count = update.responseCount ?? update.responses.length;
  const base = `/level/${encodeURIComponent(levelCode)}`;
  const anchor = `#update-${update.id}`;
  if (update.responsePage) {
    const { page, pageSize } = update.responsePage;
    return (
      <div className="mt-2">
        <Pager
          page={page}
          total={count}
          pageSize={pageSize}
          href={(p) => `${base}?tab=updates&responses=${update.id}&page=${p}${anchor}`}
        />
        <a href={`${base}?tab=updates${anchor}`} className={`mt-2 inline-block ${LINK}`}>
          {t("showFewer")}
        </a>
      </div>
    );
  }
  if (count <= update.responses.length) return null;
  return (
    <a href={`${base}?tab=updates&responses=${update.id}${anchor}`} className={`mt-2 inline-block ${LINK}`}>
      {t("showAll", { count: String(count) })}
    </a>
  );
}
