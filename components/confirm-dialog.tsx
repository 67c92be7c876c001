"use client";

import { lazyComponent } from "./lazy-component";
import { useState } from "react";
import { useReturnFocus } from "./use-return-focus";

// Loaded on first open, like Modal: most page views never confirm anything.
const ConfirmDialogImpl = lazyComponent(() => import("./confirm-dialog-impl").then((m) => m.ConfirmDialogImpl));

/** An accessible confirm (Radix AlertDialog): focus starts on Cancel, Escape cancels, focus returns to the opener. */
export function ConfirmDialog(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  message: string;
  confirmLabel: string;
  onConfirm: () => void;
  /** A choice that goes with the confirmation (e.g. a checkbox), shown under the message. */
  children?: React.ReactNode;
}) {
  const onCloseAutoFocus = useReturnFocus(props.open);
  const [used, setUsed] = useState(props.open);
  if (props.open && !used) setUsed(true);
  return used || props.open ? <ConfirmDialogImpl {...props} onCloseAutoFocus={onCloseAutoFocus} /> : null;
}
