"use client";

import { lazyComponent } from "./lazy-component";
import { createContext, useCallback, useContext, useState } from "react";
import type { ToastItem } from "./toast-layer";

// Radix Toast loads with the first toast of the page view, not with every page.
const ToastLayer = lazyComponent(() => import("./toast-layer").then((m) => m.ToastLayer));

const ToastContext = createContext<(message: string, tone?: ToastItem["tone"]) => void>(() => {});

/** Spec §4: toasts auto-dismiss after 3 s. Radix announces them to screen readers. */
export function ToastProvider({ children }: { children: React.ReactNode }) {
  const [items, setItems] = useState<ToastItem[]>([]);
  const [used, setUsed] = useState(false);
  const show = useCallback((message: string, tone: ToastItem["tone"] = "success") => {
    setUsed(true);
    setItems((prev) => [...prev, { id: Date.now() + Math.random(), message, tone }]);
  }, []);
  const closed = useCallback((id: number) => setItems((prev) => prev.filter((x) => x.id !== id)), []);
  return (
    <ToastContext.Provider value={show}>
      {children}
      {used && <ToastLayer items={items} onClosed={closed} />}
    </ToastContext.Provider>
  );
}

export function useToast() {
  return useContext(ToastContext);
}
