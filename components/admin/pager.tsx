/** The admin tabs' page links keep the tab and the search. */
export const adminPageHref = (tab: string, q: string) => (page: number) =>
  `/admin?${new URLSearchParams({ tab, ...(q ? { q } : {}), page: String(page) }).toString()}`;

export function SearchBox({ tab, q, label, button }: { tab: string; q: string; label: string; button: string }) {
  return (
    <form action="/admin" method="get" role="search" className="mb-4 flex gap-2">
      <input type="hidden" name="tab" value={tab} />
      <label htmlFor={`search-${tab}`} className="sr-only">
        {label}
      </label>
      <input
        id={`search-${tab}`}
        name="q"
        type="search"
        defaultValue={q}
        placeholder={label}
        className="min-w-0 flex-1 rounded-lg border border-line bg-surface px-3 py-2"
      />
      <button
        type="submit"
        className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700"
      >
        {button}
      </button>
    </form>
  );
}
