/** Server-side pagination: "Page n of m", Previous and Next as plain links. */
export function Pager({
  page,
  total,
  pageSize,
  href,
}: {
  page: number;
  total: number;
  pageSize: number;
  href: (page: number) => string;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  return (
    <nav aria-label="Pages" className="mt-4 flex items-center justify-between text-sm">
      <span className="text-ink-muted">
        Page {page} of {pages} · {total} in all
      </span>
      <span className="flex gap-2">
        {page > 1 && (
          <a href={href(page - 1)} className="rounded-lg border border-line px-3 py-1.5 hover:bg-surface-muted">
            Previous
          </a>
        )}
        {page < pages && (
          <a href={href(page + 1)} className="rounded-lg border border-line px-3 py-1.5 hover:bg-surface-muted">
            Next
          </a>
        )}
      </span>
    </nav>
  );
}
