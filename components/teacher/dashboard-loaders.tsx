export function TabSkeleton() {
  return (
    <div role="status" aria-label="Loading" className="space-y-3">
      {[0, 1, 2].map((i) => (
        <div key={i} className="h-20 animate-pulse rounded-2xl bg-surface-muted" />
      ))}
    </div>
  );
}

export async function AttendanceTabLoader({ code }: { code: string }) {
  return <p className="text-ink-muted">Attendance for {code}</p>;
}

export async function StudentsTabLoader({ code }: { code: string }) {
  return <p className="text-ink-muted">Students of {code}</p>;
}
