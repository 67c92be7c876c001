"use client";

import { Tabs } from "radix-ui";
import { useSearchParams } from "next/navigation";

export interface TabDef {
  value: string;
  label: string;
  content: React.ReactNode;
}

/**
 * Tabs whose active tab lives in the URL (?tab=…): reload and back/forward keep it. Switching
 * pushes a history entry without a server round trip (Next syncs pushState with useSearchParams).
 */
export function UrlTabs({ tabs, label }: { tabs: TabDef[]; label: string }) {
  const params = useSearchParams();
  const requested = params.get("tab");
  const active = tabs.some((t) => t.value === requested) ? requested! : tabs[0]!.value;
  const select = (value: string) => {
    // Radix fires for both focus and mousedown: push one history entry per real change.
    if (new URLSearchParams(window.location.search).get("tab") === value) return;
    const next = new URLSearchParams(window.location.search);
    next.set("tab", value);
    window.history.pushState(null, "", `?${next.toString()}`);
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
        <Tabs.Content key={t.value} value={t.value} className="pt-5 outline-none">
          {t.content}
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );
}
