"use client";

import { lazyComponent } from "./lazy-component";
import { useState } from "react";
import { useReturnFocus } from "./use-return-focus";

// Radix Dialog is ~13 kB gzipped; most page views never open a dialog, so its code loads on the
// first open (a local chunk, a few ms) instead of with every page.
const ModalDialog = lazyComponent(() => import("./modal-dialog").then((m) => m.ModalDialog));

/** A dialog: focus trap, Escape, focus return to the opener and a labelled close control. */
export function Modal(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  /** The title is someone's own words (an assignment's title), not the portal's: marked data-user-text. */
  userTitle?: boolean;
  description?: string;
  children: React.ReactNode;
  wide?: boolean;
}) {
  // Remembered during render as it opens, before focus moves into the dialog.
  const onCloseAutoFocus = useReturnFocus(props.open);
  // Stays mounted once used, so Radix can run its closing focus handling.
  const [used, setUsed] = useState(props.open);
  if (props.open && !used) setUsed(true);
  return used || props.open ? <ModalDialog {...props} onCloseAutoFocus={onCloseAutoFocus} /> : null;
}
