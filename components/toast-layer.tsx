"use client";

import { Toast } from "radix-ui";
import { useTranslations } from "@/components/use-translations";
import { TOAST_DISMISS_MS } from "@/lib/domain/constants";

export interface ToastItem {
  id: number;
  message: string;
  tone: "success" | "error";
}

/** The Radix toasts themselves, loaded with the first toast (see toast.tsx). */
export function ToastLayer({ items, onClosed }: { items: ToastItem[]; onClosed: (id: number) => void }) {
  const t = useTranslations("common");
  // Loaded in the browser only (with the first toast): the page's direction decides the swipe.
  const rtl = document.documentElement.dir === "rtl";
  return (
    <Toast.Provider duration={TOAST_DISMISS_MS} swipeDirection={rtl ? "left" : "right"} label={t("toast")}>
      {items.map((item) => (
        <Toast.Root
          key={item.id}
          type={item.tone === "error" ? "foreground" : "background"}
          onOpenChange={(open) => {
            if (!open) onClosed(item.id);
          }}
          className={`rounded-xl px-4 py-3 text-sm font-medium text-white shadow-lg ${item.tone === "error" ? "bg-red-700" : "bg-emerald-700"}`}
        >
          <Toast.Description>{item.message}</Toast.Description>
        </Toast.Root>
      ))}
      <Toast.Viewport
        label={t("toastRegion", { hotkey: "F8" })}
        className="fixed end-4 bottom-4 z-[60] flex w-80 max-w-[calc(100vw-2rem)] flex-col gap-2 outline-none"
      />
    </Toast.Provider>
  );
}
