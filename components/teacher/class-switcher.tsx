"use client";

import { useRouter } from "next/navigation";

export function ClassSwitcher({ classes, current }: { classes: { code: string; name: string }[]; current: string }) {
  const router = useRouter();
  return (
    <div>
      <label htmlFor="class-switcher" className="block text-sm font-medium text-ink-muted">
        Class
      </label>
      <select
        id="class-switcher"
        value={current}
        onChange={(e) => router.push(`/teacher?class=${encodeURIComponent(e.target.value)}`)}
        className="mt-1 rounded-lg border border-line bg-surface px-3 py-2"
      >
        {classes.map((c) => (
          <option key={c.code} value={c.code}>
            {c.name} ({c.code})
          </option>
        ))}
      </select>
    </div>
  );
}
