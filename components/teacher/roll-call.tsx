"use client";

import { useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import { useRouter } from "next/navigation";
import { markRollCall } from "@/app/level/[levelCode]/update/attendance-actions";
import { useToast } from "@/components/toast";
import { useServerValue } from "@/components/use-server-value";
import { TOAST_DISMISS_MS } from "@/lib/domain/constants";
import { columnOf, rollCallRowsHtml } from "./roll-call-rows";
import {
  letterOf,
  NO_MARK,
  ROLL_CALL_CHOICES,
  rollCallKey,
  rollCallTotals,
  withDayAdded,
  withMark,
  type RollCallData,
  type RollCallStudent,
  type RollCallWords,
} from "@/lib/domain/roll-call";

/**
 * Roll call for one class and one day (issue 21). Each student is a radio group of four radios
 * (Present, Absent, Late, Excused; aria-checked), and the whole list is one Tab stop (roving
 * tabindex): ↑ ↓ (and j k where the reader's letters leave them free) move between students, ← →
 * between a student's choices, Home and End to the first and last student, Space or Enter (or a
 * tap) sets the focused choice, and a status's letter (the reader's, else P, A, L or E) sets it
 * for the focused student and moves on to the next one (lib/domain/roll-call rollCallKey). Arrows move focus only
 * (as radios in a toolbar do), so walking the list never saves anything.
 *
 * Saved as you go: the list changes at once, the server action writes, the spec's note
 * "Attendance updated for …" confirms (3 s), and a refusal puts the mark back with an error toast.
 * The first mark on a day without records adds the day (everyone present) in the same action.
 */

// Styled once on the list, not per element: four radios per student repeated every class name
// (~1.9 kB of HTML a student). Checked radios are filled (not only a change of hue); white on the
// 700 shades passes AA in both themes.
const LIST = [
  "divide-y divide-line rounded-2xl border border-line bg-surface",
  "[&>li]:flex [&>li]:items-center [&>li]:gap-2 [&>li]:px-3 [&>li]:py-2 sm:[&>li]:px-4",
  "[&_li>span]:min-w-0 [&_li>span]:flex-1 [&_li>span]:break-words [&_li>span]:font-medium",
  "[&_[role=radiogroup]]:flex [&_[role=radiogroup]]:shrink-0 [&_[role=radiogroup]]:gap-1.5",
  "[&_button]:grid [&_button]:h-11 [&_button]:w-11 [&_button]:scroll-my-28 [&_button]:place-items-center [&_button]:rounded-lg [&_button]:border-2 [&_button]:border-line [&_button]:bg-surface [&_button]:text-lg [&_button]:font-bold [&_button]:text-ink-muted",
  "[&_button:hover]:bg-surface-muted [&_button:focus-visible]:outline-2 [&_button:focus-visible]:outline-offset-2 [&_button:focus-visible]:outline-brand-600",
  "[&_[aria-checked=true]]:text-white",
  "[&_button:nth-child(1)[aria-checked=true]]:border-emerald-700 [&_button:nth-child(1)[aria-checked=true]]:bg-emerald-700",
  "[&_button:nth-child(2)[aria-checked=true]]:border-red-700 [&_button:nth-child(2)[aria-checked=true]]:bg-red-700",
  "[&_button:nth-child(3)[aria-checked=true]]:border-amber-700 [&_button:nth-child(3)[aria-checked=true]]:bg-amber-700",
  "[&_button:nth-child(4)[aria-checked=true]]:border-sky-700 [&_button:nth-child(4)[aria-checked=true]]:bg-sky-700",
].join(" ");

interface Focus {
  row: number;
  col: number;
}

const checkedCol = (marks: string, row: number) => Math.max(0, columnOf(marks[row]));

export function RollCall({
  levelCode,
  data,
  words,
  keysHelp,
}: {
  levelCode: string;
  data: RollCallData;
  /** The list's words in the reader's language (issue 31): the page's, so no catalog travels. */
  words: RollCallWords;
  keysHelp: React.ReactNode;
}) {
  const server = useMemo(() => ({ marks: data.marks, taken: data.taken }), [data]);
  const [state, setState] = useServerValue(server);
  const current = useRef({ state, data });
  /* eslint-disable-next-line react-hooks/refs -- the latest-value ref: event handlers read the newest state and
     data; nothing reads it to render, so writing it here cannot make a render wrong. */
  current.current = { state, data };
  // The rows' HTML is made from the server's rows only (a new one after a refresh); the marks made
  // since are applied to the DOM below, so React never replaces the rows under the teacher's focus.
  const rowsHtml = useMemo(
    () => ({ __html: rollCallRowsHtml(data.students, data.marks, 0, words.choices) }),
    [data, words.choices],
  );
  // The list's one Tab stop (roving tabindex), moved on the DOM as focus moves.
  const focus = useRef<Focus>({ row: 0, col: checkedCol(data.marks, 0) });
  const [note, setNote] = useState<{ text: string; at: number } | null>(null);
  const [pending, setPending] = useState(0);
  const latest = useRef(new Map<number, number>());
  const list = useRef<HTMLOListElement>(null);
  const toast = useToast();
  const router = useRouter();

  useEffect(() => {
    if (!note) return;
    const id = setTimeout(() => setNote(null), TOAST_DISMISS_MS);
    return () => clearTimeout(id);
  }, [note]);

  useLayoutEffect(() => {
    focus.current = { row: 0, col: checkedCol(data.marks, 0) };
  }, [rowsHtml, data.marks]);

  // aria-checked follows the marks, before the next paint.
  useLayoutEffect(() => {
    const rows = list.current?.children;
    if (!rows) return;
    for (let row = 0; row < rows.length; row++) {
      const checked = columnOf(state.marks[row]);
      const buttons = rows[row]!.getElementsByTagName("button");
      for (let col = 0; col < buttons.length; col++) {
        const value = String(col === checked);
        if (buttons[col]!.getAttribute("aria-checked") !== value) buttons[col]!.setAttribute("aria-checked", value);
      }
    }
  }, [state.marks, rowsHtml]);

  const count = data.students.length;
  const go = (row: number, col?: number) => {
    const r = Math.max(0, Math.min(count - 1, row));
    const c =
      col === undefined
        ? checkedCol(current.current.state.marks, r)
        : Math.max(0, Math.min(ROLL_CALL_CHOICES.length - 1, col));
    list.current?.querySelector<HTMLElement>(`[data-rc="${r}:${c}"]`)?.focus();
  };

  const mark = (student: RollCallStudent, status: (typeof ROLL_CALL_CHOICES)[number]["status"]) => {
    const letter = letterOf(status);
    const indexOf = () => current.current.data.students.findIndex((s) => s.id === student.id);
    const before = current.current.state;
    const creates = !before.taken;
    const previous = before.marks[indexOf()] ?? NO_MARK;
    if (!creates && previous === letter) return;
    const seq = (latest.current.get(student.id) ?? 0) + 1;
    latest.current.set(student.id, seq);
    setState((s) => ({ taken: true, marks: withMark(creates ? withDayAdded(s.marks) : s.marks, indexOf(), letter) }));
    setPending((n) => n + 1);
    const fail = (message: string) => {
      setState((s) => {
        let marks = s.marks;
        // Undo the day's creation (the marks it filled in), and this mark unless a newer one followed.
        if (creates)
          marks = [...marks].map((m, i) => (before.marks[i] === NO_MARK && m === "P" ? NO_MARK : m)).join("");
        if (latest.current.get(student.id) === seq) marks = withMark(marks, indexOf(), previous);
        return { taken: creates ? false : s.taken, marks };
      });
      toast(message, "error");
    };
    markRollCall({ levelCode, studentId: student.id, date: current.current.data.day, status })
      .then(
        (res) => {
          if (!res.ok) return fail(res.message);
          // The server's answer is in the reader's language and always says what it did.
          if (res.message) setNote({ text: res.message, at: Date.now() });
          // Another tab added (or cleared) the day meanwhile: show what the database holds.
          if (creates !== (res.data?.added ?? 0) > 0) router.refresh();
        },
        () => fail(words.failed),
      )
      .finally(() => setPending((n) => n - 1));
  };

  const position = (target: EventTarget): Focus | null => {
    const at = (target as HTMLElement).closest?.("[data-rc]")?.getAttribute("data-rc");
    if (!at) return null;
    const [row, col] = at.split(":").map(Number) as [number, number];
    return { row, col };
  };

  const onKeyDown = (e: React.KeyboardEvent) => {
    const at = position(e.target);
    if (!at || e.altKey || e.ctrlKey || e.metaKey) return;
    const { row, col } = at;
    switch (e.key) {
      case "ArrowRight":
        go(row, col + 1);
        break;
      case "ArrowLeft":
        go(row, col - 1);
        break;
      case "Home":
        go(0);
        break;
      case "End":
        go(count - 1);
        break;
      default: {
        // The reader's letters first: in Spanish J marks *justificada* and only the arrows move.
        const key = rollCallKey(e.key, words.choices);
        if (!key) return; // Space and Enter click the focused radio natively; Tab leaves the list.
        if ("move" in key) {
          go(row + key.move);
          break;
        }
        mark(data.students[row]!, key.mark.status);
        // On to the next student, on their checked choice; the last one keeps focus on the new mark.
        if (row < count - 1) go(row + 1);
        else go(row, ROLL_CALL_CHOICES.indexOf(key.mark));
      }
    }
    e.preventDefault();
  };

  const onClick = (e: React.MouseEvent) => {
    const at = position(e.target);
    if (!at) return;
    e.preventDefault(); // the form's post is for taps before hydration only
    mark(data.students[at.row]!, ROLL_CALL_CHOICES[at.col]!.status);
  };

  const onFocus = (e: React.FocusEvent) => {
    const at = position(e.target);
    const was = focus.current;
    if (!at || (at.row === was.row && at.col === was.col)) return;
    list.current?.querySelector(`[data-rc="${was.row}:${was.col}"]`)?.setAttribute("tabindex", "-1");
    (e.target as HTMLElement).setAttribute("tabindex", "0");
    focus.current = at;
  };

  const totals = rollCallTotals(state.marks);

  if (count === 0) {
    return (
      <p className="rounded-2xl border border-dashed border-line bg-surface px-6 py-10 text-center text-ink-muted">
        {words.noStudents}
      </p>
    );
  }
  return (
    <div data-testid="roll-call">
      <p id="roll-call-keys" className="mb-3 text-sm text-ink-muted">
        {keysHelp}
      </p>
      {!state.taken && (
        <p className="mb-3 rounded-lg bg-surface-muted px-3 py-2 text-sm" data-testid="roll-call-empty">
          {words.empty}
        </p>
      )}
      {/* Without JavaScript (or before it runs) a tap posts the mark; see roll-call-rows.ts. */}
      <form method="post" action="/api/roll-call" onSubmit={(e) => e.preventDefault()}>
        <input type="hidden" name="levelCode" value={levelCode} />
        <input type="hidden" name="date" value={data.day} />
        {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- event delegation: the clicks
          and keys come from the mark buttons inside each row (a roving-tabindex grid, position() finds the cell). */}
        <ol
          ref={list}
          aria-label={words.listLabel}
          aria-describedby="roll-call-keys"
          className={LIST}
          onKeyDown={onKeyDown}
          onClick={onClick}
          onFocus={onFocus}
          dangerouslySetInnerHTML={rowsHtml}
        />
      </form>
      <div className="sticky bottom-0 z-10 mt-3 rounded-xl border border-line bg-surface px-3 py-2 shadow-md">
        <p className="flex flex-wrap gap-x-3 gap-y-0.5 text-sm" data-testid="roll-call-totals">
          {ROLL_CALL_CHOICES.map((c, i) => (
            <span key={c.status}>
              {words.choices[i]!.label} <strong>{totals[c.status]}</strong>
            </span>
          ))}
          <span>
            {words.unmarked} <strong>{totals.unmarked}</strong>
          </span>
          {pending > 0 && <span className="text-ink-muted">{words.saving}</span>}
        </p>
        <div aria-live="polite">
          {note && (
            <p
              key={note.at}
              className="mt-1 rounded-lg bg-emerald-50 px-3 py-1.5 text-sm text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200"
              data-testid="roll-call-note"
            >
              {note.text}
            </p>
          )}
        </div>
      </div>
    </div>
  );
}
