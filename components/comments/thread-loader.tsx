"use client";

import { useState, useTransition } from "react";
import { useTranslations } from "@/components/use-translations";
import { loadCommentThread } from "@/app/level/[levelCode]/update/comment-actions";
import type { CommentView } from "@/lib/queries/comments-types";
import { lazyComponent } from "@/components/lazy-component";

// Its own chunk (the markdown renderer with it), fetched when a thread is first opened.
const CommentThread = lazyComponent(() => import("./comment-thread").then((m) => m.CommentThread));

type Loaded = { comments: CommentView[]; viewerId: number; canPost: boolean; canHide: boolean };

/**
 * One student's private comments where the screen lists many students (View Responses): a button
 * that loads the thread when asked, so the list itself carries no comment.
 */
export function ThreadLoader({
  levelCode,
  assignmentId,
  studentId,
  studentName,
}: {
  levelCode: string;
  assignmentId: number;
  studentId: number;
  studentName: string;
}) {
  const t = useTranslations("privateComments");
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [failed, setFailed] = useState(false);
  const [pending, start] = useTransition();
  const open = () =>
    start(async () => {
      const res = await loadCommentThread({ levelCode, assignmentId, studentId });
      if (res.ok && res.data) setLoaded(res.data);
      else setFailed(true);
    });
  if (loaded)
    return (
      <div className="mt-3 border-t border-line pt-3">
        <p className="mb-2 text-xs text-ink-muted">{t("staffHint")}</p>
        <CommentThread levelCode={levelCode} assignmentId={assignmentId} studentId={studentId} {...loaded} />
      </div>
    );
  return (
    <div className="mt-2">
      <button
        type="button"
        onClick={open}
        disabled={pending}
        aria-label={`${t("title")}: ${studentName}`}
        className="rounded-lg border border-line px-3 py-1.5 text-sm font-medium hover:bg-surface-muted disabled:opacity-60"
        data-testid="load-comments"
      >
        {t("title")}
      </button>
      <p role="status" aria-live="polite" className="text-sm text-red-700 dark:text-red-300">
        {failed ? t("loadFailed") : ""}
      </p>
    </div>
  );
}
