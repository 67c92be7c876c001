"use client";

import { Dialog } from "radix-ui";
import { useTranslations } from "@/components/use-translations";

/** Radix Dialog with our look: focus trap, Escape and a labelled close control (loaded on first open, see modal.tsx). */
export function ModalDialog({
  open,
  onOpenChange,
  title,
  userTitle = false,
  description,
  children,
  wide = false,
  onCloseAutoFocus,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  userTitle?: boolean;
  description?: string;
  children: React.ReactNode;
  wide?: boolean;
  onCloseAutoFocus: (e: Event) => void;
}) {
  const t = useTranslations("common");
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/60" />
        <Dialog.Content
          onCloseAutoFocus={onCloseAutoFocus}
          className={`fixed left-1/2 top-1/2 z-50 max-h-[90vh] w-[calc(100%-2rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-surface p-6 shadow-xl ${wide ? "max-w-2xl" : "max-w-lg"}`}
        >
          <div className="flex items-start justify-between gap-4">
            <Dialog.Title className="text-lg font-semibold" data-user-text={userTitle || undefined}>
              {title}
            </Dialog.Title>
            <Dialog.Close
              aria-label={t("close")}
              className="-m-1 rounded-lg p-1 text-ink-muted hover:bg-surface-muted hover:text-ink"
            >
              <svg aria-hidden viewBox="0 0 20 20" className="h-5 w-5" fill="currentColor">
                <path d="M5.3 5.3a1 1 0 0 1 1.4 0L10 8.6l3.3-3.3a1 1 0 1 1 1.4 1.4L11.4 10l3.3 3.3a1 1 0 0 1-1.4 1.4L10 11.4l-3.3 3.3a1 1 0 0 1-1.4-1.4L8.6 10 5.3 6.7a1 1 0 0 1 0-1.4Z" />
              </svg>
            </Dialog.Close>
          </div>
          {description ? (
            <Dialog.Description className="mt-1 text-sm text-ink-muted">{description}</Dialog.Description>
          ) : (
            <Dialog.Description className="sr-only" data-user-text={userTitle || undefined}>
              {title}
            </Dialog.Description>
          )}
          <div className="mt-4">{children}</div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
