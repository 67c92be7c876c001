"use client";

import { useState, useTransition } from "react";
import { useTranslations } from "@/components/use-translations";
import { loadSubmissionHistory, type HistoryEntry } from "@/app/level/[levelCode]/actions";
import { FileLinks } from "@/components/files/file-links";
import { Modal } from "@/components/modal";
import { useToast } from "@/components/toast";
import { matchesFilter, type AssignmentState } from "@/lib/domain/assignments";
import type { AssignmentView } from "@/lib/queries/class-page-types";
import { lazyComponent } from "@/components/lazy-component";
import type { CommentView } from "@/lib/queries/comments-types";
import { SubmitModal } from "./submit-modal";

export type { AssignmentView };

// The thread renders markdown in the browser (react-markdown, rehype-sanitize): a chunk of its own,
// fetched when a student first opens a thread, not with every class page.
const CommentThread = lazyComponent(() => import("@/components/comments/comment-thread").then((m) => m.CommentThread));

const FILTERS = ["all", "submitted", "pending"] as const;
type Filter = (typeof FILTERS)[number];

const BADGE: Record<AssignmentState, string> = {
  Submitted: "bg-emerald-100 text-emerald-800 dark:bg-emerald-900 dark:text-emerald-100",
  Overdue: "bg-red-100 text-red-800 dark:bg-red-900 dark:text-red-100",
  Pending: "bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-100",
};

export function AssignmentList({
  assignments,
  descriptions,
  levelCode,
  studentId,
  readOnly = false,
  threads,
  rubrics = {},
}: {
  assignments: AssignmentView[];
  /** Full descriptions, rendered (and sanitised) on the server. */
  descriptions: Record<number, React.ReactNode>;
  /** Issue 44: each assignment's rubric (with the student's returned levels), rendered on the server. */
  rubrics?: Record<number, { label: string; view: React.ReactNode }>;
  levelCode: string;
  studentId: number | null;
  /** A concluded class (issue 41): the submission history still opens, nothing can be handed in. */
  readOnly?: boolean;
  /** The student's private comments on each assignment (issue 44), by assignment id. */
  threads?: Record<number, CommentView[]>;
}) {
  const [filter, setFilter] = useState<Filter>("all");
  const [submitting, setSubmitting] = useState<AssignmentView | null>(null);
  const [history, setHistory] = useState<{ assignment: AssignmentView; entries: HistoryEntry[] } | null>(null);
  const [loadingHistory, startHistory] = useTransition();
  const [commenting, setCommenting] = useState<AssignmentView | null>(null);
  const commentsT = useTranslations("privateComments");
  const toast = useToast();
  const t = useTranslations("classPage");

  const visible = assignments.filter((a) => a.state === null || matchesFilter(a.state, filter));

  const openHistory = (a: AssignmentView) =>
    startHistory(async () => {
      const res = await loadSubmissionHistory(levelCode, a.id);
      if (res.ok) setHistory({ assignment: a, entries: res.data ?? [] });
      else toast(t("actions.submissionsLoadFailed"), "error");
    });

  return (
    <div>
      {studentId !== null && (
        <div
          role="group"
          aria-label={t("assignments.filter")}
          className="mb-4 inline-flex rounded-lg border border-line bg-surface p-1"
        >
          {FILTERS.map((f) => (
            <button
              key={f}
              type="button"
              aria-pressed={filter === f}
              onClick={() => setFilter(f)}
              className={`rounded-md px-3 py-1.5 text-sm font-medium ${filter === f ? "bg-brand-600 text-white" : "text-ink-muted hover:text-ink"}`}
            >
              {t(`assignments.${f}`)}
            </button>
          ))}
        </div>
      )}
      {visible.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-line bg-surface px-6 py-10 text-center text-ink-muted">
          {t("assignments.none")}
        </p>
      ) : (
        <ul className="space-y-4">
          {visible.map((a) => (
            <li key={a.id}>
              <article
                className="rounded-2xl border border-line bg-surface p-5 shadow-sm"
                aria-labelledby={`assignment-${a.id}`}
                data-testid="assignment-card"
              >
                <div className="flex flex-wrap items-start justify-between gap-3">
                  <h2 id={`assignment-${a.id}`} className="text-lg font-semibold" data-user-text>
                    {a.title}
                  </h2>
                  <div className="flex gap-2">
                    {a.category && (
                      <span
                        className="rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-medium text-brand-800 dark:bg-brand-800 dark:text-brand-50"
                        data-user-text
                      >
                        {a.category}
                      </span>
                    )}
                    {a.state && (
                      <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${BADGE[a.state]}`}>
                        {t(`assignments.states.${a.state}`)}
                      </span>
                    )}
                  </div>
                </div>
                <dl className="mt-2 flex flex-wrap gap-x-6 gap-y-1 text-sm text-ink-muted">
                  <div>
                    <dt className="sr-only">{t("assignments.dueLabel")}</dt>
                    <dd>{a.due}</dd>
                  </div>
                  <div>
                    <dt className="inline">{t("assignments.maxScore")}</dt>
                    <dd className="inline">{a.maxScore}</dd>
                  </div>
                  {a.lastSubmitted && (
                    <div>
                      <dt className="inline">{t("assignments.lastSubmitted")}</dt>
                      <dd className="inline">{a.lastSubmitted}</dd>
                    </div>
                  )}
                </dl>
                <p className="mt-3 text-sm" data-user-text>
                  {a.preview}
                </p>
                {rubrics[a.id] && (
                  <details className="mt-3 rounded-lg border border-line px-3 py-2">
                    <summary className="cursor-pointer text-sm font-medium">{rubrics[a.id]!.label}</summary>
                    <div className="mt-2">{rubrics[a.id]!.view}</div>
                  </details>
                )}
                {studentId !== null && (
                  <div className="mt-4 flex flex-wrap gap-2">
                    {!readOnly && (
                      <button
                        type="button"
                        onClick={() => setSubmitting(a)}
                        className="rounded-lg bg-brand-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-brand-700"
                      >
                        {a.state === "Submitted" ? t("assignments.resubmit") : t("assignments.submit")}
                      </button>
                    )}
                    {a.state === "Submitted" && (
                      <button
                        type="button"
                        disabled={loadingHistory}
                        onClick={() => openHistory(a)}
                        className="rounded-lg border border-line px-3 py-1.5 text-sm font-medium hover:bg-surface-muted disabled:opacity-60"
                      >
                        {t("assignments.history")}
                      </button>
                    )}
                    {threads && (
                      <button
                        type="button"
                        onClick={() => setCommenting(a)}
                        className="rounded-lg border border-line px-3 py-1.5 text-sm font-medium hover:bg-surface-muted"
                        data-testid="open-comments"
                      >
                        {commentsT("open", { count: threads[a.id]?.length ?? 0 })}
                      </button>
                    )}
                  </div>
                )}
              </article>
            </li>
          ))}
        </ul>
      )}
      {submitting && studentId !== null && !readOnly && (
        <SubmitModal
          key={submitting.id}
          assignment={submitting}
          description={descriptions[submitting.id]}
          levelCode={levelCode}
          studentId={studentId}
          onClose={() => setSubmitting(null)}
          onResult={(res) => {
            if (res.ok) {
              toast(t("actions.submissionSent"));
              setSubmitting(null);
            } else if (res.message === t("actions.submitFailed")) {
              toast(res.message, "error");
            }
          }}
        />
      )}
      {threads && studentId !== null && (
        <Modal
          open={commenting !== null}
          onOpenChange={(o) => !o && setCommenting(null)}
          title={commenting ? commentsT("threadOf", { title: commenting.title }) : commentsT("title")}
          description={readOnly ? commentsT("readOnly") : commentsT("studentHint")}
        >
          {commenting && (
            <CommentThread
              key={commenting.id}
              levelCode={levelCode}
              assignmentId={commenting.id}
              studentId={studentId}
              comments={threads[commenting.id] ?? []}
              viewerId={studentId}
              canPost={!readOnly}
              canHide={false}
            />
          )}
        </Modal>
      )}
      <Modal
        open={history !== null}
        onOpenChange={(o) => !o && setHistory(null)}
        title={history ? t("assignments.historyOf", { title: history.assignment.title }) : t("assignments.history")}
      >
        {history && history.entries.length === 0 && <p className="text-ink-muted">{t("assignments.noSubmissions")}</p>}
        <ol className="space-y-3">
          {history?.entries.map((e) => (
            <li key={e.id} className="rounded-lg border border-line p-3">
              <div className="flex flex-wrap justify-between gap-2 text-sm">
                <span className="font-semibold">{t("assignments.submissionNumber", { number: e.number })}</span>
                <span className="text-ink-muted">{e.submittedAt}</span>
              </div>
              <p className="mt-2 whitespace-pre-line text-sm" data-user-text>
                {e.content}
              </p>
              <FileLinks files={e.files} />
            </li>
          ))}
        </ol>
      </Modal>
    </div>
  );
}
