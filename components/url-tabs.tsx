"use client";

import { Tabs } from "radix-ui";
import { useRouter, useSearchParams } from "next/navigation";
import { useEffect, useOptimistic, useRef, useTransition } from "react";
import { TabSkeleton } from "./tab-skeleton";

export interface TabDef {
  value: string;
  label: string;
  /** null when the server only rendered the active tab (lazy mode). */
  content: React.ReactNode;
}

/**
 * Tabs whose active tab lives in the URL (?tab=…): reload and back/forward keep it.
 * Eager (default): every panel is already rendered; switching only pushes a history entry.
 * Lazy: the server renders the active panel only; switching navigates, so each tab's
 * queries run only when it is shown.
 */
export function UrlTabs({ tabs, label, lazy = false }: { tabs: TabDef[]; label: string; lazy?: boolean }) {
  const params = useSearchParams();
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const requested = params.get("tab");
  const current = tabs.some((t) => t.value === requested) ? requested! : tabs[0]!.value;
  const [active, setActive] = useOptimistic(current);
  const last = useRef(current);
  useEffect(() => {
    last.current = current;
  }, [current]);

  const select = (value: string) => {
    // Radix fires for both focus and mousedown: one history entry per real change.
    if (value === last.current) return;
    last.current = value;
    const next = new URLSearchParams(window.location.search);
    next.set("tab", value);
    if (lazy) {
      startTransition(() => {
        setActive(value);
        router.push(`?${next.toString()}`, { scroll: false });
      });
    } else {
      window.history.pushState(null, "", `?${next.toString()}`);
    }
  };
  return (
    <Tabs.Root value={active} onValueChange={select} className="mt-6">
      <Tabs.List aria-label={label} className="flex gap-1 overflow-x-auto border-b border-line">
        {tabs.map((t) => (
          <Tabs.Trigger
            key={t.value}
            value={t.value}
            className="-mb-px whitespace-nowrap border-b-2 border-transparent px-4 py-2 text-sm font-medium text-ink-muted hover:text-ink data-[state=active]:border-brand-600 data-[state=active]:text-brand-700 dark:data-[state=active]:text-brand-100"
          >
            {t.label}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      {tabs.map((t) => (
        <Tabs.Content key={t.value} value={t.value} className="pt-5 outline-none" aria-busy={pending && t.value === active}>
          {pending && lazy && t.value !== current ? <TabSkeleton /> : t.content}
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );
}
