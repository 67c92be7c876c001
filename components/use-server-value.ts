"use client";

import { useCallback, useState } from "react";

/**
 * Local edits on top of a value the server rendered. Whenever the server sends a new value
 * (after a revalidation) it replaces the local one in the same render, so nothing ever pairs
 * new rows with old cells.
 */
export function useServerValue<T>(value: T): [T, (update: (local: T) => T) => void] {
  const [state, setState] = useState({ value, local: value });
  let current = state;
  if (state.value !== value) {
    current = { value, local: value };
    setState(current);
  }
  const update = useCallback((fn: (local: T) => T) => setState((s) => ({ ...s, local: fn(s.local) })), []);
  return [current.local, update];
}
