"use client";

import { Toast } from "radix-ui";
import { TOAST_DISMISS_MS } from "@/lib/domain/constants";

export interface ToastItem {
  id: number;
  message: string;
  tone: "success" | "error";
}

/** The Radix toasts themselves, loaded with the first toast (see toast.tsx). */
export function ToastLayer({ items, onClosed }: { items: ToastItem[]; onClosed: (id: number) => void }) {
  return (
    <Toast.Provider duration={TOAST_DISMISS_MS} swipeDirection="right">
      {items.map((t) => (
        <Toast.Root
          key={t.id}
          type={t.tone === "error" ? "foreground" : "background"}
          onOpenChange={(open) => {
            if (!open) onClosed(t.id);
          }}
          className={`rounded-xl px-4 py-3 text-sm font-medium text-white shadow-lg ${t.tone === "error" ? "bg-red-700" : "bg-emerald-700"}`}
        >
          <Toast.Description>{t.message}</Toast.Description>
        </Toast.Root>
      ))}
      <Toast.Viewport className="fixed bottom-4 right-4 z-[60] flex w-80 max-w-[calc(100vw-2rem)] flex-col gap-2 outline-none" />
    </Toast.Provider>
  );
}
