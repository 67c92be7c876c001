/** Placeholder blocks while a tab's data loads, so the layout does not jump. */
export function TabSkeleton() {
  return (
    <div role="status" aria-label="Loading" className="space-y-3">
      {[0, 1, 2].map((i) => (
        <div key={i} className="h-20 animate-pulse rounded-2xl bg-surface-muted" />
      ))}
    </div>
  );
}
