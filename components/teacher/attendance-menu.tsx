"use client";

import { DropdownMenu } from "radix-ui";

/** The status menu of the one active attendance cell (loaded on demand by attendance-tab.tsx). */
export function AttendanceCellMenu({
  cell,
  options,
  onChoose,
  onClose,
}: {
  cell: React.ReactElement;
  options: readonly { value: string; short: string; label: string }[];
  onChoose: (value: string) => void;
  onClose: () => void;
}) {
  // Not modal: a modal menu hides every other element of the page from screen readers and locks
  // scrolling when it opens, a walk over the whole grid that made each open take ~80 ms. Focus
  // still moves into the menu; Escape, Tab and a click outside close it.
  return (
    <DropdownMenu.Root open modal={false} onOpenChange={(open) => !open && onClose()}>
      <DropdownMenu.Trigger asChild>{cell}</DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="center"
          sideOffset={4}
          className="z-50 min-w-36 rounded-xl border border-line bg-surface p-1 shadow-lg"
        >
          {options.map((o) => (
            <DropdownMenu.Item
              key={o.short}
              onSelect={() => onChoose(o.value)}
              className="flex cursor-pointer items-center gap-3 rounded-lg px-3 py-1.5 text-sm outline-none data-[highlighted]:bg-brand-50 dark:data-[highlighted]:bg-brand-800"
            >
              <span className="w-4 font-bold">{o.short}</span>
              {o.label}
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
