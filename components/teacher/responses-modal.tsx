"use client";

import { useState } from "react";
import { useTranslations } from "@/components/use-translations";
import type { ResponseEntry } from "@/app/level/[levelCode]/update/assignment-actions";
import type { ResponseFiles } from "@/app/level/[levelCode]/files-actions";
import { ResponseFilesAndScore } from "@/components/files/response-grading";
import { Modal } from "@/components/modal";
import { ThreadLoader } from "@/components/comments/thread-loader";
import type { ManagedAssignment } from "./assignments-manager";
import { ReturnButton } from "./return-button";

export interface ResponsesShown {
  assignment: ManagedAssignment;
  entries: ResponseEntry[];
  files: ResponseFiles | null;
}

/** View Responses (spec §2): each submission, its files and the student's score, with "Download all". */
export function ResponsesModal({
  levelCode,
  responses,
  onClose,
}: {
  levelCode: string;
  responses: ResponsesShown | null;
  onClose: () => void;
}) {
  const t = useTranslations("teacherAssignments");
  const tr = useTranslations("returns");
  // Drafts returned from this modal leave its list at once (the page refreshes behind it).
  const [returned, setReturned] = useState<number[]>([]);
  const [allReturned, setAllReturned] = useState(false);
  const drafts =
    responses?.assignment.postPolicy === "on_return" && !allReturned
      ? (responses.files?.drafts ?? []).filter((id) => !returned.includes(id))
      : [];
  // "Return all" returns every draft of the assignment, those of students who handed nothing in
  // too: its count is the assignment's, not this list's.
  const waiting =
    responses?.assignment.postPolicy === "on_return" && !allReturned
      ? Math.max(0, responses.assignment.drafts - returned.length)
      : 0;
  return (
    <Modal
      open={responses !== null}
      onOpenChange={(o) => !o && onClose()}
      title={responses ? t("responsesOf", { title: responses.assignment.title }) : t("responses")}
      wide
    >
      {responses && responses.entries.length === 0 && <p className="text-ink-muted">{t("noSubmissions")}</p>}
      {responses && waiting > 0 && (
        <div className="mb-3 flex flex-wrap items-center gap-2 text-sm">
          <span className="text-ink-muted">{tr("draftsWaiting", { count: waiting })}</span>
          <ReturnButton
            levelCode={levelCode}
            assignmentId={responses.assignment.id}
            count={waiting}
            onReturned={() => setAllReturned(true)}
          />
        </div>
      )}
      {responses && responses.entries.length > 0 && (
        <a
          href={`/level/${encodeURIComponent(levelCode)}/files/zip?assignmentId=${responses.assignment.id}`}
          className="mb-3 inline-block rounded-lg border border-line px-3 py-1.5 text-sm font-medium hover:bg-surface-muted"
        >
          {t("downloadAll")}
        </a>
      )}
      <ul className="space-y-3">
        {responses?.entries.map((r, i) => {
          const submission = responses.files?.submissions[r.id];
          // One thread per student: under their newest submission (entries are by name, newest first).
          const firstOfStudent = responses.entries.findIndex((e) => e.studentId === r.studentId) === i;
          return (
            <li key={r.id} className="rounded-lg border border-line p-3">
              <div className="flex flex-wrap justify-between gap-2 text-sm">
                <span className="font-semibold" data-user-text>
                  {r.studentName}
                </span>
                <span className="text-ink-muted">{r.submittedAt}</span>
              </div>
              <p className="mt-2 whitespace-pre-line text-sm" data-user-text>
                {r.content}
              </p>
              {submission && (
                <ResponseFilesAndScore
                  levelCode={levelCode}
                  assignmentId={responses.assignment.id}
                  studentId={submission.studentId}
                  studentName={r.studentName}
                  maxScore={responses.assignment.maxScore}
                  files={submission.files}
                  score={responses.files!.scores[submission.studentId]}
                />
              )}
              {firstOfStudent && (
                <ThreadLoader
                  levelCode={levelCode}
                  assignmentId={responses.assignment.id}
                  studentId={r.studentId}
                  studentName={r.studentName}
                />
              )}
              {submission && drafts.includes(submission.studentId) && (
                <div className="mt-2 flex flex-wrap items-center gap-2 text-sm">
                  <span className="grade-mark" data-mark="draft" title={tr("draftHint")} aria-hidden>
                    {tr("draft")}
                  </span>
                  <span className="sr-only">{tr("draftHint")}</span>
                  <ReturnButton
                    levelCode={levelCode}
                    assignmentId={responses.assignment.id}
                    studentIds={[submission.studentId]}
                    studentName={r.studentName}
                    count={1}
                    onReturned={() => setReturned((ids) => [...ids, submission.studentId])}
                  />
                </div>
              )}
            </li>
          );
        })}
      </ul>
    </Modal>
  );
}
