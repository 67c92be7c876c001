"use client";

import { useRef } from "react";

/**
 * Our dialogs open from state, not from a Radix Trigger, so Radix does not know where focus came
 * from. This remembers the focused element as the dialog opens (during render, before focus moves
 * in) and returns an onCloseAutoFocus handler that gives focus back to it.
 */
export function useReturnFocus(open: boolean): (e: Event) => void {
  const returnTo = useRef<HTMLElement | null>(null);
  const wasOpen = useRef(false);
  // Written during render on purpose (see above): an effect would run after the dialog took focus.
  /* eslint-disable react-hooks/refs -- these two refs are never read to render, only by the close handler. */
  if (open && !wasOpen.current && typeof document !== "undefined")
    returnTo.current = document.activeElement as HTMLElement | null;
  wasOpen.current = open;
  /* eslint-enable react-hooks/refs */
  return (e: Event) => {
    if (returnTo.current?.isConnected) {
      e.preventDefault();
      returnTo.current.focus();
    }
  };
}
