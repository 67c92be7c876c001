/** Server-side pagination links that keep the tab and the search. */
export function Pager({ tab, q, page, total, pageSize }: { tab: string; q: string; page: number; total: number; pageSize: number }) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  const href = (p: number) => `/admin?${new URLSearchParams({ tab, ...(q ? { q } : {}), page: String(p) }).toString()}`;
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

export function SearchBox({ tab, q, label }: { tab: string; q: string; label: string }) {
  return (
    <form action="/admin" method="get" role="search" className="mb-4 flex gap-2">
      <input type="hidden" name="tab" value={tab} />
      <label htmlFor={`search-${tab}`} className="sr-only">
        {label}
      </label>
      <input id={`search-${tab}`} name="q" type="search" defaultValue={q} placeholder={label} className="min-w-0 flex-1 rounded-lg border border-line bg-surface px-3 py-2" />
      <button type="submit" className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700">
        Search
      </button>
    </form>
  );
}
