"use client";

import { useId, useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import { useFormatter } from "use-intl";
import { useTranslations } from "@/components/use-translations";
import { hideComment, postComment } from "@/app/level/[levelCode]/update/comment-actions";
import { AttachmentPicker } from "@/components/files/attachment-picker";
import { FileLinks } from "@/components/files/file-links";
import { Markdown } from "@/components/markdown";
import { COMMENT_MAX_LENGTH } from "@/lib/domain/constants";
import type { CommentView } from "@/lib/queries/comments-types";

/** A comment box's uploads, apart from another box's or one left unposted (lib/files/records.ts). */
function newDraftId(): string {
  // getRandomValues, not randomUUID: the portal may be served over plain HTTP on a school's network.
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * The private comments on one student's work for one assignment (issue 44, decision 033): the
 * thread, oldest first, each comment's markdown rendered under the same sanitiser as every other
 * text (components/markdown.tsx); a box to post when the viewer may (the student, the class's
 * staff) with an attachment picker (its uploads staged under this box's draft id, posted with the
 * comment), and a Hide button for staff. Posting shows the answer's comment at once and reads the
 * page again (router.refresh()), so a screen that loaded the thread itself stays right too.
 */
export function CommentThread({
  levelCode,
  assignmentId,
  studentId,
  comments,
  viewerId,
  canPost,
  canHide,
}: {
  levelCode: string;
  assignmentId: number;
  studentId: number;
  comments: CommentView[];
  viewerId: number;
  canPost: boolean;
  canHide: boolean;
}) {
  const t = useTranslations("privateComments");
  const format = useFormatter();
  const router = useRouter();
  const id = useId();
  const [body, setBody] = useState("");
  // Posted here and not yet in `comments` (before the refresh, or where the caller loaded the thread).
  const [posted, setPosted] = useState<CommentView[]>([]);
  const [hiddenHere, setHiddenHere] = useState<ReadonlySet<number>>(new Set());
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);
  const [pending, start] = useTransition();
  // The box's uploads (issue 44): staged under this draft id until posted with the comment.
  const [draftId, setDraftId] = useState(newDraftId);
  const [fileIds, setFileIds] = useState<number[]>([]);
  const [uploading, setUploading] = useState(false);

  const known = new Set(comments.map((c) => c.id));
  const shown = [...comments, ...posted.filter((c) => !known.has(c.id))]
    .map((c) => (hiddenHere.has(c.id) ? { ...c, hidden: true } : c))
    .filter((c) => canHide || !c.hidden);

  const post = () =>
    start(async () => {
      const res = await postComment({ levelCode, assignmentId, studentId, body, fileIds, draft: draftId });
      setResult({ ok: res.ok, message: res.message ?? "" });
      if (res.ok) {
        if (res.data) setPosted((p) => [...p, res.data!]);
        setBody("");
        // A fresh box: the posted files are the comment's now, the picker starts empty.
        setFileIds([]);
        setDraftId(newDraftId());
        router.refresh();
      }
    });
  const hide = (commentId: number) =>
    start(async () => {
      const res = await hideComment({ levelCode, commentId });
      setResult({ ok: res.ok, message: res.message ?? "" });
      if (res.ok) {
        setHiddenHere((h) => new Set(h).add(commentId));
        router.refresh();
      }
    });

  return (
    <section aria-labelledby={`${id}-title`} className="min-w-0 space-y-3" data-testid="comment-thread">
      <h3 id={`${id}-title`} className="font-semibold">
        {t("title")}
      </h3>
      {shown.length === 0 ? (
        <p className="text-sm text-ink-muted">{t("none")}</p>
      ) : (
        <ol className="space-y-2" aria-label={t("listLabel")}>
          {shown.map((c) => (
            <li
              key={c.id}
              className={`rounded-lg border p-3 ${c.hidden ? "border-dashed border-line opacity-70" : "border-line"} ${c.authorIsStaff ? "bg-surface-muted" : "bg-surface"}`}
              data-testid="comment"
            >
              <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1 text-sm">
                <span className="font-medium">
                  {c.authorId === viewerId ? (
                    t("you")
                  ) : (
                    <span data-user-text>{c.authorName || t("unknownAuthor")}</span>
                  )}
                  {c.authorIsStaff && (
                    <span className="ms-2 rounded-full bg-brand-50 px-2 py-0.5 text-xs text-brand-800 dark:bg-brand-800 dark:text-brand-50">
                      {t("staff")}
                    </span>
                  )}
                  {c.hidden && (
                    <span className="ms-2 rounded-full bg-amber-100 px-2 py-0.5 text-xs text-amber-900 dark:bg-amber-900 dark:text-amber-100">
                      {t("hidden")}
                    </span>
                  )}
                </span>
                <time dateTime={c.createdAt} className="text-xs text-ink-muted">
                  {format.dateTime(new Date(c.createdAt), { dateStyle: "medium", timeStyle: "short" })}
                </time>
              </div>
              <div className="mt-1 break-words">
                <Markdown source={c.body} />
              </div>
              <FileLinks files={c.files} />
              {c.hidden && <p className="mt-1 text-xs text-ink-muted">{t("hiddenNote")}</p>}
              {canHide && !c.hidden && (
                <button
                  type="button"
                  disabled={pending}
                  onClick={() => hide(c.id)}
                  aria-label={t("hideLabel", { name: c.authorName || t("unknownAuthor") })}
                  className="mt-2 rounded-md border border-line px-2 py-1 text-xs font-medium hover:bg-surface-muted disabled:opacity-60"
                >
                  {t("hide")}
                </button>
              )}
            </li>
          ))}
        </ol>
      )}
      {canPost && (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (body.trim() && !uploading) post();
          }}
          className="space-y-2"
        >
          <label htmlFor={`${id}-body`} className="block text-sm font-medium">
            {t("label")}
          </label>
          <textarea
            id={`${id}-body`}
            name="body"
            rows={3}
            maxLength={COMMENT_MAX_LENGTH}
            value={body}
            onChange={(e) => setBody(e.target.value)}
            aria-describedby={`${id}-hint`}
            className="w-full rounded-lg border border-line bg-surface px-3 py-2 text-sm"
          />
          <div id={`${id}-hint`} className="flex flex-wrap justify-between gap-2 text-xs text-ink-muted">
            <span>{t("formatHint")}</span>
            <span>{t("characters", { count: body.length, max: COMMENT_MAX_LENGTH })}</span>
          </div>
          <AttachmentPicker
            key={draftId}
            levelCode={levelCode}
            kind="comment"
            targetId={assignmentId}
            studentId={studentId}
            draftId={draftId}
            onChange={(ids, busy) => {
              setFileIds(ids);
              setUploading(busy);
            }}
          />
          <div className="flex flex-wrap items-center justify-end gap-2">
            {uploading && <span className="text-xs text-ink-muted">{t("files.uploading")}</span>}
            <button
              type="submit"
              disabled={pending || uploading || body.trim().length === 0}
              className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700 disabled:opacity-60"
            >
              {pending ? t("posting") : t("post")}
            </button>
          </div>
        </form>
      )}
      <p
        role="status"
        aria-live="polite"
        className={`text-sm ${result && !result.ok ? "text-red-700 dark:text-red-300" : "text-ink-muted"}`}
      >
        {result?.message ?? ""}
      </p>
    </section>
  );
}
