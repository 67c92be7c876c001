"use client";

import { Toast } from "radix-ui";
import { createContext, useCallback, useContext, useState } from "react";
import { TOAST_DISMISS_MS } from "@/lib/domain/constants";

type Tone = "success" | "error";
interface Item {
  id: number;
  message: string;
  tone: Tone;
}

const ToastContext = createContext<(message: string, tone?: Tone) => void>(() => {});

/** Spec §4: toasts auto-dismiss after 3 s. Radix announces them to screen readers. */
export function ToastProvider({ children }: { children: React.ReactNode }) {
  const [items, setItems] = useState<Item[]>([]);
  const show = useCallback((message: string, tone: Tone = "success") => {
    setItems((prev) => [...prev, { id: Date.now() + Math.random(), message, tone }]);
  }, []);
  return (
    <ToastContext.Provider value={show}>
      <Toast.Provider duration={TOAST_DISMISS_MS} swipeDirection="right">
        {children}
        {items.map((t) => (
          <Toast.Root
            key={t.id}
            type={t.tone === "error" ? "foreground" : "background"}
            onOpenChange={(open) => {
              if (!open) setItems((prev) => prev.filter((x) => x.id !== t.id));
            }}
            className={`rounded-xl px-4 py-3 text-sm font-medium text-white shadow-lg ${t.tone === "error" ? "bg-red-700" : "bg-emerald-700"}`}
          >
            <Toast.Description>{t.message}</Toast.Description>
          </Toast.Root>
        ))}
        <Toast.Viewport className="fixed bottom-4 right-4 z-[60] flex w-80 max-w-[calc(100vw-2rem)] flex-col gap-2 outline-none" />
      </Toast.Provider>
    </ToastContext.Provider>
  );
}

export function useToast() {
  return useContext(ToastContext);
}
