"use client";

import { useRouter } from "next/navigation";
import { useCallback, useEffect, useRef, useState } from "react";
import { saveGrade, setGradeMark } from "@/app/level/[levelCode]/update/grade-actions";
import { scoreRubric } from "@/app/level/[levelCode]/update/rubric-actions";
import { RubricScorer } from "@/components/rubric/rubric-scorer";
import { ReturnButton } from "./return-button";
import { useGradeNumbers } from "@/components/grade-numbers";
import { SCORE_INPUT } from "@/components/score-input";
import { useTranslations } from "@/components/use-translations";
import type { RubricSelections } from "@/lib/domain/rubric-types";
import { hundredthsText, rubricScoreHundredths, staleSelections } from "@/lib/domain/rubrics";
import type { QueueAssignment, QueueEntry } from "@/lib/queries/grading-queue";
import type { Mark } from "@/lib/gradebook/scores";

/** What the teacher has typed for the shown student; saved when they move on. */
interface Draft {
  score: string;
  feedback: string;
  mark: Mark;
  /** The rubric's levels chosen (the assignment's rubric only). */
  levels: RubricSelections;
  /** The teacher typed a score other than the rubric's total (an override, decision 033). */
  override: boolean;
}

type SaveState =
  | { kind: "clean" }
  | { kind: "saving" }
  | { kind: "saved" }
  | { kind: "refused"; message: string }
  // The request never came back (the network dropped): the work stays in the form to try again.
  | { kind: "offline" };

const MARKS: readonly Mark[] = ["none", "excused", "missing", "late"];

const LEVEL_KEYS = /^[1-9]$/;

const isTextField = (el: EventTarget | null) =>
  el instanceof HTMLElement && (el.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(el.tagName));

/**
 * The grading queue's form for one student (issue 44): score, E/M/L mark and feedback, saved as
 * the teacher moves on (Save and next, Ctrl+Enter), never lost silently: while a save is out the
 * form says so, and when the network drops it says the work is not saved and offers to try again.
 * Keyed by student by the page, so each student starts from their own grade.
 */
export function GradingQueueForm({
  levelCode,
  assignment,
  entry,
  nextHref,
  previousHref,
  readOnly,
}: {
  levelCode: string;
  assignment: QueueAssignment;
  entry: QueueEntry;
  nextHref: string | null;
  previousHref: string | null;
  readOnly: boolean;
}) {
  const t = useTranslations("gradingQueue");
  const marks = useTranslations("grades.grid.marks");
  const { number } = useGradeNumbers();
  const router = useRouter();
  const rubric = assignment.rubric;
  const stored = entry.grade?.rubricLevels ?? null;
  // Levels chosen under a rubric that has changed since are not offered again (decision 033): the
  // stored score stays until the teacher scores the work anew.
  const stale = rubric !== null && stored !== null && staleSelections(rubric, stored);
  const initial: Draft = {
    score: entry.grade ? number(entry.grade.score) : "",
    feedback: entry.grade?.feedback ?? "",
    mark: entry.mark,
    levels: stored && !stale ? stored : {},
    override: entry.grade !== null && entry.grade.rubricScore !== null && entry.grade.rubricScore !== entry.grade.score,
  };
  const [saved, setSaved] = useState<Draft>(initial);
  const [draft, setDraft] = useState<Draft>(initial);
  const [state, setState] = useState<SaveState>({ kind: "clean" });
  const levelsChanged = JSON.stringify(draft.levels) !== JSON.stringify(saved.levels);
  const rubricTotal = rubric ? rubricScoreHundredths(rubric, draft.levels) : null;
  const scoreChanged = draft.score !== saved.score || draft.feedback !== saved.feedback || levelsChanged;
  const dirty = scoreChanged || draft.mark !== saved.mark;
  const scoreRef = useRef<HTMLInputElement>(null);
  // One save at a time: a key pressed again while a save is out neither saves twice nor moves twice.
  const saving = useRef(false);

  const save = useCallback(async (): Promise<boolean> => {
    if (!dirty) return true;
    // Some levels chosen but not all: nothing of it would be kept, so nothing moves on (decision 033).
    if (rubric && rubricTotal === null && Object.keys(draft.levels).length > 0) {
      setState({ kind: "refused", message: t("chooseEveryLevel") });
      return false;
    }
    setState({ kind: "saving" });
    try {
      const ids = { levelCode, assignmentId: assignment.id, studentId: entry.studentId };
      if (scoreChanged) {
        // Every level chosen: the rubric's own save (its total, or the teacher's override).
        const res =
          rubricTotal !== null
            ? await scoreRubric({
                ...ids,
                selections: draft.levels,
                score: draft.override ? draft.score : null,
                feedback: draft.feedback,
              })
            : await saveGrade({ ...ids, score: draft.score, feedback: draft.feedback });
        if (!res.ok) {
          setState({ kind: "refused", message: res.message });
          return false;
        }
      }
      if (draft.mark !== saved.mark) {
        const res = await setGradeMark({ ...ids, mark: draft.mark });
        if (!res.ok) {
          setState({ kind: "refused", message: res.message });
          return false;
        }
      }
      setSaved(draft);
      setState({ kind: "saved" });
      return true;
    } catch {
      setState({ kind: "offline" });
      return false;
    }
  }, [dirty, scoreChanged, rubric, rubricTotal, draft, saved.mark, levelCode, assignment.id, entry.studentId, t]);

  /** New levels: the score follows the rubric's total unless the teacher typed their own. */
  const chooseLevels = (levels: RubricSelections) => {
    const total = rubric ? rubricScoreHundredths(rubric, levels) : null;
    setDraft((d) => ({
      ...d,
      levels,
      score: total !== null && !d.override ? number(hundredthsText(total)) : d.score,
    }));
  };
  const scorerRef = useRef<HTMLDivElement>(null);

  // Moves on once the save answered; with nobody next, saves and reads the list again (the last
  // student of the queue).
  const go = useCallback(
    async (href: string | null) => {
      if (readOnly) {
        if (href) router.push(href);
        return;
      }
      if (saving.current) return;
      saving.current = true;
      try {
        if (!(await save())) return;
        if (href) router.push(href);
        else router.refresh();
      } finally {
        saving.current = false;
      }
    },
    [readOnly, save, router],
  );

  // Keyboard first: Ctrl/⌘+Enter saves and goes on from anywhere; J and K move outside text boxes.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && e.key === "Enter") {
        e.preventDefault();
        void go(nextHref);
        return;
      }
      if (e.ctrlKey || e.metaKey || e.altKey || isTextField(e.target)) return;
      // A level key: the nth level of the rubric criterion in focus (1 = its first, the best).
      const group = e.target instanceof HTMLElement ? e.target.closest('[role="radiogroup"]') : null;
      if (LEVEL_KEYS.test(e.key) && group && scorerRef.current?.contains(group)) {
        const option = group.querySelectorAll<HTMLElement>('[role="radio"]')[Number(e.key) - 1];
        if (option) {
          e.preventDefault();
          option.focus();
          option.click();
        }
        return;
      }
      if (e.key === "j") void go(nextHref);
      else if (e.key === "k") void go(previousHref);
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [go, nextHref, previousHref]);

  // Each student opens ready for the keyboard: on the rubric's first criterion, else the score.
  useEffect(() => {
    if (readOnly) return;
    const first = scorerRef.current?.querySelector<HTMLElement>('[role="radio"]');
    (first ?? scoreRef.current)?.focus();
  }, [readOnly]);

  // Leaving the page with unsaved work asks first (the browser's own prompt).
  useEffect(() => {
    if (!dirty || readOnly) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty, readOnly]);

  const status =
    state.kind === "saving"
      ? t("saving")
      : state.kind === "offline"
        ? t("offline")
        : state.kind === "refused"
          ? state.message
          : dirty
            ? t("unsaved")
            : state.kind === "saved"
              ? t("saved")
              : "";
  const field = "w-full rounded-lg border border-line bg-surface px-3 py-2";
  return (
    <form
      className="space-y-4"
      aria-label={t("formFor", { name: entry.name })}
      onSubmit={(e) => {
        e.preventDefault();
        void go(nextHref);
      }}
    >
      <fieldset disabled={readOnly} className="space-y-4">
        {rubric && (
          <div ref={scorerRef}>
            {stale && (
              <p role="note" className="mb-2 text-sm font-medium text-amber-800 dark:text-amber-200">
                {t("rubricChanged")}
              </p>
            )}
            <RubricScorer rubric={rubric} value={draft.levels} onChange={chooseLevels} disabled={readOnly} />
          </div>
        )}
        <div>
          <label htmlFor="queue-score" className="block text-sm font-medium">
            {t("score", { max: number(assignment.maxScore) })}
          </label>
          <input
            id="queue-score"
            ref={scoreRef}
            {...SCORE_INPUT}
            value={draft.score}
            onChange={(e) =>
              setDraft({
                ...draft,
                score: e.target.value,
                // A typed score differing from a complete rubric's total is an override.
                override: rubricTotal !== null && e.target.value.trim() !== number(hundredthsText(rubricTotal)),
              })
            }
            className={`${field} mt-1 max-w-40`}
          />
          {draft.override && rubricTotal !== null && (
            <p className="mt-1 text-xs text-ink-muted">
              {t("override", { total: number(hundredthsText(rubricTotal)) })}
            </p>
          )}
        </div>
        <fieldset>
          <legend className="text-sm font-medium">{t("mark")}</legend>
          <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
            {MARKS.map((m) => (
              <label key={m} className="inline-flex min-h-11 items-center gap-2 text-sm">
                <input
                  type="radio"
                  name="queue-mark"
                  value={m}
                  checked={draft.mark === m}
                  onChange={() => setDraft({ ...draft, mark: m })}
                />
                {m === "none" ? t("markNone") : marks(m)}
              </label>
            ))}
          </div>
        </fieldset>
        <div>
          <label htmlFor="queue-feedback" className="block text-sm font-medium">
            {t("feedback")}
          </label>
          <textarea
            id="queue-feedback"
            value={draft.feedback}
            onChange={(e) => setDraft({ ...draft, feedback: e.target.value })}
            rows={4}
            className={`${field} mt-1`}
            data-user-text
          />
        </div>
      </fieldset>
      <p
        role="status"
        aria-live="polite"
        data-testid="queue-save-state"
        data-state={
          dirty && state.kind !== "offline" && state.kind !== "refused" && state.kind !== "saving"
            ? "unsaved"
            : state.kind
        }
        className={`min-h-6 text-sm ${state.kind === "offline" || state.kind === "refused" ? "font-medium text-red-700 dark:text-red-300" : "text-ink-muted"}`}
      >
        {status}
      </p>
      {entry.grade && !entry.grade.returned && !readOnly && (
        // The stored draft goes back as it is: not while what is on screen differs from it.
        <ReturnButton
          levelCode={levelCode}
          assignmentId={assignment.id}
          studentIds={[entry.studentId]}
          studentName={entry.name}
          count={1}
          disabled={dirty}
        />
      )}
      <div className="flex flex-wrap gap-2">
        {nextHref && (
          <button
            type="submit"
            disabled={state.kind === "saving"}
            aria-keyshortcuts="Control+Enter j"
            className="min-h-11 rounded-lg bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700 disabled:opacity-60"
          >
            {readOnly ? t("nextStudent") : t("saveAndNext")}
          </button>
        )}
        {!readOnly && (
          <button
            type="button"
            // Staying on this student: the list and the count of those left are read again.
            onClick={() => void go(null)}
            disabled={state.kind === "saving"}
            className="min-h-11 rounded-lg border border-line px-4 py-2 text-sm font-medium hover:bg-surface-muted disabled:opacity-60"
          >
            {state.kind === "offline" ? t("retry") : t("save")}
          </button>
        )}
        {previousHref && (
          <button
            type="button"
            onClick={() => void go(previousHref)}
            aria-keyshortcuts="k"
            className="min-h-11 rounded-lg border border-line px-4 py-2 text-sm font-medium hover:bg-surface-muted"
          >
            {readOnly ? t("previousStudent") : t("saveAndPrevious")}
          </button>
        )}
      </div>
    </form>
  );
}
