/**
 * The class's own "Print sign-in cards" button (a form POST to /level/<code>/cards, opening the
 * printable page in a new tab): only the class's instructor and admins get the page.
 */
export function ClassCardsForm({ levelCode, label }: { levelCode: string; label: string }) {
  return (
    <form method="post" action={`/level/${encodeURIComponent(levelCode)}/cards`} target="_blank" className="inline">
      <button
        type="submit"
        className="rounded-lg border border-line px-3 py-2 text-sm font-medium hover:bg-surface-muted"
      >
        {label}
      </button>
    </form>
  );
}
