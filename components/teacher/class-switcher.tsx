"use client";

import { useRouter } from "next/navigation";

/** `label` is "Class" in the reader's language (the page translates it: no catalog sent for one word). */
export function ClassSwitcher({
  label,
  classes,
  current,
}: {
  label: string;
  classes: { code: string; name: string }[];
  current: string;
}) {
  const router = useRouter();
  return (
    <div>
      <label htmlFor="class-switcher" className="block text-sm font-medium text-ink-muted">
        {label}
      </label>
      <select
        id="class-switcher"
        value={current}
        onChange={(e) => router.push(`/teacher?class=${encodeURIComponent(e.target.value)}`)}
        className="mt-1 rounded-lg border border-line bg-surface px-3 py-2"
      >
        {classes.map((c) => (
          <option key={c.code} value={c.code} data-user-text>
            {c.name} ({c.code})
          </option>
        ))}
      </select>
    </div>
  );
}
