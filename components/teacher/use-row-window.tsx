"use client";

import { useCallback, useLayoutEffect, useRef, useState } from "react";
import { flushSync } from "react-dom";

/** Classes up to this size render every row: the usual class stays one plain table. */
export const FULL_RENDER_ROWS = 40;
/** Rows the server renders for a bigger class: more than a tall screen shows in the grid's box. */
export const FIRST_WINDOW_ROWS = 24;
/** Rows kept rendered above and below the visible ones, so scrolling and arrow keys meet rendered rows. */
const OVERSCAN = 10;

interface Range {
  start: number;
  end: number;
  /** The row holding focus, kept rendered while it is scrolled out of the window. */
  pinned: number | null;
}

export interface RowWindow {
  /** Ref for the scrolling box around the table. */
  scroller: React.RefObject<HTMLDivElement | null>;
  /** Renders the window's rows, with empty stand-in rows for the rest. */
  rows: (render: (row: number) => React.ReactNode, columns: number) => React.ReactNode;
  /** Scrolls (and renders) row `row` into the window before focus moves there. */
  reveal: (row: number) => void;
}

/**
 * Renders only the rows of a long grid that are in (or near) view: a 300-student gradebook is
 * ~30 rendered rows instead of 300, on the server and in the browser, so the page is lighter and
 * each keystroke touches fewer elements. Rows have one height (`estimate`, corrected by measuring
 * a rendered row), so the stand-in rows keep the scroll height exact and nothing moves when the
 * window does. The focused row stays rendered when the user scrolls away from it, so the
 * keyboard never loses its place.
 */
export function useRowWindow(count: number, estimate: number): RowWindow {
  const windowed = count > FULL_RENDER_ROWS;
  const scroller = useRef<HTMLDivElement | null>(null);
  const rowHeight = useRef(estimate);
  const focused = useRef<number | null>(null);
  const [range, setRange] = useState<Range>(() => ({
    start: 0,
    end: windowed ? Math.min(count, FIRST_WINDOW_ROWS) : count,
    pinned: null,
  }));

  const rangeAt = useCallback(
    (box: HTMLElement): Range => {
      if (!windowed) return { start: 0, end: count, pinned: null };
      const h = rowHeight.current;
      const start = Math.max(0, Math.floor(box.scrollTop / h) - OVERSCAN);
      const end = Math.min(count, Math.ceil((box.scrollTop + box.clientHeight) / h) + OVERSCAN);
      const f = focused.current;
      return { start, end, pinned: f !== null && f < count && (f < start || f >= end) ? f : null };
    },
    [count, windowed],
  );

  const sync = useCallback(() => {
    const box = scroller.current;
    if (!box) return;
    const measured = box.querySelector<HTMLElement>("tbody tr[data-row]")?.getBoundingClientRect().height;
    if (measured) rowHeight.current = measured;
    const next = rangeAt(box);
    setRange((r) => (r.start === next.start && r.end === next.end && r.pinned === next.pinned ? r : next));
  }, [rangeAt]);

  useLayoutEffect(() => {
    sync();
    const box = scroller.current;
    if (!box || !windowed) return;
    const onFocus = (e: FocusEvent) => {
      const row = (e.target as HTMLElement).closest<HTMLElement>("[data-row]")?.dataset.row;
      focused.current = row === undefined ? null : Number(row);
    };
    const onBlur = (e: FocusEvent) => {
      if (!box.contains(e.relatedTarget as Node | null)) focused.current = null;
    };
    box.addEventListener("scroll", sync, { passive: true });
    box.addEventListener("focusin", onFocus);
    box.addEventListener("focusout", onBlur);
    window.addEventListener("resize", sync);
    return () => {
      box.removeEventListener("scroll", sync);
      box.removeEventListener("focusin", onFocus);
      box.removeEventListener("focusout", onBlur);
      window.removeEventListener("resize", sync);
    };
  }, [sync, windowed]);

  const reveal = useCallback(
    (row: number) => {
      const box = scroller.current;
      if (!box || !windowed || (row >= range.start && row < range.end)) return;
      const h = rowHeight.current;
      // Enough to bring the row into the window; focus() then scrolls it fully into view.
      const top = row * h;
      if (top < box.scrollTop) box.scrollTop = top;
      else if (top + 2 * h > box.scrollTop + box.clientHeight) box.scrollTop = top + 2 * h - box.clientHeight;
      flushSync(() => setRange(rangeAt(box)));
    },
    [range, rangeAt, windowed],
  );

  const rows = (render: (row: number) => React.ReactNode, columns: number) => {
    const h = rowHeight.current;
    const end = Math.min(range.end, count);
    const shown = Array.from({ length: Math.max(0, end - range.start) }, (_, k) => range.start + k);
    if (range.pinned !== null && range.pinned < count) {
      // The focused row sits in its place among the stand-ins, above or below the window.
      if (range.pinned < range.start) shown.unshift(range.pinned);
      else shown.push(range.pinned);
    }
    // One flat list: every row keeps its key (and its DOM, focus included) as the window moves.
    const items: React.ReactNode[] = [];
    let next = 0;
    for (const row of shown) {
      if (row > next) items.push(<SpacerRow key={`gap-${items.length}`} height={(row - next) * h} columns={columns} />);
      items.push(render(row));
      next = row + 1;
    }
    if (count > next) items.push(<SpacerRow key="gap-end" height={(count - next) * h} columns={columns} />);
    return items;
  };

  return { scroller, rows, reveal };
}

/** The empty row that stands in for the rows outside the window (none when there are none). */
function SpacerRow({ height, columns }: { height: number; columns: number }) {
  if (height <= 0) return null;
  return (
    <tr aria-hidden="true">
      <td colSpan={columns} style={{ height, padding: 0, border: 0 }} />
    </tr>
  );
}
